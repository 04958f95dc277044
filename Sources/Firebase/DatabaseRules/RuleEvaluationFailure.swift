/// Why a rule expression evaluated to false rather than true: a type error or the evaluation budget.
struct RuleEvaluationFailure: Error {
    let reason: String
}
