import Testing

@testable import Firebase

@Suite struct StorageRulesTests {
    let ada = StorageAuth(uid: "ada", token: ["email": .string("ada@example.com"), "admin": .bool(true)])
    let bob = StorageAuth(uid: "bob")
    let now: Int64 = 1_767_225_600_000  // 2026-01-01T00:00:00Z

    func request(
        _ operation: StorageOperation, _ object: String, _ auth: StorageAuth?, size: Int64 = 1000,
        contentType: String = "image/jpeg", metadata: [String: String] = [:]
    ) -> StorageRequest {
        let incoming: StorageObjectMetadata? =
            [.create, .update].contains(operation)
            ? StorageObjectMetadata(
                name: object, bucket: "bkt", size: size, contentType: contentType, metadata: metadata)
            : nil
        return StorageRequest(
            operation: operation, bucket: "bkt", path: object, auth: auth, time: now,
            resource: incoming)
    }

    func allowed(_ rules: StorageRules, _ request: StorageRequest, existing: StorageObjectMetadata? = nil) -> Bool {
        rules.evaluate(request, existing: existing).allowed
    }

    func error(_ source: String) -> StorageRulesError? {
        caught { () throws(StorageRulesError) in _ = try StorageRules(source: source) }
    }

    // MARK: Parsing

    @Test func firebases_documented_examples_parse() throws {
        let examples = [
            """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                match /{allPaths=**} {
                  allow read, write: if request.auth != null;
                }
              }
            }
            """,
            """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                match /user/{userId}/{fileName} {
                  allow read;
                  allow write: if request.auth.uid == userId;
                }
              }
            }
            """,
            """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                match /images/{imageId} {
                  // Only allow uploads of any image file that's less than 5MB
                  allow write: if request.resource.size < 5 * 1024 * 1024
                               && request.resource.contentType.matches('image/.*');
                }
              }
            }
            """,
            """
            service firebase.storage {
              match /b/{bucket}/o {
                function signedInOrPublic() {
                  return request.auth.uid != null || resource.metadata.visibility == 'public';
                }
                match /images/{imageId} {
                  allow read, write: if signedInOrPublic();
                }
                match /mp3s/{mp3Id} {
                  allow read, write: if signedInOrPublic();
                }
              }
            }
            """,
            """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                match /users/{userId}/{allImages=**} {
                  allow read: if resource.size < 100 * 1024
                    && resource.metadata.owner == request.auth.uid
                    && request.time < resource.timeCreated + duration.value(1, 'd');
                  allow create: if request.resource.metadata.keys().hasAll(['owner'])
                    && request.resource.metadata.owner is string;
                  allow delete: if request.auth.token.admin == true;
                }
              }
            }
            """,
        ]
        for example in examples {
            #expect(throws: Never.self) { try StorageRules(source: example) }
        }
    }

    @Test func the_default_rules_keep_each_person_in_their_own_folder() {
        let rules = StorageRules.default
        #expect(rules.version == 2)
        #expect(allowed(rules, request(.create, "favs/ada/a.jpg", ada)))
        #expect(allowed(rules, request(.get, "favs/ada/a.jpg", ada)))
        #expect(allowed(rules, request(.delete, "favs/ada/a.jpg", ada)))
        #expect(allowed(rules, request(.update, "users/ada/deep/er/b.png", ada)))
        #expect(allowed(rules, request(.list, "favs/ada/", ada)))
        #expect(!allowed(rules, request(.get, "favs/bob/a.jpg", ada)))
        #expect(!allowed(rules, request(.create, "favs/ada/a.jpg", nil)))
        #expect(!allowed(rules, request(.list, "favs/", ada)))
        #expect(!allowed(rules, request(.create, "ada/a.jpg", ada)))
        #expect(!allowed(rules, request(.create, "top.jpg", ada)))
    }

