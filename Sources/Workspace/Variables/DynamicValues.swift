package import Foundation

/// The values behind `{{$uuid}}`, `{{$timestamp}}`, `{{$isoTimestamp}}`, `{{$randomInt}}` and
/// `{{$randomString}}`. Every occurrence is computed afresh. Tests inject fixed sources.
package struct DynamicValues: Sendable {
    package static let names = ["uuid", "timestamp", "isoTimestamp", "randomInt", "randomString"]

    package var now: @Sendable () -> Date
    package var uuid: @Sendable () -> String
    /// 0 to 1000 inclusive.
    package var randomInt: @Sendable () -> Int
    /// 16 letters and digits.
    package var randomString: @Sendable () -> String

    package init(
        now: @escaping @Sendable () -> Date, uuid: @escaping @Sendable () -> String,
        randomInt: @escaping @Sendable () -> Int, randomString: @escaping @Sendable () -> String
    ) {
        self.now = now
        self.uuid = uuid
        self.randomInt = randomInt
        self.randomString = randomString
    }

    /// The real clock and the system random generator.
    package static let system = DynamicValues(
        now: { Date() },
        uuid: { UUID().uuidString.lowercased() },
        randomInt: { Int.random(in: 0...1000) },
        randomString: {
            let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
            return String((0..<16).compactMap { _ in alphabet.randomElement() })
        })

    /// The value of `$name`, or nil when there is no such dynamic value.
    package func value(_ name: String) -> String? {
        switch name {
        case "uuid": uuid()
        case "timestamp": String(Int(now().timeIntervalSince1970))
        case "isoTimestamp": Self.iso8601(now())
        case "randomInt": String(randomInt())
        case "randomString": randomString()
        default: nil
        }
    }

    private static func iso8601(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let millis = (parts.nanosecond ?? 0) / 1_000_000
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2)).\(pad(millis, 3))Z"
    }
}
