import Testing

@testable import Firebase

@Suite struct PushIDTests {
    @Test func ids_are_20_characters_of_the_push_alphabet_with_the_time_first() {
        var generator = PushIDGenerator(random: SeededRandom(seed: 1))
        let id = generator.next(now: 1_700_000_000_000)
        #expect(id.utf8.count == 20)
        #expect(id.utf8.allSatisfy { PushIDGenerator.alphabet.contains($0) })
        #expect(PushIDGenerator.timestamp(of: id) == 1_700_000_000_000)
        #expect(id.hasPrefix("-Nj"))
    }

    @Test func a_hundred_thousand_ids_in_one_millisecond_strictly_increase() {
        // setup
        var generator = PushIDGenerator(random: SeededRandom(seed: 42))
        var previous = generator.next(now: 1_700_000_000_000)
        var seen: Set<String> = [previous]
        // act / assert
        for _ in 1..<100_000 {
            let id = generator.next(now: 1_700_000_000_000)
            #expect(FirebaseKeyOrder.compareCodeUnits(previous, id) < 0)
            seen.insert(id)
            previous = id
        }
        #expect(seen.count == 100_000)
    }

    @Test func ids_of_later_milliseconds_sort_after_and_a_clock_going_back_does_not_reorder() {
        var generator = PushIDGenerator(random: SeededRandom(seed: 3))
        let first = generator.next(now: 2000)
        let later = generator.next(now: 2001)
        let clockWentBack = generator.next(now: 1500)
        #expect(first < later)
        #expect(later < clockWentBack)
    }

    @Test func generators_in_different_processes_differ_in_the_random_part() {
        var a = PushIDGenerator(random: SeededRandom(seed: 10))
        var b = PushIDGenerator(random: SeededRandom(seed: 11))
        #expect(a.next(now: 5000) != b.next(now: 5000))
        var system = PushIDGenerator()
        var other = PushIDGenerator()
        #expect(system.next(now: 5000) != other.next(now: 5000))
    }

    @Test func exhausting_the_random_part_moves_to_the_next_millisecond() {
        var generator = PushIDGenerator(random: AllOnes())
        let first = generator.next(now: 100)
        let second = generator.next(now: 100)
        #expect(PushIDGenerator.timestamp(of: first) == 100)
        #expect(PushIDGenerator.timestamp(of: second) == 101)
        #expect(first < second)
    }

    /// Draws 63 for every character: the largest random part.
    struct AllOnes: RandomNumberGenerator {
        mutating func next() -> UInt64 { 63 }
    }
}
