import FeedModels
import HTTPTypes
import Hummingbird
import NIOCore

/// How a Flickr answer is written: `format=rest` (XML, the default) or `format=json`, wrapped in
/// `jsonFlickrApi(…)` (or the `jsoncallback` name) unless `nojsoncallback=1`.
///
/// The types are Flickr's: `text/xml; charset=utf-8` for XML and `application/json` for JSON, as its recorded
/// answers carry them; a JSONP call is `text/javascript`, which browsers run from a `<script>` tag.
enum FlickrFormat: Sendable {
    case xml
    case json(callback: String?)

    static let xmlType = "text/xml; charset=utf-8"
    static let jsonType = "application/json"
    static let scriptType = "text/javascript; charset=utf-8"

    /// The format asked for; an unknown one is error 111, written as XML.
    static func from(_ parameters: [String: String]) -> Result<FlickrFormat, FlickrFailure> {
        switch parameters["format"] ?? "rest" {
        case "rest", "": return .success(.xml)
        case "json":
            if parameters["nojsoncallback"] == "1" { return .success(.json(callback: nil)) }
            let name = parameters["jsoncallback"] ?? "jsonFlickrApi"
            return .success(.json(callback: JSONValue.isCallbackName(name) ? name : "jsonFlickrApi"))
        case let other: return .failure(FlickrFailure(111, "Format \"\(other)\" not found"))
        }
    }

    /// A successful answer: `body`'s members are the children of `<rsp>`.
    func response(_ body: FlickrTree) -> Response {
        switch self {
        case .xml: Self.answer(body.answerXML(), contentType: Self.xmlType)
        case .json(let callback): Self.answer(JSONValue.wrap(body.answerJSON(), callback: callback), callback: callback)
        }
    }

    func response(_ failure: FlickrFailure) -> Response {
        switch self {
        case .xml: Self.answer(failure.xml, contentType: Self.xmlType)
        case .json(let callback): Self.answer(JSONValue.wrap(failure.json, callback: callback), callback: callback)
        }
    }

    private static func answer(_ bytes: [UInt8], callback: String?) -> Response {
        answer(bytes, contentType: callback == nil ? jsonType : scriptType)
    }

    static func answer(_ bytes: [UInt8], contentType: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: contentType, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}
