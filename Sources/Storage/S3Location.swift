import Foundation

/// A bucket and the folder in it where ImageFeed keeps its files, read from the user's setting
/// `s3://bucket/prefix?endpoint=http://127.0.0.1:9000&region=eu-west-1&style=path`.
public struct S3Location: Sendable, Equatable, CustomStringConvertible {
    /// The bucket's name.
    public var bucket: String
    /// Prepended to every key: empty, or a folder ending in `/`.
    public var prefix: String
    /// The service holding the bucket.
    public var endpoint: S3Endpoint

    /// A location from its parts; `prefix` gets its trailing `/` here.
    public init(bucket: String, prefix: String = "", endpoint: S3Endpoint) {
        self.bucket = bucket
        self.prefix = Self.folder(prefix)
        self.endpoint = endpoint
    }

    /// Reads the setting. The endpoint defaults to AWS in `region` (default `us-east-1`); the style to `virtual` on
    /// AWS and `path` elsewhere. Every problem found is reported at once, in ``StorageConfigurationError``.
    public init(parsing setting: String) throws(StorageConfigurationError) {
        var problems: [String] = []
        let example = "s3://BUCKET/prefix"
        guard let components = URLComponents(string: setting), components.scheme?.lowercased() == "s3" else {
            throw StorageConfigurationError(problems: ["The storage URL must look like \(example), not \(setting)"])
        }
        let bucket = components.host ?? ""
        if bucket.isEmpty {
            problems.append("The storage URL needs a bucket: \(example)")
        } else if !Self.isValidBucketName(bucket) {
            problems.append(
                "The bucket name \(bucket) is not valid: 3 to 63 lowercase letters, digits, dots and hyphens")
        }
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard ["endpoint", "region", "style"].contains(item.name) else {
                problems.append("The storage URL has an unknown setting \(item.name): use endpoint, region or style")
                continue
            }
            parameters[item.name] = item.value ?? ""
        }
        let region = parameters["region"] ?? "us-east-1"
        if region.isEmpty || !region.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) {
            problems.append("The storage region \(region) is not valid, e.g. region=eu-west-1")
        }
        var style: S3Endpoint.AddressingStyle?
        if let name = parameters["style"] {
            style = S3Endpoint.AddressingStyle(rawValue: name)
            if style == nil { problems.append("The storage style must be path or virtual, not \(name)") }
        }
        var endpoint = S3Endpoint.aws(region: region)
        if let address = parameters["endpoint"] {
            if let url = URLComponents(string: address), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty,
                url.path.isEmpty || url.path == "/"
            {
                endpoint = S3Endpoint(scheme: scheme, host: host, port: url.port, region: region, style: .path)
            } else {
                problems.append(
                    "The storage endpoint must be http(s)://host[:port] without a path, not \(address)")
            }
        }
        endpoint.style = style ?? endpoint.style
        guard problems.isEmpty else { throw StorageConfigurationError(problems: problems) }
        let prefix = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        self.init(bucket: bucket, prefix: prefix, endpoint: endpoint)
    }

    /// The setting this location was read from, in its canonical form.
    public var description: String {
        "s3://\(bucket)/\(prefix)?endpoint=\(endpoint)&region=\(endpoint.region)&style=\(endpoint.style.rawValue)"
    }

    /// S3's rules for names usable in both addressing styles.
    static func isValidBucketName(_ name: String) -> Bool {
        let allowed = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9"))
                    .contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        }
        return allowed && (3...63).contains(name.utf8.count) && name.first != "-" && name.last != "-"
            && name.first != "." && name.last != "." && !name.contains("..")
    }

    private static func folder(_ prefix: String) -> String {
        let trimmed = prefix.split(separator: "/").joined(separator: "/")
        return trimmed.isEmpty ? "" : trimmed + "/"
    }
}

extension AWSCredentials {
    /// `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and the optional `AWS_SESSION_TOKEN` from `environment`
    /// (the process's, or a test's own); every missing one is reported.
    public init(environment: [String: String]) throws(StorageConfigurationError) {
        var problems: [String] = []
        let keyID = environment["AWS_ACCESS_KEY_ID"] ?? ""
        let secret = environment["AWS_SECRET_ACCESS_KEY"] ?? ""
        if keyID.isEmpty { problems.append("AWS_ACCESS_KEY_ID is not set") }
        if secret.isEmpty { problems.append("AWS_SECRET_ACCESS_KEY is not set") }
        guard problems.isEmpty else { throw StorageConfigurationError(problems: problems) }
        let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        self.init(accessKeyID: keyID, secretAccessKey: secret, sessionToken: token)
    }
}

extension S3Location {
    /// Reads the location and the credentials together, reporting the problems of both at once.
    public static func read(
        _ setting: String, environment: [String: String]
    ) throws(StorageConfigurationError) -> (location: S3Location, credentials: AWSCredentials) {
        var problems: [String] = []
        var location: S3Location?
        var credentials: AWSCredentials?
        do { location = try S3Location(parsing: setting) } catch { problems += error.problems }
        do { credentials = try AWSCredentials(environment: environment) } catch { problems += error.problems }
        guard let location, let credentials else { throw StorageConfigurationError(problems: problems) }
        return (location, credentials)
    }
}
