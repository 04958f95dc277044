/// flickr.reflection.getMethodInfo: one method, its arguments and its errors, three elements under `<rsp>`.
public struct FlickrMethodInfo: Codable, Sendable, Hashable {
    public var method: Method
    public var arguments: Arguments
    public var errors: Errors

    public init(method: Method, arguments: [Argument], errors: [Failure]) {
        self.method = method
        self.arguments = Arguments(argument: arguments)
        self.errors = Errors(error: errors)
    }

    /// The method: whether it needs a signed-in caller and with which permission (0 none, 1 read, 2 write,
    /// 3 delete), and what it does.
    public struct Method: Codable, Sendable, Hashable {
        public var name: String
        public var needsLogin: Int
        public var needsSigning: Int
        public var requiredPerms: Int
        public var description: FlickrContent

        public init(name: String, needsLogin: Int, needsSigning: Int, requiredPerms: Int, description: String) {
            self.name = name
            self.needsLogin = needsLogin
            self.needsSigning = needsSigning
            self.requiredPerms = requiredPerms
            self.description = FlickrContent(description)
        }

        enum CodingKeys: String, CodingKey {
            case name
            case needsLogin = "needslogin"
            case needsSigning = "needssigning"
            case requiredPerms = "requiredperms"
            case description
        }
    }

    /// `<arguments>`.
    public struct Arguments: Codable, Sendable, Hashable {
        public var argument: [Argument]
    }

    /// An argument: its name, whether it may be left out, and what it means.
    public struct Argument: Codable, Sendable, Hashable {
        public var name: String
        public var optional: Int
        public var content: String

        public init(name: String, optional: Bool, content: String) {
            self.name = name
            self.optional = optional ? 1 : 0
            self.content = content
        }

        enum CodingKeys: String, CodingKey {
            case name, optional
            case content = "_content"
        }
    }

    /// `<errors>`.
    public struct Errors: Codable, Sendable, Hashable {
        public var error: [Failure]
    }

    /// A failure the method may answer.
    public struct Failure: Codable, Sendable, Hashable {
        public var code: Int
        public var message: String
        public var content: String

        public init(code: Int, message: String, content: String) {
            self.code = code
            self.message = message
            self.content = content
        }

        enum CodingKeys: String, CodingKey {
            case code, message
            case content = "_content"
        }
    }
}
