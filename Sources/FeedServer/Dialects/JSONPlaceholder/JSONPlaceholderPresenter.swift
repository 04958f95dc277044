import FeedStore
import Foundation
import HTTPTypes
import Hummingbird

/// The library's records as JSONPlaceholder's users, albums and photos (reference §4.1), and its answers: bare
/// arrays and objects, `X-Total-Count` and `Link` when paged, `{}` with a 404 for an unknown id.
struct JSONPlaceholderPresenter: Sendable {
    let origin: String
    let viewer: UserRecord?

    func user(_ user: UserRecord) -> JSONValue {
        let contact = user.contact
        return .object([
            ("id", .int(Int(user.number))), ("name", .string(user.displayName)),
            ("username", .string(user.username)),
            // An email is private: only its owner sees it.
            ("email", .string(user.id == viewer?.id ? user.email ?? "" : "")),
            (
                "address",
                .object([
                    ("street", .string(contact.street ?? "")), ("suite", .string(contact.suite ?? "")),
                    ("city", .string(contact.city ?? "")), ("zipcode", .string(contact.zipcode ?? "")),
                    (
                        "geo",
                        .object([("lat", .string(contact.latitude ?? "")), ("lng", .string(contact.longitude ?? ""))])
                    ),
                ])
            ),
            ("phone", .string(contact.phone ?? "")), ("website", .string(contact.website ?? "")),
            (
                "company",
                .object([
                    ("name", .string(contact.companyName ?? "")),
                    ("catchPhrase", .string(contact.companyCatchPhrase ?? "")),
                    ("bs", .string(contact.companyBS ?? "")),
                ])
            ),
        ])
    }

    func album(_ album: CollectionRecord) -> JSONValue {
        .object([
            ("userId", .int(Int(album.owner.number))), ("id", .int(Int(album.number))), ("title", .string(album.title)),
        ])
    }

    /// A photo, shown in album `albumNumber` (0 when it is in none): its URL a 600 px rendition, its thumbnail a
    /// 150 px square, JSONPlaceholder's sizes.
    func photo(_ photo: PhotoRecord, albumNumber: Int64) -> JSONValue {
        let images = Presenter(origin: origin)
        return .object([
            ("albumId", .int(Int(albumNumber))), ("id", .int(Int(photo.number))),
            ("title", .string(photo.description ?? photo.altDescription ?? "")),
            ("url", .string(images.imageURL(photo.id, "w=600&h=600&fit=max&q=80"))),
            ("thumbnailUrl", .string(images.imageURL(photo.id, "w=150&h=150&fit=crop&q=80"))),
        ])
    }

    static let notFound = json(.object([]), status: .notFound)

    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        value.response(status: status, headers: headers)
    }

    /// A list answer: the slice the query asks for, with `X-Total-Count` when it pages or slices and `Link` when
    /// it pages.
    func list(_ items: [JSONValue], total: Int, query: JSONServerQuery, request: Request) -> Response {
        var headers = HTTPFields()
        guard query.page != nil || query.limit != nil || query.start != nil || query.end != nil else {
            return Self.json(.array(items))
        }
        headers[.xTotalCount] = String(total)
        headers[.accessControlExposeHeaders] = "X-Total-Count, Link"
        let (_, links) = query.slice(count: total)
        if !links.isEmpty {
            let query = QueryParameters(request.uri.query)
            let base = origin + request.uri.path
            headers[.link] = links.map { "<\(base)?\(query.replacing("_page", with: String($0.1)))>; rel=\"\($0.0)\"" }
                .joined(separator: ", ")
        }
        return Self.json(.array(items), headers: headers)
    }
}

extension HTTPField.Name {
    static let xTotalCount = HTTPField.Name("X-Total-Count")!
}
