import Testing

@testable import FeedStore

/// The count closing a database waits on: woken by the last connection to go, or given up on after its patience.
@Suite("Connection count")
struct ConnectionCountTests {
    @Test
    func a_wait_ends_when_the_last_connection_goes() async {
        // setup: two connections out
        let count = ConnectionCount()
        count.increment()
        count.increment()

        // act: one waits with all the patience a test could want; both connections come back from elsewhere
        async let drained = count.drained(patience: .seconds(3600))
        count.decrement()
        count.decrement()

        // assert
        #expect(await drained)
        #expect(count.current == 0)
    }

    @Test
    func a_wait_gives_up_after_its_patience_while_a_connection_stays_out() async {
        let count = ConnectionCount()
        count.increment()

        #expect(await count.drained(patience: .milliseconds(10)) == false)
        #expect(count.current == 1)
    }

    @Test
    func nothing_out_is_drained_at_once() async {
        #expect(await ConnectionCount().drained(patience: .zero))
    }
}
