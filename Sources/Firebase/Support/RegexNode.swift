/// The syntax tree of a ``RulesRegex`` pattern.
indirect enum RegexNode: Sendable {
    case empty
    case single(RulesRegex.Matcher)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case repeated(RegexNode, min: Int, max: Int?)
}
