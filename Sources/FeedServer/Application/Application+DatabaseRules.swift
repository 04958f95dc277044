import FeedLibrary
import Firebase
import Foundation

/// Makes `--database-rules FILE` the server's database rules; a file that cannot be read or does not compile stops
/// the start, with the line, the rule and the reason.
func loadDatabaseRules(_ settings: DatabaseSettings, into database: RealtimeDatabase) async throws {
    guard let file = settings.rulesFile else { return }
    guard let data = FileManager.default.contents(atPath: file) else {
        throw ConfigurationError(problems: ["The database rules file \(file) cannot be read."])
    }
    do {
        try await database.setServerRules(source: Array(data))
    } catch let error as DatabaseServiceError where error.status == 400 {
        throw ConfigurationError(problems: ["The database rules in \(file) do not compile: \(error.message)"])
    }
}
