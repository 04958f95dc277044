import FeedModels
import Foundation
import Testing

/// The Firebase wire types read what the SDKs send and write what they read.
@Suite("Firebase wire format")
struct FirebaseWireTests {
    @Test(arguments: [
        #"{"grantType":"refresh_token","refreshToken":"r1"}"#,
        #"{"grant_type":"refresh_token","refresh_token":"r1"}"#,
    ])
    func a_token_refresh_reads_both_json_spellings(json: String) throws {
        // act
        let request = try JSONDecoder().decode(SecureTokenRequest.self, from: Data(json.utf8))

        // assert
        #expect(request.grantType == "refresh_token")
        #expect(request.refreshToken == "r1")
    }

    @Test func custom_claims_sit_beside_the_tokens_own_and_never_replace_them() throws {
        // setup: a custom claim that tries to be the token's subject
        let claims = IDTokenClaims(
            projectID: "p", userID: "u1", issuedAt: 100, lifetime: 3600, authTime: 90, email: "a@example.com",
            emailVerified: true, name: "Ada", picture: nil, signInProvider: "password",
            customClaims: #"{"role":"editor","sub":"someone-else","level":3,"flags":[true,null]}"#)

        // act
        let json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(claims)) as? [String: Any]
        let decoded = try JSONDecoder().decode(IDTokenClaims.self, from: try JSONEncoder().encode(claims))

        // assert
        #expect(json?["sub"] as? String == "u1")
        #expect(json?["role"] as? String == "editor")
        #expect(json?["level"] as? Int == 3)
        #expect(json?["exp"] as? Int == 3700)
        #expect((json?["firebase"] as? [String: Any])?["sign_in_provider"] as? String == "password")
        #expect(decoded.sub == "u1")
        let custom =
            try JSONSerialization.jsonObject(with: Data(try #require(decoded.customClaims).utf8)) as? [String: Any]
        #expect(custom?["role"] as? String == "editor")
        #expect(custom?["sub"] == nil)
    }

    @Test(arguments: [#"{"validSince":1700000000}"#, #"{"validSince":"1700000000"}"#])
    func an_int64_is_read_as_a_number_or_a_string(json: String) throws {
        // act
        let request = try JSONDecoder().decode(UpdateAccountRequest.self, from: Data(json.utf8))

        // assert
        #expect(request.validSince?.value == 1_700_000_000)
    }

    @Test func storage_metadata_without_custom_metadata_is_strings_only() throws {
        // setup
        let object = FirebaseStorageObject(
            name: "a", bucket: "b", generation: "1", metageneration: "1", contentType: "image/jpeg",
            timeCreated: "t", updated: "t", size: "3", md5Hash: "m", crc32c: "c", etag: "e", downloadTokens: "x",
            contentEncoding: "identity", contentDisposition: "inline", contentLanguage: nil, cacheControl: nil,
            metadata: nil)

        // act
        let json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(object)) as? [String: Any]

        // assert: one iOS version reads the whole answer as [String: String]
        #expect(json?.values.allSatisfy { $0 is String } == true)
        #expect(json?["metadata"] == nil)
    }

    @Test func a_metadata_patch_reads_null_as_removing_a_key() throws {
        // act
        let input = try JSONDecoder().decode(
            StorageMetadataInput.self, from: Data(#"{"metadata":{"keep":"yes","drop":null}}"#.utf8))

        // assert
        #expect(input.metadata?["keep"] == .some("yes"))
        #expect(input.metadata?["drop"] == .some(nil))
    }
}
