package import Foundation

/// Where the dynamic values (`{{$uuid}}`, `{{$randomInt 1 7}}`, `{{$date iso8601 -1 d}}`…) take
/// their clock and their randomness. Every occurrence is computed afresh. Tests inject fixed
/// sources; the explorer's preview injects still ones (`RequestPreview`).
package struct DynamicValues: Sendable {
    /// The dynamic values, by the name documented first (aliases in `aliases`).
    package static let names = [
        "uuid", "timestamp", "isoTimestamp", "date", "localDate", "randomInt", "randomString", "processEnv", "dotenv",
        "prompt", "select",
    ]
    /// The names Postman and the `.http` clients use for the same values.
    package static let aliases: [String: String] = [
        "guid": "uuid", "randomUUID": "uuid", "random.uuid": "uuid", "datetime": "date",
        "localDatetime": "localDate",
    ]

    /// Whether `name` gives the same value at every send (a variable of the process): the others
    /// are new each time (a clock, a random source, `.env` read again at each send), so a request
    /// using one is not sent again as bytes by `lazer load`'s keep-alive engine.
    package static func isStill(_ name: String) -> Bool {
        canonical(name) == "processEnv"
    }

    /// How each is written and what it gives, short enough for the variables view at 80 columns.
    package static let usages: [(usage: String, summary: String)] = [
        ("$uuid", "new each send"),
        ("$timestamp [OFF]", "Unix seconds; OFF: -1 d"),
        ("$isoTimestamp [OFF]", "UTC 2026-01-31T09:30:00.000Z"),
        ("$date FMT [OFF]", "iso8601 rfc1123 unix unixms YYYY-MM-DD"),
        ("$localDate FMT [OFF]", "as $date, in local time"),
        ("$randomInt [MIN MAX]", "0-1000, or MIN <= n < MAX"),
        ("$randomString [N]", "N (16) letters and digits"),
        ("$processEnv NAME", "any environment variable (secret)"),
        ("$dotenv NAME", ".env beside the collection (secret)"),
        ("$prompt \"LABEL\"", "asked at send (--var LABEL=…)"),
        ("$select \"LABEL\" A B", "one of A B, asked at send"),
    ]

    package var now: @Sendable () -> Date
    package var uuid: @Sendable () -> String
    /// A number in the range (never empty).
    package var randomInt: @Sendable (ClosedRange<Int>) -> Int
    /// That many (at least 1) letters and digits.
    package var randomString: @Sendable (Int) -> String
    /// The zone of `$localDate`.
    package var localTimeZone: TimeZone
    /// False for a preview redrawn every frame: `$dotenv` is then not read, but shown as written.
    package var readsFiles: Bool

    package init(
        now: @escaping @Sendable () -> Date, uuid: @escaping @Sendable () -> String,
        randomInt: @escaping @Sendable (ClosedRange<Int>) -> Int, randomString: @escaping @Sendable (Int) -> String,
        localTimeZone: TimeZone = DynamicDate.utc, readsFiles: Bool = true
    ) {
        self.now = now
        self.uuid = uuid
        self.randomInt = randomInt
        self.randomString = randomString
        self.localTimeZone = localTimeZone
        self.readsFiles = readsFiles
    }

    static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    /// The real clock, the system random generator and the machine's time zone.
    package static let system = DynamicValues(
        now: { Date() },
        uuid: { UUID().uuidString.lowercased() },
        randomInt: { Int.random(in: $0) },
        randomString: { count in String((0..<count).compactMap { _ in alphabet.randomElement() }) },
        localTimeZone: .current)

    /// The canonical name of `name` (an alias's target), or nil when it is no dynamic value.
    package static func canonical(_ name: String) -> String? {
        names.contains(name) ? name : aliases[name]
    }

    /// The names known, for a message: `$uuid ($guid, $randomUUID, $random.uuid), $timestamp, …`.
    package static var knownList: String {
        names.map { name in
            let others = aliases.filter { $0.value == name }.keys.sorted()
            return "$" + name + (others.isEmpty ? "" : " (" + others.map { "$" + $0 }.joined(separator: ", ") + ")")
        }.joined(separator: ", ")
    }
}
