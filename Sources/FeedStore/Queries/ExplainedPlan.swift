import Foundation
import SQLKit

/// The part of an `EXPLAIN (FORMAT JSON)` answer the count needs: the top node's estimated rows.
struct ExplainedPlan: Decodable {
    struct Node: Decodable {
        let rows: Double

        enum CodingKeys: String, CodingKey {
            case rows = "Plan Rows"
        }
    }

    let plan: Node

    enum CodingKeys: String, CodingKey {
        case plan = "Plan"
    }
}
