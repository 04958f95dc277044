/// Turns a ``RegexNode`` into NFA instructions, refusing programs over ``RulesRegex/maximumProgramSize``.
struct RegexCompiler {
    var program: [RulesRegex.Instruction] = []

    mutating func emit(_ instruction: RulesRegex.Instruction) throws(RulesRegex.SyntaxError) -> Int {
        guard program.count < RulesRegex.maximumProgramSize else {
            throw RulesRegex.SyntaxError(reason: "Regular expression too large", offset: 0)
        }
        program.append(instruction)
        return program.count - 1
    }

    mutating func compile(_ node: RegexNode) throws(RulesRegex.SyntaxError) {
        switch node {
        case .empty: break
        case .single(let matcher): _ = try emit(.match(matcher))
        case .sequence(let items): for item in items { try compile(item) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (number, branch) in branches.enumerated() {
                if number < branches.count - 1 {
                    let split = try emit(.split(0, 0))
                    try compile(branch)
                    jumps.append(try emit(.jump(0)))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try compile(branch)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repeated(let inner, let minimum, let maximum):
            for _ in 0..<minimum { try compile(inner) }
            if let maximum {
                var splits: [Int] = []
                for _ in minimum..<max(minimum, maximum) {
                    splits.append(try emit(.split(0, 0)))
                    try compile(inner)
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                let split = try emit(.split(0, 0))
                try compile(inner)
                _ = try emit(.jump(split))
                program[split] = .split(split + 1, program.count)
            }
        }
    }
}
