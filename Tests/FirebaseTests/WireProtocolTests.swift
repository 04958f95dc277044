import Testing

@testable import Firebase

/// The WebSocket protocol's framing and envelopes, as firebase-js-sdk `realtime/WebSocketConnection.ts` and
/// `realtime/Connection.ts` write and read them.
@Suite struct WireProtocolTests {
    @Test func a_message_that_fits_one_frame_goes_without_a_count() {
        #expect(WireFraming.frames(for: "{\"t\":\"d\"}") == ["{\"t\":\"d\"}"])
        let exactly = String(repeating: "a", count: 16384)
        #expect(WireFraming.frames(for: exactly) == [exactly])
    }

    @Test func a_longer_message_is_counted_then_split_at_16384_characters() {
        let message = String(repeating: "a", count: 16384 * 2 + 5)
        let frames = WireFraming.frames(for: message)
        #expect(frames.count == 4)
        #expect(frames[0] == "3")
        #expect(frames[1...].map(\.utf16.count) == [16384, 16384, 5])
        #expect(frames[1...].joined() == message)
    }

    @Test func splitting_counts_utf16_units_and_never_splits_a_surrogate_pair() {
        let message = String(repeating: "a", count: 16383) + "😀" + "b"
        let frames = WireFraming.frames(for: message)
        #expect(frames == ["2", String(repeating: "a", count: 16383), "😀b"])
    }

    @Test func the_assembler_joins_counted_segments_and_ignores_keepalives() throws {
        var assembler = WireFrameAssembler(maximumMessageBytes: 1 << 20)
        #expect(try assembler.receive("0") == nil)
        #expect(try assembler.receive("2") == nil)
        #expect(assembler.isAssembling)
        #expect(try assembler.receive("{\"a\":") == nil)
        #expect(try assembler.receive("1}") == "{\"a\":1}")
        #expect(try assembler.receive("{\"b\":2}") == "{\"b\":2}")
    }

    @Test(arguments: ["-1", "999999"])
    func an_impossible_count_is_refused(count: String) {
        var assembler = WireFrameAssembler(maximumMessageBytes: 1 << 20)
        #expect(throws: WireFrameAssembler.Failure.self) { try assembler.receive(count) }
    }

    @Test func segments_past_the_size_limit_are_refused() throws {
        var assembler = WireFrameAssembler(maximumMessageBytes: 20_000)
        _ = try assembler.receive("2")
        _ = try assembler.receive(String(repeating: "a", count: 16384))
        #expect(throws: WireFrameAssembler.Failure.self) { try assembler.receive(String(repeating: "a", count: 5000)) }
        var whole = WireFrameAssembler(maximumMessageBytes: 100)
        #expect(throws: WireFrameAssembler.Failure.self) { try whole.receive(String(repeating: "a", count: 101)) }
    }

    @Test func requests_and_pings_are_read_from_their_envelopes() throws {
        let request = try WireClientMessage(text: #"{"t":"d","d":{"r":3,"a":"q","b":{"p":"/a","h":""}}}"#)
        #expect(request == .request(WireRequest(number: 3, action: "q", body: ["p": .string("/a"), "h": .string("")])))
        #expect(try WireClientMessage(text: #"{"t":"c","d":{"t":"p","d":{}}}"#) == .ping)
        #expect(try WireClientMessage(text: #"{"t":"c","d":{"t":"n","d":{}}}"#) == .control("n"))
    }

    @Test(arguments: [
        "not json", "[1]", #"{"t":"x","d":{}}"#, #"{"t":"d","d":{"a":"q"}}"#, #"{"t":"d","d":{"r":1}}"#,
        #"{"t":"d","d":{"r":1.5,"a":"q"}}"#, #"{"t":"d","d":{"r":1,"a":"q","b":[]}}"#, #"{"t":"c","d":{}}"#,
    ])
    func malformed_messages_are_refused(text: String) {
        #expect(throws: WireClientMessage.Failure.self) { try WireClientMessage(text: text) }
    }

    @Test func server_messages_are_written_as_the_sdks_read_them() {
        #expect(
            WireServerMessage.hello(timestamp: 1_700_000_000_000, host: "localhost:9000", sessionID: "abc").text
                == #"{"t":"c","d":{"t":"h","d":{"ts":1700000000000,"v":"5","h":"localhost:9000","s":"abc"}}}"#)
        #expect(WireServerMessage.pong.text == #"{"t":"c","d":{"t":"o","d":null}}"#)
        #expect(WireServerMessage.reset(host: "h:1").text == #"{"t":"c","d":{"t":"r","d":"h:1"}}"#)
        #expect(
            WireServerMessage.response(number: 4, status: "ok", data: "{}").text
                == #"{"t":"d","d":{"r":4,"b":{"s":"ok","d":{}}}}"#)
        #expect(
            WireServerMessage.data(merge: true, path: try! DatabasePath("/a/b"), data: #"{"c":1}"#, tag: 2).text
                == #"{"t":"d","d":{"b":{"p":"a/b","d":{"c":1},"t":2},"a":"m"}}"#)
    }
}
