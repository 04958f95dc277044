import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request body.
enum RequestBody: Sendable {
    case json(Data)
    case form([(String, String)])
    case multipart(MultipartBody)

    static func json(_ value: some Encodable) throws -> RequestBody {
        do {
            return .json(try JSONEncoder().encode(value))
        } catch {
            throw FeedError.invalidResponse("The request could not be encoded: \(error)")
        }
    }
}
