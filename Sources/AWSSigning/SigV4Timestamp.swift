package import Foundation

/// The two forms of the signing time SigV4 uses, in UTC: `20260131T235959Z` (`x-amz-date`) and
/// `20260131` (the credential scope). Computed from the seconds since 1970 (a civil-date
/// calculation), not through a `DateFormatter`, which costs more than the rest of a signature.
package struct SigV4Timestamp: Sendable, Equatable {
    package var amzDate: String
    package var day: String

    /// The last second's forms: the requests of a run are signed many to a second.
    private static let memo = LastValueMemo<Int64, SigV4Timestamp>()

    /// The forms of `date`, made once per second.
    package static func at(_ date: Date) -> SigV4Timestamp {
        memo.value(for: Int64(date.timeIntervalSince1970.rounded(.down))) { SigV4Timestamp(date) }
    }

    package init(_ date: Date) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Days since 1970-01-01 to year, month, day (Howard Hinnant's `civil_from_days`).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (0...9999).contains(year) else {
            // A year of other than four digits: written as `String` does, however long.
            day = Self.digits(year, 4) + Self.digits(month, 2) + Self.digits(dayOfMonth, 2)
            amzDate =
                day + "T" + Self.digits(secondOfDay / 3600, 2) + Self.digits(secondOfDay / 60 % 60, 2)
                + Self.digits(secondOfDay % 60, 2) + "Z"
            return
        }
        // Written as bytes: the digits of one signing time, with no string made per field.
        let fields: [(value: Int64, width: Int)] = [
            (year, 4), (month, 2), (dayOfMonth, 2), (secondOfDay / 3600, 2), (secondOfDay / 60 % 60, 2),
            (secondOfDay % 60, 2),
        ]
        let text = String(unsafeUninitializedCapacity: 16) { output in
            var position = 0
            for (index, field) in fields.enumerated() {
                if index == 3 {
                    output[position] = UInt8(ascii: "T")
                    position += 1
                }
                var value = field.value
                for offset in stride(from: field.width - 1, through: 0, by: -1) {
                    output[position + offset] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
                    value /= 10
                }
                position += field.width
            }
            output[position] = UInt8(ascii: "Z")
            return position + 1
        }
        amzDate = text
        day = String(text.prefix(8))
    }

    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
