import Testing

@testable import Storage

/// Reading the `s3://` setting and the credentials from the environment.
@Suite struct S3LocationTests {
    func problems(_ setting: String) -> [String] {
        do {
            _ = try S3Location(parsing: setting)
            return []
        } catch {
            return error.problems
        }
    }

    @Test func aws_defaults() throws {
        // act
        let location = try S3Location(parsing: "s3://photos/library")
        // assert
        #expect(location.bucket == "photos")
        #expect(location.prefix == "library/")
        #expect(
            location.endpoint
                == S3Endpoint(
                    scheme: "https", host: "s3.us-east-1.amazonaws.com", region: "us-east-1", style: .virtual))
    }

    @Test func region_picks_the_aws_endpoint() throws {
        // act
        let location = try S3Location(parsing: "s3://photos?region=eu-west-1")
        // assert
        #expect(location.prefix == "")
        #expect(location.endpoint.host == "s3.eu-west-1.amazonaws.com")
        #expect(location.endpoint.region == "eu-west-1")
    }

    @Test func custom_endpoint_defaults_to_path_style() throws {
        // act
        let location = try S3Location(parsing: "s3://photos/a/b/?endpoint=http://127.0.0.1:9000&region=eu-west-1")
        // assert
        #expect(location.prefix == "a/b/")
        #expect(
            location.endpoint
                == S3Endpoint(
                    scheme: "http", host: "127.0.0.1", port: 9000, region: "eu-west-1", style: .path))
    }

    @Test func style_can_be_chosen() throws {
        // act
        let custom = try S3Location(parsing: "s3://photos?endpoint=https://minio.example&style=virtual")
        let aws = try S3Location(parsing: "s3://photos?style=path")
        // assert
        #expect(custom.endpoint.style == .virtual)
        #expect(aws.endpoint.style == .path)
    }

    @Test func addresses_follow_the_style() throws {
        // setup
        let path = S3Endpoint(scheme: "http", host: "127.0.0.1", port: 9000, region: "us-east-1", style: .path)
        let virtual = S3Endpoint.aws(region: "us-east-1")
        // act
        let pathAddress = path.address(bucket: "b", key: "k/x.jpg")
        let virtualAddress = virtual.address(bucket: "b", key: "k/x.jpg")
        // assert
        #expect(pathAddress == ("127.0.0.1:9000", "/b/k/x.jpg"))
        #expect(virtualAddress == ("b.s3.us-east-1.amazonaws.com", "/k/x.jpg"))
        #expect(path.address(bucket: "b", key: nil) == ("127.0.0.1:9000", "/b"))
        #expect(virtual.address(bucket: "b", key: nil) == ("b.s3.us-east-1.amazonaws.com", "/"))
    }

    @Test func missing_bucket_is_explained() {
        // act
        let found = problems("s3:///prefix")
        // assert
        #expect(found == ["The storage URL needs a bucket: s3://BUCKET/prefix"])
    }

    @Test func other_schemes_are_refused() {
        // act
        let found = problems("https://photos/prefix")
        // assert
        #expect(found == ["The storage URL must look like s3://BUCKET/prefix, not https://photos/prefix"])
    }

    @Test func every_problem_is_reported() {
        // act
        let found = problems("s3://Bad_Bucket?endpoint=ftp://x&style=sideways&colour=red")
        // assert
        #expect(found.count == 4)
        #expect(found.contains { $0.hasPrefix("The bucket name Bad_Bucket is not valid") })
        #expect(found.contains { $0.hasPrefix("The storage endpoint must be http(s)://host[:port]") })
        #expect(found.contains("The storage style must be path or virtual, not sideways"))
        #expect(found.contains { $0.hasPrefix("The storage URL has an unknown setting colour") })
    }

    @Test func credentials_come_from_the_environment() throws {
        // act
        let credentials = try AWSCredentials(environment: [
            "AWS_ACCESS_KEY_ID": "id", "AWS_SECRET_ACCESS_KEY": "secret", "AWS_SESSION_TOKEN": "token",
        ])
        // assert
        #expect(credentials == AWSCredentials(accessKeyID: "id", secretAccessKey: "secret", sessionToken: "token"))
    }

    @Test func missing_credentials_and_location_are_reported_together() {
        // act
        let error = #expect(throws: StorageConfigurationError.self) {
            try S3Location.read("s3:///x", environment: ["AWS_ACCESS_KEY_ID": "id"])
        }
        // assert
        #expect(
            error?.problems == [
                "The storage URL needs a bucket: s3://BUCKET/prefix", "AWS_SECRET_ACCESS_KEY is not set",
            ])
    }

    @Test func description_is_a_setting_that_reads_back() throws {
        // setup
        let location = try S3Location(parsing: "s3://photos/lib?endpoint=http://127.0.0.1:9000")
        // act
        let again = try S3Location(parsing: location.description)
        // assert
        #expect(again == location)
    }
}
