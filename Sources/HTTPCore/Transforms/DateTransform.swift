public import Foundation

/// A date written as a string: ISO 8601 (with or without fractional seconds) or a fixed pattern.
public struct DateTransform: CodingTransform {
    /// How the date is written.
    public enum Format: Hashable, Sendable {
        /// `2024-05-01T12:30:00Z` or with an offset; decoding also accepts fractional seconds.
        case iso8601
        /// `2024-05-01T12:30:00.123Z`; decoding also accepts whole seconds.
        case iso8601WithFractionalSeconds
        /// A `DateFormatter` pattern such as `yyyy-MM-dd`, read with the POSIX locale.
        case pattern(String)
    }

    public var format: Format
    /// The time zone for patterns without an offset, and for encoding.
    public var timeZone: TimeZone

    public init(format: Format = .iso8601, timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) {
        self.format = format
        self.timeZone = timeZone
    }

    public func decode(_ json: String) throws(TransformError) -> Date {
        switch format {
        case .iso8601, .iso8601WithFractionalSeconds:
            let plain = Date.ISO8601FormatStyle(timeZone: timeZone)
            let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: timeZone)
            if let date = try? plain.parse(json) { return date }
            if let date = try? fractional.parse(json) { return date }
            throw TransformError("\"\(json)\" is not an ISO 8601 date")
        case .pattern(let pattern):
            guard let date = formatter(pattern).date(from: json) else {
                throw TransformError("\"\(json)\" does not match the date pattern \(pattern)")
            }
            return date
        }
    }

    public func encode(_ value: Date) throws(TransformError) -> String {
        switch format {
        case .iso8601:
            return Date.ISO8601FormatStyle(timeZone: timeZone).format(value)
        case .iso8601WithFractionalSeconds:
            return Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: timeZone).format(value)
        case .pattern(let pattern):
            return formatter(pattern).string(from: value)
        }
    }

    private func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter
    }
}
