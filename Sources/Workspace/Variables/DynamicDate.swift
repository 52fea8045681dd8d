package import Foundation

/// The formats and offsets of `{{$date FORMAT [OFFSET]}}` (and `$datetime`, `$localDatetime`,
/// `$timestamp [OFFSET]`), as the `.http` clients write them, so imported files keep working:
/// FORMAT is `iso8601`, `rfc1123`, `unix`, `unixms`, or a pattern of Day.js tokens (`YYYY-MM-DD`,
/// `"DD MMM YYYY HH:mm"`, text in `[…]` kept as written); OFFSET is a signed number and a unit
/// (`-1 d`, `+2 h`, `30m`): y, M (months), w, d, h, m (minutes), s, ms.
package enum DynamicDate {
    package enum Format: Sendable, Equatable {
        case iso8601, rfc1123, unix, unixMilliseconds
        case pattern([Piece])
    }

    /// A piece of a pattern: a token (`YYYY`) or text kept as written.
    package enum Piece: Sendable, Equatable {
        case token(String)
        case text(String)
    }

    /// The pattern tokens, longest first so `YYYY` is not read as `YY` twice.
    static let tokens = [
        "YYYY", "MMMM", "dddd", "MMM", "ddd", "SSS", "YY", "MM", "DD", "HH", "hh", "mm", "ss", "ZZ", "M", "D", "H",
        "h", "m", "s", "A", "a", "Z", "X", "x",
    ]
    static let formatHelp = "iso8601, rfc1123, unix, unixms, or a pattern such as \"YYYY-MM-DD HH:mm:ss\""

    /// The format `word` names or spells, or why it is neither.
    package static func format(_ word: String) -> Result<Format, DynamicArguments.Failure> {
        switch word.lowercased() {
        case "iso8601": return .success(.iso8601)
        case "rfc1123": return .success(.rfc1123)
        case "unix": return .success(.unix)
        case "unixms": return .success(.unixMilliseconds)
        default: break
        }
        let pieces = pattern(word)
        let hasText = pieces.contains { if case .text = $0 { true } else { false } }
        let hasToken = pieces.contains { if case .token = $0 { true } else { false } }
        // A word of letters and digits that is not all tokens is a misspelt name, not a pattern.
        let isWord = word.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.alphanumerics.contains($0) }
        guard hasToken, !(isWord && hasText) else {
            return .failure(.init(text: "\"\(word)\" is not a date format (\(formatHelp))"))
        }
        return .success(.pattern(pieces))
    }

    static func pattern(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(text)
        func appendText(_ text: some StringProtocol) {
            if case .text(let previous) = pieces.last {
                pieces[pieces.count - 1] = .text(previous + text)
            } else {
                pieces.append(.text(String(text)))
            }
        }
        while !rest.isEmpty {
            if rest.first == "[", let close = rest.firstIndex(of: "]") {
                appendText(rest[rest.index(after: rest.startIndex)..<close])
                rest = rest[rest.index(after: close)...]
            } else if let token = tokens.first(where: { rest.hasPrefix($0) }) {
                pieces.append(.token(token))
                rest = rest.dropFirst(token.count)
            } else {
                appendText(rest.prefix(1))
                rest = rest.dropFirst()
            }
        }
        return pieces
    }

    /// An amount of a calendar unit to add to now.
    package struct Offset: Sendable, Equatable {
        package var amount: Int
        package var unit: Calendar.Component

        package func apply(to date: Date) -> Date {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = DynamicDate.utc
            if unit == .nanosecond {
                return date.addingTimeInterval(Double(amount) / 1000)
            }
            let (amount, unit) = unit == .weekOfYear ? (amount * 7, Calendar.Component.day) : (amount, unit)
            return calendar.date(byAdding: unit, value: amount, to: date) ?? date
        }
    }

    static let units: [String: Calendar.Component] = [
        "y": .year, "M": .month, "w": .weekOfYear, "d": .day, "h": .hour, "m": .minute, "s": .second,
        "ms": .nanosecond,
    ]
    static let offsetHelp = "write a signed number and a unit, like -1 d or +2 h (units: y, M, w, d, h, m, s, ms)"

    /// The offset `words` spell (none when empty): `-1 d` as two words or `-1d` as one.
    package static func offset(_ words: ArraySlice<String>) -> Result<Offset?, DynamicArguments.Failure> {
        guard !words.isEmpty else { return .success(nil) }
        let text = words.joined()
        let digitsEnd =
            text.firstIndex { !($0.isASCII && $0.isNumber) && $0 != "-" && $0 != "+" } ?? text.endIndex
        let number = text[..<digitsEnd]
        let unitText = String(text[digitsEnd...])
        guard words.count <= 2, let amount = Int(number), abs(amount) <= 1_000_000, let unit = units[unitText]
        else {
            return .failure(.init(text: "\"\(words.joined(separator: " "))\" is not an offset (\(offsetHelp))"))
        }
        return .success(Offset(amount: amount, unit: unit))
    }

    package static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
    static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// `date` written in `format`, in `timeZone` (rfc1123 is always GMT, unix times have no zone).
    package static func text(_ date: Date, _ format: Format, timeZone: TimeZone) -> String {
        switch format {
        case .unix: return String(Int(date.timeIntervalSince1970.rounded(.down)))
        case .unixMilliseconds: return String(Int((date.timeIntervalSince1970 * 1000).rounded(.down)))
        case .rfc1123: return text(date, .pattern(pattern("ddd, DD MMM YYYY HH:mm:ss [GMT]")), timeZone: utc)
        case .iso8601:
            let zone = timeZone.secondsFromGMT(for: date) == 0 ? "[Z]" : "Z"
            return text(date, .pattern(pattern("YYYY-MM-DDTHH:mm:ss.SSS" + zone)), timeZone: timeZone)
        case .pattern(let pieces):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second, .nanosecond, .weekday], from: date)
            return pieces.map { piece in
                switch piece {
                case .text(let text): text
                case .token(let token): value(of: token, parts, date: date, timeZone: timeZone)
                }
            }.joined()
        }
    }

    private static func value(of token: String, _ parts: DateComponents, date: Date, timeZone: TimeZone) -> String {
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let hour = parts.hour ?? 0
        let hour12 = hour % 12 == 0 ? 12 : hour % 12
        let month = min(max((parts.month ?? 1) - 1, 0), 11)
        let weekday = min(max((parts.weekday ?? 1) - 1, 0), 6)
        switch token {
        case "YYYY": return pad(parts.year, 4)
        case "YY": return pad((parts.year ?? 0) % 100, 2)
        case "MMMM": return monthNames[month]
        case "MMM": return String(monthNames[month].prefix(3))
        case "MM": return pad(parts.month, 2)
        case "M": return String(parts.month ?? 1)
        case "DD": return pad(parts.day, 2)
        case "D": return String(parts.day ?? 1)
        case "dddd": return dayNames[weekday]
        case "ddd": return String(dayNames[weekday].prefix(3))
        case "HH": return pad(hour, 2)
        case "H": return String(hour)
        case "hh": return pad(hour12, 2)
        case "h": return String(hour12)
        case "mm": return pad(parts.minute, 2)
        case "m": return String(parts.minute ?? 0)
        case "ss": return pad(parts.second, 2)
        case "s": return String(parts.second ?? 0)
        case "SSS": return pad((parts.nanosecond ?? 0) / 1_000_000, 3)
        case "A": return hour < 12 ? "AM" : "PM"
        case "a": return hour < 12 ? "am" : "pm"
        case "X": return text(date, .unix, timeZone: timeZone)
        case "x": return text(date, .unixMilliseconds, timeZone: timeZone)
        default:
            // Z: +01:00, ZZ: +0100.
            let seconds = timeZone.secondsFromGMT(for: date)
            let sign = seconds < 0 ? "-" : "+"
            let minutes = abs(seconds) / 60
            return sign + pad(minutes / 60, 2) + (token == "Z" ? ":" : "") + pad(minutes % 60, 2)
        }
    }
}
