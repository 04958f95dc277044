import Testing

@testable import Firebase

@Suite struct DatabaseRulesEvaluationTests {
    let ada = RulesAuth(
        uid: "ada", provider: "password",
        token: [
            "email": .string("ada@example.com"),
            "admin": .bool(false),
        ])
    let bob = RulesAuth(uid: "bob")

    func rules(_ json: String) throws -> DatabaseRules { try DatabaseRules(source: json) }

    func canRead(_ rules: DatabaseRules, _ location: String, _ auth: RulesAuth?, data: DatabaseNode = .null)
        throws -> Bool
    {
        try rules.canRead(path(location), auth: auth, now: 1000, data: InMemorySnapshotSource(root: data)).allowed
    }

    func canSet(
        _ rules: DatabaseRules, _ location: String, _ value: String, _ auth: RulesAuth?, data: DatabaseNode = .null
    ) throws -> RulesDecision {
        try rules.canSet(
            try node(value), at: path(location), auth: auth, now: 1000, data: InMemorySnapshotSource(root: data))
    }

    // MARK: Reads

    @Test func the_default_rules_let_a_person_use_only_their_own_user_path() throws {
        let rules = DatabaseRules.default
        #expect(try canRead(rules, "users/ada", ada))
        #expect(try canRead(rules, "users/ada/favourites/x", ada))
        #expect(try !canRead(rules, "users/bob", ada))
        #expect(try !canRead(rules, "users", ada))
        #expect(try !canRead(rules, "users/ada", nil))
        #expect(try canSet(rules, "users/ada/first", #""Ada""#, ada).allowed)
        #expect(try !canSet(rules, "users/bob/first", #""Bob""#, ada).allowed)
        #expect(try !canSet(rules, "other", "1", ada).allowed)
    }