    @Test(arguments: [
        (
            "service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if request.auth != null\n  }\n}",
            4, 3, "Expected ';' but found '}'"
        ),
        (
            "service firebase.storage {\n  match /b/{bucket}/o {\n    allow raed: if true;\n  }\n}",
            3, 11, "Unknown method 'raed': expected read, write, get, list, create, update or delete"
        ),
        (
            "service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if requst.auth != null;\n  }\n}",
            3, 20, "Unknown variable 'requst'"
        ),
        (
            "service cloud.firestore {\n}", 1, 9,
            "Unsupported service 'cloud.firestore': these rules are for 'firebase.storage'"
        ),
        ("rules_version = '3';\nservice firebase.storage {}", 1, 17, "Unsupported rules_version '3'"),
        (
            "service firebase.storage {\n  match /b/{bucket}/o {\n    match /{rest=**}/x {\n    }\n  }\n}",
            3, 11, "A recursive wildcard {rest=**} must be the last segment of a match path"
        ),
        (
            "service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if isOwner();\n  }\n}",
            3, 20, "Unknown function 'isOwner'"
        ),
        (
            "service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if 'a'.foo();\n  }\n}",
            3, 23, "Unknown method 'foo'"
        ),
        ("service firebase.storage {\n  /* never closed", 2, 3, "Unterminated comment"),
        (
            "service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if 'abc;\n  }\n}",
            3, 20, "Unterminated string"
        ),
        ("service firebase.storage {\n  match /b/{a}/{a} {\n  }\n}", 2, 9, "Duplicate wildcard 'a' in match path"),
        (
            "service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if x is str;\n  }\n}",
            3, 25, "Unknown type 'str'"
        ),
    ])
    func parse_errors_report_line_column_and_reason(source: String, line: Int, column: Int, reason: String) {
        let error = error(source)
        #expect(error?.reason == reason)
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.description == "\(line):\(column): \(reason)")
    }

    // MARK: Operations and matching

    @Test func read_is_get_and_list_and_write_is_create_update_delete() throws {
        let rules = try StorageRules(
            source: """
                rules_version = '2';
                service firebase.storage {
                  match /b/{bucket}/o {
                    match /r/{f} { allow read; }
                    match /w/{f} { allow write; }
                    match /g/{f} { allow get; }
                    match /l/{f=**} { allow list; }
                    match /c/{f} { allow create; }
                    match /u/{f} { allow update; }
                    match /d/{f} { allow delete; }
                  }
                }
                """)
        let expectations: [(String, Set<StorageOperation>)] = [
            ("r", [.get, .list]), ("w", [.create, .update, .delete]), ("g", [.get]), ("l", [.list]),
            ("c", [.create]), ("u", [.update]), ("d", [.delete]),
        ]
        for (folder, granted) in expectations {
            for operation in StorageOperation.allCases {
                let object = operation == .list ? "\(folder)/x/" : "\(folder)/x"
                #expect(
                    allowed(rules, request(operation, object, nil)) == granted.contains(operation),
                    "\(operation) on \(folder)")
            }
        }
    }

    @Test func single_wildcards_match_one_segment_and_recursive_ones_the_rest() throws {
        let rules = try StorageRules(
            source: """
                rules_version = '2';
                service firebase.storage {
                  match /b/{bucket}/o {
                    match /one/{name} { allow get: if name.size() > 1; }
                    match /all/{rest=**} { allow get: if rest.size() >= 0 && (rest.size() == 0 || rest[0] != 'no'); }
                    match /nested/{a} {
                      match /{b} { allow get: if a == b; }
                    }
                    match /bucket/{x} { allow get: if bucket == 'bkt'; }
                  }
                }
                """)
        #expect(allowed(rules, request(.get, "one/ab", nil)))
        #expect(!allowed(rules, request(.get, "one/a", nil)))
        #expect(!allowed(rules, request(.get, "one/ab/c", nil)))
        #expect(allowed(rules, request(.get, "all/x/y/z", nil)))
        #expect(!allowed(rules, request(.get, "all/no/y", nil)))
        #expect(allowed(rules, request(.get, "all", nil)))
        #expect(allowed(rules, request(.get, "nested/s/s", nil)))
        #expect(!allowed(rules, request(.get, "nested/s/t", nil)))
        #expect(!allowed(rules, request(.get, "nested/s", nil)))
        #expect(allowed(rules, request(.get, "bucket/x", nil)))
    }

    @Test func version_one_recursive_wildcards_need_at_least_one_segment() throws {
        let source = """
            service firebase.storage {
              match /b/{bucket}/o {
                match /all/{rest=**} { allow get; }
              }
            }
            """
        let v1 = try StorageRules(source: source)
        let v2 = try StorageRules(source: "rules_version = '2';\n" + source)
        #expect(!allowed(v1, request(.get, "all", nil)))
        #expect(allowed(v1, request(.get, "all/x", nil)))
        #expect(allowed(v2, request(.get, "all", nil)))
    }

    @Test func any_matching_allow_grants() throws {
        let rules = try StorageRules(
            source: """
                rules_version = '2';
                service firebase.storage {
                  match /b/{bucket}/o {
                    match /{all=**} { allow get: if false; }
                    match /pub/{f} { allow get: if request.auth == null; }
                    match /pub/{f} { allow get: if request.auth.uid == 'ada'; }
                  }
                }
                """)
        #expect(allowed(rules, request(.get, "pub/x", nil)))
        #expect(allowed(rules, request(.get, "pub/x", ada)))
        #expect(!allowed(rules, request(.get, "pub/x", bob)))
        let decision = rules.evaluate(request(.get, "pub/x", ada), existing: nil)
        #expect(decision.rule == "6:22 allow get")
    }

    // MARK: Expressions

    func holds(_ condition: String, _ request: StorageRequest, existing: StorageObjectMetadata? = nil) throws -> Bool {
        let rules = try StorageRules(
            source: """
                rules_version = '2';
                service firebase.storage {
                  match /b/{bucket}/o {
                    match /{folder}/{file} {
                      allow get, list, create, update, delete: if \(condition);
                    }
                  }
                }
                """)
        return allowed(rules, request, existing: existing)
    }

    @Test func request_resource_and_resource_fields() throws {
        let upload = request(
            .create, "img/a.jpg", ada, size: 2_000_000, contentType: "image/png",
            metadata: ["owner": "ada"])
        #expect(try holds("request.resource.size < 5 * 1024 * 1024", upload))
        #expect(try !holds("request.resource.size < 1024 * 1024", upload))
        #expect(try holds("request.resource.contentType.matches('image/.*')", upload))
        #expect(try !holds("request.resource.contentType.matches('image/jp.*')", upload))
        #expect(try holds("request.resource.metadata.owner == request.auth.uid", upload))
        #expect(try holds("request.resource.name == 'img/a.jpg' && request.method == 'create'", upload))
        #expect(try holds("resource == null", upload))
        let stored = StorageObjectMetadata(
            name: "img/a.jpg", bucket: "bkt", size: 10, contentType: "image/jpeg",
            metadata: ["visibility": "public"], timeCreated: now - 1000)
        #expect(
            try holds(
                "resource.metadata.visibility == 'public' && resource.size == 10",
                request(.get, "img/a.jpg", nil), existing: stored))
        #expect(
            try holds(
                "request.time > resource.timeCreated && request.time < resource.timeCreated + duration.value(1, 'h')",
                request(.get, "img/a.jpg", nil), existing: stored))
        #expect(
            try holds(
                "request.time >= timestamp.date(2026, 1, 1) && request.time < timestamp.date(2026, 1, 2)",
                request(.get, "img/a.jpg", nil)))
    }

    @Test func auth_fields_and_a_missing_auth_deny_rather_than_fail() throws {
        #expect(
            try holds(
                "request.auth.uid == 'ada' && request.auth.token.email.matches('.*@example[.]com')",
                request(.get, "f/x", ada)))
        #expect(try holds("request.auth.token.admin == true", request(.get, "f/x", ada)))
        #expect(try !holds("request.auth.token.admin == true", request(.get, "f/x", bob)))
        #expect(try !holds("request.auth.uid == 'ada'", request(.get, "f/x", nil)))
        #expect(try holds("request.auth == null || request.auth.uid == 'ada'", request(.get, "f/x", nil)))
        // An error on one side is absorbed when the other side decides.
        #expect(try holds("request.auth.uid == 'x' || true", request(.get, "f/x", nil)))
        #expect(try !holds("false && request.auth.uid == 'x'", request(.get, "f/x", nil)))
    }

    @Test func operators_in_and_is_and_indexing() throws {
        let get = request(.get, "photos/pic.jpg", ada)
        #expect(try holds("request.auth.uid in ['ada', 'bob'] && !('eve' in ['ada'])", get))
        #expect(try holds("'email' in request.auth.token && !('x' in request.auth.token)", get))
        #expect(try holds("request.auth.uid is string && request.time is timestamp && 1 is int && 1.5 is float", get))
        #expect(try holds("1 is number && !(request.auth is string)", get))
        #expect(try holds("folder[0] == 'p' && file.size() == 7 && request.path[3] == 'photos'", get))
        #expect(try holds("file.split('.')[1] == 'jpg' && file.lower() == 'pic.jpg' && file.upper() == 'PIC.JPG'", get))
        #expect(try holds("(1 + 2) * 3 == 9 && 7 / 2 == 3 && 7 % 2 == 1 && 7.0 / 2 == 3.5 && -1 < 0", get))
        #expect(try holds("'a' + 'b' == 'ab' && [1] + [2] == [1, 2] && {'a': 1}.a == 1", get))
        #expect(try holds("true ? true : false", get))
        #expect(try holds("['a', 'b'].hasAll(['a']) && ['a'].hasAny(['a', 'z']) && ['a'].hasOnly(['a', 'b'])", get))
        #expect(try !holds("1 == '1'", get))
        #expect(try !holds("1 < 'a'", get))
        #expect(try !holds("1 / 0 == 0", get))
        // Overflow denies instead of trapping.
        #expect(try !holds("-(0 - 9223372036854775807 - 1) > 0", get))
        #expect(try !holds("9223372036854775807 + 1 > 0", get))
        #expect(try !holds("request.time + duration.value(9223372036854775807, 'ms') > request.time", get))
    }

    @Test func functions_with_lets_see_their_matchs_wildcards() throws {
        let rules = try StorageRules(
            source: """
                rules_version = '2';
                service firebase.storage {
                  function signedIn() { return request.auth != null; }
                  match /b/{bucket}/o {
                    match /users/{uid}/{file} {
                      function isOwner() {
                        let me = request.auth.uid;
                        return signedIn() && me == uid;
                      }
                      function small(limit) { return request.resource.size < limit; }
                      allow read: if isOwner();
                      allow write: if isOwner() && small(1000);
                    }
                  }
                }
                """)
        #expect(allowed(rules, request(.get, "users/ada/x", ada)))
        #expect(!allowed(rules, request(.get, "users/ada/x", bob)))
        #expect(allowed(rules, request(.create, "users/ada/x", ada, size: 10)))
        #expect(!allowed(rules, request(.create, "users/ada/x", ada, size: 5000)))
    }

    @Test func recursion_and_runaway_evaluation_are_bounded() throws {
        let rules = try StorageRules(
            source: """
                service firebase.storage {
                  function loop(n) { return loop(n + 1); }
                  match /b/{bucket}/o {
                    match /{f} { allow get: if loop(0); }
                  }
                }
                """)
        let decision = rules.evaluate(request(.get, "x", nil), existing: nil)
        #expect(!decision.allowed)
        #expect(decision.reason.contains("function calls nested deeper than 20"))
    }

    @Test func expression_nesting_is_bounded_at_parse_time() {
        let chain = Array(repeating: "true", count: 300).joined(separator: " && ")
        let source = "service firebase.storage { match /b/{bucket}/o { allow read: if \(chain); } }"
        #expect(error(source)?.reason == "Expression nested too deeply")
    }

    @Test func rules_files_over_256_kilobytes_are_refused() {
        let source = "service firebase.storage {}" + String(repeating: "\n", count: StorageRules.maximumSourceBytes)
        #expect(error(source)?.reason.contains("at most 262144") == true)
    }

    @Test func a_denial_says_which_rules_were_tried() throws {
        let decision = StorageRules.default.evaluate(request(.get, "favs/bob/a.jpg", ada), existing: nil)
        #expect(!decision.allowed)
        #expect(decision.reason.contains("6:7 allow read, write: false"))
    }
}
