import FeedModels

/// One method of the Flickr dialect: the code that answers it and what flickr.reflection.getMethodInfo says of it.
/// ``FlickrController/methods`` lists every one; dispatch, flickr.reflection.getMethods, getMethodInfo and the
/// README's list of methods all read that list, so none can name a method the others do not.
struct FlickrMethod: Sendable {
    /// The permission a method needs (Flickr's `requiredperms`).
    enum Permission: Int, Sendable {
        case read = 1
        case write = 2
        case delete = 3
    }

    /// An argument besides `api_key`.
    struct Argument: Sendable {
        let name: String
        let optional: Bool
        let about: String

        static func required(_ name: String, _ about: String) -> Argument {
            Argument(name: name, optional: false, about: about)
        }

        static func optional(_ name: String, _ about: String) -> Argument {
            Argument(name: name, optional: true, about: about)
        }
    }

    typealias Answer = @Sendable (FlickrController, FlickrController.Call) async throws -> any Encodable & Sendable

    let name: String
    /// What it does, one sentence.
    let summary: String
    /// nil for methods anyone may call with a key.
    let permission: Permission?
    let arguments: [Argument]
    /// The failures particular to this method (codes below 95).
    let errors: [FlickrFailure]
    let answer: Answer

    init(
        _ name: String, _ summary: String, permission: Permission? = nil, arguments: [Argument] = [],
        errors: [FlickrFailure] = [], answer: @escaping Answer
    ) {
        self.name = name
        self.summary = summary
        self.permission = permission
        self.arguments = arguments
        self.errors = errors
        self.answer = answer
    }

    /// The failures every call may meet, after the method's own.
    var allErrors: [FlickrFailure] {
        var all = errors
        if permission != nil {
            all += [.invalidSignature, .missingSignature, .invalidToken, .notLoggedIn]
        }
        all += [.invalidKey, FlickrFailure(111, "Format \"xxx\" not found"), .methodNotFound("xxx")]
        return all
    }

    /// flickr.reflection.getMethodInfo's answer.
    var info: FlickrMethodInfo {
        let key = FlickrMethodInfo.Argument(
            name: "api_key", optional: false,
            content: "The app's access key (imagefeed apps create), or a signed request's oauth_consumer_key.")
        return FlickrMethodInfo(
            method: FlickrMethodInfo.Method(
                name: name, needsLogin: permission == nil ? 0 : 1, needsSigning: permission == nil ? 0 : 1,
                requiredPerms: permission?.rawValue ?? 0, description: summary),
            arguments: [key]
                + arguments.map { FlickrMethodInfo.Argument(name: $0.name, optional: $0.optional, content: $0.about) },
            errors: allErrors.map { FlickrMethodInfo.Failure(code: $0.code, message: $0.message, content: $0.message) })
    }
}
