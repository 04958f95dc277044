/// Makes the 20-character ids a push (REST `POST`, the SDKs' `push()`) names its child with: 8 characters of the
/// time in milliseconds, then 12 random ones, from an alphabet in ASCII order, so ids sort by time as strings.
/// Two ids made by one generator in the same millisecond (or with the clock gone backwards) keep increasing:
/// the random part of the previous id is incremented by one, so order holds within a generator; 72 random bits
/// keep ids made by different processes and nodes apart.
///
/// Mirrors `nextPushId` and `PUSH_CHARS` in firebase-js-sdk `packages/database/src/core/util/NextPushId.ts`.
/// A value type: a server keeps one per node behind a lock or in an actor, so ids made there keep increasing.
public struct PushIDGenerator: Sendable {
    /// `-0-9A-Z_a-z`: base64url's characters, ordered by ASCII.
    public static let alphabet = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)

    private var random: any RandomNumberGenerator & Sendable
    private var lastTime: Int64 = -1
    private var lastRandom = [Int](repeating: 0, count: 12)

    /// A generator drawing its random part from `random` (the system's by default; a seeded one in tests).
    public init(random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()) {
        self.random = random
    }

    /// The next id for the time `now`, in milliseconds since 1970.
    public mutating func next(now: Int64) -> String {
        var time = max(now, 0)
        if time <= lastTime {
            // Same millisecond (or an earlier one): keep the last timestamp and count up, so ids keep rising.
            time = lastTime
            var index = 11
            while index >= 0, lastRandom[index] == 63 {
                lastRandom[index] = 0
                index -= 1
            }
            if index >= 0 {
                lastRandom[index] += 1
            } else {
                // 64^12 ids in one millisecond: move on to the next millisecond rather than repeat.
                time += 1
                for index in 0..<12 { lastRandom[index] = Int(random.next() % 64) }
            }
        } else {
            for index in 0..<12 { lastRandom[index] = Int(random.next() % 64) }
        }
        lastTime = time
        var characters = [UInt8](repeating: 0, count: 20)
        var remaining = time
        for index in stride(from: 7, through: 0, by: -1) {
            characters[index] = Self.alphabet[Int(remaining % 64)]
            remaining /= 64
        }
        for index in 0..<12 { characters[8 + index] = Self.alphabet[lastRandom[index]] }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The time in milliseconds an id was made at (its first 8 characters); nil when it is not a push id.
    public static func timestamp(of id: String) -> Int64? {
        let bytes = Array(id.utf8)
        guard bytes.count == 20 else { return nil }
        var time: Int64 = 0
        for byte in bytes.prefix(8) {
            guard let digit = alphabet.firstIndex(of: byte) else { return nil }
            time = time * 64 + Int64(digit)
        }
        return time
    }
}
