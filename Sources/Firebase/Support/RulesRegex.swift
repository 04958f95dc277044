/// The regular expressions rules may use: Firebase's documented subset (https://firebase.google.com/docs/database/
/// security/regex) — literals, `.`, `[...]` sets with ranges and `^` negation, `\d \w \s \D \W \S`, `\` escapes,
/// groups, `|`, `* + ?` and `{n}`, `{n,}`, `{n,m}`, `^` only as the first and `$` only as the last character, and
/// the `i` flag alone.
///
/// Matching runs a Thompson NFA over Unicode scalars: time is linear in the subject for a given pattern, so no
/// pattern a hostile rule file can write backtracks catastrophically, and patterns are bounded in size.
/// Realtime Database rules search (`/a/` matches "ba"); Storage rules' `matches()` matches the whole string, as
/// RE2's full match does there.
public struct RulesRegex: Sendable, Hashable {
    /// Why a pattern was refused.
    public struct SyntaxError: Error, Sendable, Hashable {
        /// What was wrong.
        public var reason: String
        /// The 0-based offset in the pattern (in Unicode scalars).
        public var offset: Int
    }

    enum Matcher: Sendable, Hashable {
        case scalar(Unicode.Scalar)
        case any
        case set([SetItem], negated: Bool)
    }

    enum SetItem: Sendable, Hashable {
        case range(Unicode.Scalar, Unicode.Scalar)
        case digit(Bool)  // true: \d, false: \D
        case word(Bool)
        case space(Bool)
    }

    enum Instruction: Sendable, Hashable {
        case match(Matcher)
        case split(Int, Int)
        case jump(Int)
        case accept
    }

    /// The pattern as written.
    public let pattern: String
    /// Case-insensitive matching (the `i` flag).
    public let ignoresCase: Bool
    let program: [Instruction]
    let anchoredStart: Bool
    let anchoredEnd: Bool

    /// The most instructions a compiled pattern may have (a guard against `(a{100}){100}`-style blow-ups).
    public static let maximumProgramSize = 20_000

    /// Compiles `pattern`; `flags` may hold only `i`.
    public init(_ pattern: String, flags: String = "") throws(SyntaxError) {
        for flag in flags where flag != "i" {
            throw SyntaxError(reason: "Unsupported regular expression flag '\(flag)'; only 'i' is supported", offset: 0)
        }
        self.pattern = pattern
        self.ignoresCase = flags.contains("i")
        var parser = RegexParser(scalars: Array(pattern.unicodeScalars))
        let parsed = try parser.parseWhole()
        anchoredStart = parsed.anchoredStart
        anchoredEnd = parsed.anchoredEnd
        var compiler = RegexCompiler()
        try compiler.compile(parsed.node)
        compiler.program.append(.accept)
        program = compiler.program
    }

    /// True when the pattern occurs in `subject` (anchors respected): Realtime Database `matches`.
    public func search(_ subject: String) -> Bool {
        run(Array(subject.unicodeScalars), whole: false)
    }

    /// True when the pattern matches all of `subject`: Storage rules `matches`.
    public func matchesWhole(_ subject: String) -> Bool {
        run(Array(subject.unicodeScalars), whole: true)
    }

    private func run(_ input: [Unicode.Scalar], whole: Bool) -> Bool {
        let mustStart = whole || anchoredStart
        let mustEnd = whole || anchoredEnd
        var current: [Int] = []
        var next: [Int] = []
        var marks = [Int](repeating: -1, count: program.count)
        var generation = 0

        func add(_ pc: Int, to list: inout [Int]) -> Bool {
            var stack = [pc]
            var accepted = false
            while let state = stack.popLast() {
                if marks[state] == generation { continue }
                marks[state] = generation
                switch program[state] {
                case .jump(let target): stack.append(target)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .accept:
                    accepted = true
                case .match:
                    list.append(state)
                }
            }
            return accepted
        }

        var accepted = add(0, to: &current)
        if accepted && (!mustEnd || input.isEmpty) { return true }
        for (position, scalar) in input.enumerated() {
            generation += 1
            next.removeAll(keepingCapacity: true)
            accepted = false
            for state in current {
                guard case .match(let matcher) = program[state], matches(matcher, scalar) else { continue }
                if add(state + 1, to: &next) { accepted = true }
            }
            if !mustStart {
                if add(0, to: &next) { accepted = true }
            }
            let atEnd = position == input.count - 1
            if accepted && (!mustEnd || atEnd) { return true }
            swap(&current, &next)
            if current.isEmpty && mustStart { return false }
        }
        return false
    }

    private func matches(_ matcher: Matcher, _ scalar: Unicode.Scalar) -> Bool {
        if ignoresCase {
            let variants = Self.caseVariants(scalar)
            return variants.contains { matchesExactly(matcher, $0) }
        }
        return matchesExactly(matcher, scalar)
    }

    private static func caseVariants(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        var variants = [scalar]
        for text in [String(scalar).lowercased(), String(scalar).uppercased()] {
            let scalars = Array(text.unicodeScalars)
            if scalars.count == 1, scalars[0] != scalar { variants.append(scalars[0]) }
        }
        return variants
    }

    private func matchesExactly(_ matcher: Matcher, _ scalar: Unicode.Scalar) -> Bool {
        switch matcher {
        case .scalar(let expected): return scalar == expected
        case .any: return scalar != "\n" && scalar != "\r"
        case .set(let items, let negated):
            let found = items.contains { item in
                switch item {
                case .range(let low, let high): return low <= scalar && scalar <= high
                case .digit(let positive): return Self.isDigit(scalar) == positive
                case .word(let positive): return Self.isWord(scalar) == positive
                case .space(let positive): return Self.isSpace(scalar) == positive
                }
            }
            return found != negated
        }
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || isDigit(scalar) || scalar == "_"
    }
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"].contains(scalar)
    }
}
