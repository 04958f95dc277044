import Foundation
import Testing

@testable import Storage

/// The signer against AWS's published examples. Inputs and expected signatures are the documents' own:
/// - S3 API Reference, "Signature Calculations for the Authorization Header: Transferring Payload in a Single Chunk"
///   (examples GET Object, PUT Object, GET Bucket Lifecycle, Get Bucket (List Objects));
/// - S3 API Reference, "Authenticating Requests: Using Query Parameters" (presigned GET of test.txt);
/// - the generic `aws-sig-v4-test-suite` (get-vanilla, get-vanilla-query-order-key-case, post-vanilla,
///   post-x-www-form-urlencoded), as shipped with the AWS SDKs' tests.
@Suite struct SigV4Tests {
    static let s3Signer = SigV4Signer(
        credentials: AWSCredentials(
            accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1")
    static let s3Date = Date(timeIntervalSince1970: 1_369_353_600)  // 2013-05-24T00:00:00Z
    static let suiteSigner = SigV4Signer(
        credentials: AWSCredentials(
            accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1", service: "service")
    static let suiteDate = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z

    /// The signature at the end of the `Authorization` header `request` got.
    func signature(of request: SignableRequest) -> String? {
        let authorization = request.headers.first { $0.name == "Authorization" }?.value
        return authorization?.components(separatedBy: "Signature=").last
    }

    func s3Request(
        _ method: String, _ path: String, query: [(String, String)] = [], headers: [(String, String)] = [],
        payloadHash: String = SigV4Signer.emptyPayloadHash
    ) -> SignableRequest {
        var request = SignableRequest(
            method: method, host: "examplebucket.s3.amazonaws.com", path: path, query: query,
            headers: headers + [("x-amz-content-sha256", payloadHash)])
        Self.s3Signer.sign(&request, payloadHash: payloadHash, date: Self.s3Date)
        return request
    }

    @Test func s3_get_object_with_range() {
        // act
        let request = s3Request("GET", "/test.txt", headers: [("Range", "bytes=0-9")])
        // assert
        let (canonical, _) = SigV4Signer.canonicalRequest(
            SignableRequest(
                method: "GET", host: "examplebucket.s3.amazonaws.com", path: "/test.txt",
                headers: request.headers.filter { $0.name != "Authorization" }),
            payloadHash: SigV4Signer.emptyPayloadHash)
        #expect(
            SigV4Signer.sha256Hex(Array(canonical.utf8))
                == "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972")
        #expect(
            request.headers.first { $0.name == "Authorization" }?.value == "AWS4-HMAC-SHA256 "
                + "Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    @Test func s3_put_object() {
        // setup
        let payloadHash = SigV4Signer.sha256Hex(Array("Welcome to Amazon S3.".utf8))
        // act
        let request = s3Request(
            "PUT", "/test$file.text",
            headers: [("Date", "Fri, 24 May 2013 00:00:00 GMT"), ("x-amz-storage-class", "REDUCED_REDUNDANCY")],
            payloadHash: payloadHash)
        // assert
        #expect(payloadHash == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        #expect(request.encodedPath == "/test%24file.text")
        #expect(signature(of: request) == "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
    }

    @Test func s3_get_bucket_lifecycle() {
        // act
        let request = s3Request("GET", "/", query: [("lifecycle", "")])
        // assert
        #expect(request.encodedQuery == "lifecycle=")
        #expect(signature(of: request) == "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543")
    }

    @Test func s3_list_objects_query_is_sorted() {
        // act
        let request = s3Request("GET", "/", query: [("prefix", "J"), ("max-keys", "2")])
        // assert
        #expect(request.encodedQuery == "max-keys=2&prefix=J")
        #expect(signature(of: request) == "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7")
    }

    @Test func s3_presigned_get() {
        // setup
        let request = SignableRequest(method: "GET", host: "examplebucket.s3.amazonaws.com", path: "/test.txt")
        // act
        let url = Self.s3Signer.presignedURL(request, expires: 86400, date: Self.s3Date)
        // assert
        #expect(
            url == "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256"
                + "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"
                + "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host"
                + "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404")
    }

    @Test(
        arguments: [
            ("GET", [], [], "", "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
            (
                "GET", [("Param2", "value2"), ("Param1", "value1")], [], "",
                "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"
            ),
            ("POST", [], [], "", "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"),
            (
                "POST", [], [("Content-Type", "application/x-www-form-urlencoded")], "Param1=value1",
                "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a"
            ),
        ] as [(String, [(String, String)], [(String, String)], String, String)])
    func generic_test_suite(
        method: String, query: [(String, String)], headers: [(String, String)],
        body: String, expected: String
    ) {
        // setup
        var request = SignableRequest(
            method: method, host: "example.amazonaws.com", path: "/", query: query, headers: headers)
        // act
        Self.suiteSigner.sign(&request, payloadHash: SigV4Signer.sha256Hex(Array(body.utf8)), date: Self.suiteDate)
        // assert
        #expect(signature(of: request) == expected)
        #expect(request.headers.contains { $0 == ("x-amz-date", "20150830T123600Z") })
    }

    @Test func session_token_is_sent_and_signed() {
        // setup
        let signer = SigV4Signer(
            credentials: AWSCredentials(accessKeyID: "AKID", secretAccessKey: "secret", sessionToken: "token"),
            region: "eu-west-1")
        var request = SignableRequest(method: "GET", host: "b.s3.amazonaws.com", path: "/k")
        // act
        signer.sign(&request, payloadHash: SigV4Signer.unsignedPayload, date: Self.s3Date)
        // assert
        #expect(request.headers.contains { $0 == ("x-amz-security-token", "token") })
        #expect(request.headers.last?.value.contains("SignedHeaders=host;x-amz-date;x-amz-security-token,") == true)
    }

    @Test func key_segments_are_encoded_once() {
        // act
        let request = SignableRequest(method: "GET", host: "h", path: "/b/été 2013/a+b (1)~x_y-z%.jpg")
        // assert
        #expect(request.encodedPath == "/b/%C3%A9t%C3%A9%202013/a%2Bb%20%281%29~x_y-z%25.jpg")
    }

    @Test func header_values_are_trimmed_and_spaces_collapsed() {
        // act
        let (block, names) = SigV4Signer.canonicalHeaders([("X-Meta", "  a   b  "), ("Host", "h"), ("x-meta", "c")])
        // assert
        #expect(block == "host:h\nx-meta:a b,c\n")
        #expect(names == "host;x-meta")
    }
}