    @Test func a_read_granted_above_cascades_and_cannot_be_revoked_below() throws {
        let rules = try rules(#"{"rules":{"public":{".read":true,"secret":{".read":false}}}}"#)
        #expect(try canRead(rules, "public/secret/x", nil))
    }

    @Test func reading_a_parent_is_denied_when_only_some_children_are_readable() throws {
        let rules = try rules(#"{"rules":{"a":{"open":{".read":true},"closed":{".read":false}}}}"#)
        #expect(try !canRead(rules, "a", nil))
        #expect(try canRead(rules, "a/open", nil))
        #expect(try !canRead(rules, "", nil))
    }

    @Test func literal_keys_win_over_wildcards_and_wildcards_bind_the_key() throws {
        let rules = try rules(
            #"""
            {"rules":{"rooms":{"lobby":{".read":true},"$room":{".read":"$room.beginsWith(auth.uid)"}}}}
            """#)
        #expect(try canRead(rules, "rooms/lobby", nil))
        #expect(try canRead(rules, "rooms/ada-room", ada))
        #expect(try !canRead(rules, "rooms/bob-room", ada))
    }

    @Test func outer_wildcards_stay_visible_below() throws {
        let rules = try rules(
            #"""
            {"rules":{"$user":{"$item":{".read":"auth.uid === $user && $item !== 'private'"}}}}
            """#)
        #expect(try canRead(rules, "ada/photos", ada))
        #expect(try !canRead(rules, "ada/private", ada))
        #expect(try !canRead(rules, "bob/photos", ada))
    }

    @Test func data_and_root_read_the_current_data() throws {
        // setup
        let data = try node(#"{"members":{"ada":true},"rooms":{"r1":{"owner":"bob","open":true}}}"#)
        let rules = try rules(
            #"""
            {"rules":{"rooms":{"$r":{".read":"root.child('members/' + auth.uid).val() === true && data.child('open').val() === true"}}}}
            """#)
        // act / assert
        #expect(try canRead(rules, "rooms/r1", ada, data: data))
        #expect(try !canRead(rules, "rooms/r1", bob, data: data))
        #expect(try !canRead(rules, "rooms/r2", ada, data: data))
    }

    // MARK: Writes and validation

    @Test func a_write_granted_above_cascades_and_cannot_be_revoked_below() throws {
        let rules = try rules(#"{"rules":{"a":{".write":true,"b":{".write":false}}}}"#)
        #expect(try canSet(rules, "a/b/c", "1", nil).allowed)
    }

    @Test func a_write_needs_a_grant_at_or_above_its_location_not_below() throws {
        let rules = try rules(#"{"rules":{"users":{"$uid":{".write":"auth.uid === $uid"}}}}"#)
        #expect(try !canSet(rules, "users", #"{"ada":{"x":1}}"#, ada).allowed)
        #expect(try canSet(rules, "users/ada", #"{"x":1}"#, ada).allowed)
    }

    @Test func validate_must_hold_for_every_changed_node_and_does_not_cascade() throws {
        // setup
        let rules = try rules(
            #"""
            {"rules":{".write":true,
              "users":{"$uid":{
                ".validate":"newData.hasChildren(['first','last'])",
                "first":{".validate":"newData.isString() && newData.val().length > 0"},
                "last":{".validate":"newData.isString()"},
                "age":{".validate":"newData.isNumber() && newData.val() >= 0"},
                "$other":{".validate":false}}}}}
            """#)
        // act / assert
        #expect(try canSet(rules, "users/ada", #"{"first":"Ada","last":"L","age":36}"#, ada).allowed)
        #expect(try !canSet(rules, "users/ada", #"{"first":"Ada"}"#, ada).allowed)
        #expect(try !canSet(rules, "users/ada", #"{"first":"","last":"L"}"#, ada).allowed)
        #expect(try !canSet(rules, "users/ada", #"{"first":"A","last":"L","age":-1}"#, ada).allowed)
        #expect(try !canSet(rules, "users/ada", #"{"first":"A","last":"L","extra":1}"#, ada).allowed)
        // A granted .write does not stop a failing .validate.
        let decision = try canSet(rules, "users/ada", #"{"first":"Ada"}"#, ada)
        #expect(decision.rule == "/rules/users/$uid/.validate")
    }

    @Test func validate_on_an_ancestor_sees_the_merged_new_data() throws {
        let rules = try rules(
            #"""
            {"rules":{".write":true,"users":{"$uid":{".validate":"newData.hasChildren(['first','last'])"}}}}
            """#)
        let data = try node(#"{"users":{"ada":{"first":"Ada","last":"L"}}}"#)
        #expect(try canSet(rules, "users/ada/first", #""Augusta""#, ada, data: data).allowed)
        #expect(try !canSet(rules, "users/bob/first", #""Bob""#, bob, data: data).allowed)
    }

    @Test func deleting_skips_validate_of_the_deleted_node() throws {
        let rules = try rules(#"{"rules":{".write":true,"a":{".validate":"newData.isString()"}}}"#)
        #expect(try canSet(rules, "a", "null", nil, data: try node(#"{"a":"x"}"#)).allowed)
        #expect(try !canSet(rules, "a", "1", nil).allowed)
    }

    @Test func new_data_and_data_differ_during_a_write() throws {
        let rules = try rules(
            #"""
            {"rules":{"counter":{".write":"newData.val() === data.val() + 1"}}}
            """#)
        let data = try node(#"{"counter":41}"#)
        #expect(try canSet(rules, "counter", "42", nil, data: data).allowed)
        #expect(try !canSet(rules, "counter", "43", nil, data: data).allowed)
    }

    @Test func a_multi_location_update_checks_each_path_against_the_merged_result() throws {
        // setup
        let rules = try rules(
            #"""
            {"rules":{"users":{"$uid":{".write":"auth.uid === $uid",
              ".validate":"newData.child('first').isString()"}}}}
            """#)
        let data = try node(#"{"users":{"ada":{"first":"Ada"},"bob":{"first":"Bob"}}}"#)
        let source = InMemorySnapshotSource(root: data)
        // act
        let own = try rules.canWrite(
            [(path("users/ada/last"), .string("L")), (path("users/ada/age"), .number(3))], auth: ada, now: 0,
            data: source)
        let others = try rules.canWrite(
            [(path("users/ada/last"), .string("L")), (path("users/bob/last"), .string("B"))], auth: ada, now: 0,
            data: source)
        let breaking = try rules.canWrite(
            [(path("users/ada/first"), .null), (path("users/ada/last"), .string("L"))], auth: ada, now: 0,
            data: source)
        // assert
        #expect(own.allowed)
        #expect(!others.allowed)
        #expect(!breaking.allowed)
    }

    @Test func now_and_auth_token_claims_are_available() throws {
        let rules = try rules(
            #"""
            {"rules":{"posts":{"$p":{".write":"auth.token.email.endsWith('@example.com') && newData.child('at').val() <= now && auth.token.admin === false && auth.provider === 'password'"}}}}
            """#)
        #expect(try canSet(rules, "posts/p1", #"{"at":999}"#, ada).allowed)
        #expect(try !canSet(rules, "posts/p1", #"{"at":1001}"#, ada).allowed)
        #expect(try !canSet(rules, "posts/p1", #"{"at":1}"#, bob).allowed)
    }

    @Test func an_identity_comes_from_id_token_claims() throws {
        let claims = try JSONValue.parse(#"{"sub":"u1","user_id":"u1","firebase":{"sign_in_provider":"password"}}"#)
        let auth = RulesAuth(claims: claims.objectValue!)
        #expect(auth?.uid == "u1")
        #expect(auth?.provider == "password")
        #expect(RulesAuth(claims: [:]) == nil)
    }

    // MARK: Snapshot and string methods

    func holds(
        _ expression: String, data: String = "null", newData: String? = nil, auth: RulesAuth? = nil,
        at location: String = "x"
    ) throws -> Bool {
        let source = JSONValue.object([
            "rules": .object([
                "$x": .object([".write": .string(expression)])
            ])
        ]).serializedString()
        let compiled = try DatabaseRules(source: source)
        let current = DatabaseNode.null.setting(try node(data), at: path(location))
        return try compiled.canSet(
            try node(newData ?? data), at: path(location), auth: auth, now: 1000,
            data: InMemorySnapshotSource(root: current)
        ).allowed
    }

    @Test func snapshot_methods() throws {
        let data = #"{"name":"Ada","age":36,"ok":true,"tags":{"a":1,"b":2},".priority":7}"#
        #expect(try holds("data.child('name').val() === 'Ada'", data: data))
        #expect(try holds("data.child('tags/a').val() === 1", data: data))
        #expect(try holds("data.child('tags').parent().child('age').val() === 36", data: data))
        #expect(try holds("data.exists() && !data.child('nope').exists()", data: data))
        #expect(try holds("data.hasChild('tags/b') && !data.hasChild('tags/c')", data: data))
        #expect(
            try holds(
                "data.hasChildren() && data.hasChildren(['name', 'age']) && !data.hasChildren(['x'])",
                data: data))
        #expect(
            try holds(
                "data.child('name').isString() && data.child('age').isNumber() && data.child('ok').isBoolean()",
                data: data))
        #expect(try holds("!data.child('tags').isString() && !data.child('missing').isNumber()", data: data))
        #expect(try holds("data.child('tags').numChildren() === 2 && data.numChildren() === 4", data: data))
        #expect(try holds("data.getPriority() === 7 && data.child('name').getPriority() === null", data: data))
        #expect(try holds("data.child('tags').val().a === 1", data: data))
        #expect(try holds("root.child('x/name').val() === 'Ada'", data: data))
    }

    @Test func the_root_has_no_parent_so_the_rule_fails() throws {
        #expect(try !holds("root.parent().exists() || true"))
    }

    @Test func string_members() throws {
        let data = #""Hello, World""#
        #expect(try holds("data.val().length === 12", data: data))
        #expect(try holds("data.val().contains('lo, W') && !data.val().contains('xyz')", data: data))
        #expect(try holds("data.val().beginsWith('Hell') && data.val().endsWith('World')", data: data))
        #expect(try holds("data.val().replace('l', 'L') === 'HeLLo, WorLd'", data: data))
        #expect(try holds("data.val().toLowerCase() === 'hello, world'", data: data))
        #expect(try holds("data.val().toUpperCase() === 'HELLO, WORLD'", data: data))
        #expect(try holds("data.val().matches(/^hello/i) && !data.val().matches(/^World/)", data: data))
        #expect(try holds("$x.length === 1 && $x === 'x'", data: data))
    }

    @Test func operators_follow_firebases_type_rules() throws {
        #expect(try holds("1 + 2 === 3 && 7 % 4 === 3 && 10 / 4 === 2.5 && 2 * 3 - 1 === 5 && -(1) < 0"))
        #expect(try holds("'a' + 'b' === 'ab' && 'n' + 1 === 'n1' && 'a' < 'b' && 2 >= 2 && 3 > 2 && 1 <= 1"))
        #expect(try holds("1 == 1 && 1 != 2 && 'x' !== 'y' && null == null"))
        #expect(try holds("true ? 1 === 1 : false"))
        // Different types are unequal, never coerced.
        #expect(try holds("'1' != 1 && true != 1 && null != 0"))
        // Comparing a string with a number is an error, which fails the rule.
        #expect(try !holds("data.val() > 1", data: #""str""#))
        // A non-boolean result fails the rule.
        #expect(try !holds("data.val()", data: #""str""#))
        // && and || need booleans at run time too.
        #expect(try !holds("data.val() || true", data: #""str""#))
        // Reading a member of a null auth fails the rule instead of throwing.
        #expect(try !holds("auth.uid === 'x'"))
        #expect(try holds("auth == null"))
    }

    @Test func short_circuiting_skips_the_error_on_the_other_side() throws {
        #expect(try holds("auth == null || auth.uid === 'x'"))
        #expect(try !holds("auth != null && auth.uid === 'x'"))
    }

    // MARK: Bounds

    @Test func evaluation_is_bounded_in_reads_of_the_data() throws {
        // Each name hasChildren checks is a read (a query, for a SQL store): 1,500 exceed the budget of 1,000, so
        // the rule fails rather than reads on; 500 are fine.
        let data = JSONValue.object(
            Dictionary(uniqueKeysWithValues: (0..<1500).map { ("k\($0)", JSONValue.number(1)) })
        )
        .serializedString()
        let many = (0..<1500).map { "'k\($0)'" }.joined(separator: ",")
        let some = (0..<500).map { "'k\($0)'" }.joined(separator: ",")
        #expect(try !holds("data.hasChildren([\(many)])", data: data))
        #expect(try holds("data.hasChildren([\(some)])", data: data))
    }

    @Test func strings_built_by_rules_are_bounded() throws {
        let data = "\"" + String(repeating: "a", count: 2000) + "\""
        #expect(try !holds("data.val().replace('a', data.val()).length > 0", data: data))
    }

    @Test func a_snapshot_source_over_sql_only_needs_summaries() throws {
        // setup: a source that fails if asked for a whole subtree, as a big table would be costly to read.
        struct SummaryOnly: DatabaseSnapshotSource {
            let root: DatabaseNode
            func node(at path: DatabasePath) throws -> DatabaseNode {
                throw DatabaseError(.invalidData, "whole subtree read at \(path)")
            }
            func summary(at path: DatabasePath) throws -> DatabaseNodeSummary {
                DatabaseNodeSummary(root.node(at: path))
            }
        }
        let rules = try rules(
            #"""
            {"rules":{"rooms":{"$r":{".write":"root.child('members').hasChild(auth.uid) && data.child('open').val() === true && newData.child('title').isString()"}}}}
            """#)
        let data = try node(#"{"members":{"ada":true},"rooms":{"r1":{"open":true,"title":"Old"}}}"#)
        // act
        let decision = try rules.canWrite(
            [(path("rooms/r1/title"), .string("New"))], auth: ada, now: 0, data: SummaryOnly(root: data))
        // assert
        #expect(decision.allowed)
    }
}
