import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension S3Client {
    /// Sends `request` and returns its answer, whatever the status, after retrying 5xx answers and network errors
    /// of retriable requests with exponential backoff. A timeout is not retried, and a request that got no usable
    /// answer marks the endpoint down: while it is (see ``Outage/storage(endpoint:cooldown:)``), requests fail at once without being sent.
    func send(_ request: S3Request) async throws -> HTTPClientResponse {
        if let reason = health.refusal() {
            throw request.error(message: "not sent: the storage did not answer moments ago (\(reason))")
        }
        var attempt = 1
        while true {
            do {
                let response = try await httpClient.execute(httpRequest(for: request), timeout: options.requestTimeout)
                guard response.status.code >= 500, request.isRetriable, attempt < options.attempts else {
                    if response.status.code >= 500 {
                        health.failed("HTTP \(response.status.code) from \(endpoint)")
                    } else {
                        health.answered()
                    }
                    return response
                }
                _ = try? await response.body.collect(upTo: 1 << 20)
            } catch let error as BlobStoreError {
                throw error
            } catch {
                let timedOut = Self.isTimeout(error)
                guard request.isRetriable, attempt < options.attempts, !timedOut, !Task.isCancelled else {
                    if !Task.isCancelled { health.failed("\(error)") }
                    throw request.error(message: "\(error) (\(endpoint))")
                }
            }
            // 0.2 s, 0.4 s, 0.8 s…, with jitter so that many nodes retrying do not arrive together.
            let delay = 200 * (1 << (attempt - 1)) + Int.random(in: 0..<100)
            try await Task.sleep(for: .milliseconds(delay))
            attempt += 1
        }
    }

    /// Whether `error` is a connection or an answer that did not come in time.
    static func isTimeout(_ error: any Error) -> Bool {
        guard let error = error as? HTTPClientError else { return false }
        return error == .connectTimeout || error == .readTimeout || error == .deadlineExceeded
            || error == .writeTimeout
    }

    /// The answer to `request` when it succeeded (2xx); nil for a missing key when `missingIsFine`; otherwise the
    /// ``S3Error`` S3's error document describes.
    func fetch(_ request: S3Request, missingIsFine: Bool = false) async throws -> HTTPClientResponse? {
        let response = try await send(request)
        let status = Int(response.status.code)
        if (200..<300).contains(status) { return response }
        let body = (try? await response.body.collect(upTo: 1 << 20)).map { Array($0.readableBytesView) } ?? []
        let error = S3XML.error(
            body, status: status, operation: request.operation, bucket: request.bucket, key: request.key)
        // A missing bucket is also a 404, and never fine.
        if missingIsFine, status == 404, error.code == "NoSuchKey" || error.code == "NotFound" { return nil }
        throw error
    }

    /// Sends `request`, throws unless it succeeded, and reads the (small or empty) answer to the end, so the
    /// connection goes back to the pool. Returns the answer's headers.
    @discardableResult
    func perform(_ request: S3Request, missingIsFine: Bool = false) async throws -> HTTPHeaders? {
        guard let response = try await fetch(request, missingIsFine: missingIsFine) else { return nil }
        _ = try await collect(response.body, for: request, limit: 1 << 20)
        return response.headers
    }

    /// The whole body of an answer, up to `limit` bytes.
    func collect(_ body: HTTPClientResponse.Body, for request: S3Request, limit: Int) async throws -> [UInt8] {
        do {
            return Array(try await body.collect(upTo: limit).readableBytesView)
        } catch {
            throw request.error(status: 200, message: "The answer could not be read: \(error)")
        }
    }

    /// The signed HTTP request: the URL is built from the same encoded path and query the signature covers.
    func httpRequest(for request: S3Request, date: Date = Date()) -> HTTPClientRequest {
        let (host, path) = endpoint.address(bucket: request.bucket, key: request.key)
        var signable = SignableRequest(
            method: request.method.rawValue, host: host, path: path,
            query: request.query.map { (name: $0.0, value: $0.1) },
            headers: request.headers.map { (name: $0.0, value: $0.1) })
        let payloadHash =
            switch request.body {
            case .none: SigV4Signer.emptyPayloadHash
            case .bytes(let bytes): SigV4Signer.sha256Hex(bytes)
            case .file: SigV4Signer.unsignedPayload
            }
        signable.headers.append(("x-amz-content-sha256", payloadHash))
        signer.sign(&signable, payloadHash: payloadHash, date: date)

        let query = signable.encodedQuery
        var http = HTTPClientRequest(
            url: "\(endpoint.scheme)://\(host)\(signable.encodedPath)"
                + (query.isEmpty ? "" : "?\(query)"))
        http.method = request.method
        for (name, value) in signable.headers { http.headers.add(name: name, value: value) }
        switch request.body {
        case .none:
            // PUT and POST without a body still need `Content-Length: 0`.
            if request.method == .PUT || request.method == .POST { http.body = .bytes(ByteBuffer()) }
        case .bytes(let bytes):
            http.body = .bytes(bytes)
        case .file(let path, let offset, let length):
            http.body = .stream(FileChunks(path: path, offset: offset, length: length), length: .known(length))
        }
        return http
    }
}
