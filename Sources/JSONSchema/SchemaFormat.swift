import JSONTree

/// The formats asserted on request (`SchemaOptions.assertFormats`); by default `format` is an
/// annotation only. Unknown format names are always ignored.
enum SchemaFormat: String, Sendable {
    case dateTime = "date-time"
    case date, time, duration
    case email, hostname, ipv4, ipv6, uuid
    case uri
    case uriReference = "uri-reference"
    case regex
    case jsonPointer = "json-pointer"

    /// "a date-time (RFC 3339)", for findings.
    var noun: String {
        switch self {
        case .dateTime: "a date-time (RFC 3339, 2024-05-01T12:00:00Z)"
        case .date: "a date (RFC 3339, 2024-05-01)"
        case .time: "a time (RFC 3339, 12:00:00Z)"
        case .duration: "a duration (ISO 8601, P1DT2H)"
        case .email: "an email address"
        case .hostname: "a hostname"
        case .ipv4: "an IPv4 address"
        case .ipv6: "an IPv6 address"
        case .uuid: "a UUID"
        case .uri: "an absolute URI"
        case .uriReference: "a URI reference"
        case .regex: "a regular expression"
        case .jsonPointer: "a JSON Pointer"
        }
    }

    func accepts(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        switch self {
        case .dateTime:
            guard let t = bytes.firstIndex(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }) else {
                return false
            }
            guard let date = Self.date(bytes[..<t]), let time = Self.time(bytes[(t + 1)...]) else { return false }
            return Self.leapSecondAllowed(date: date, time: time)
        case .date: return Self.date(bytes[...]) != nil
        case .time:
            guard let time = Self.time(bytes[...]) else { return false }
            return Self.leapSecondAllowed(date: nil, time: time)
        case .duration: return Self.duration(bytes)
        case .email: return Self.email(text)
        case .hostname: return Self.hostname(text)
        case .ipv4: return Self.ipv4(bytes[...])
        case .ipv6: return Self.ipv6(text)
        case .uuid:
            guard bytes.count == 36 else { return false }
            return bytes.enumerated().allSatisfy { offset, byte in
                [8, 13, 18, 23].contains(offset) ? byte == UInt8(ascii: "-") : Self.isHex(byte)
            }
        case .uri: return SchemaURIFormat.isValid(text, requireScheme: true)
        case .uriReference: return SchemaURIFormat.isValid(text, requireScheme: false)
        case .regex: return IRegexp(text, dialect: .ecmaScript) != nil
        case .jsonPointer:
            guard !bytes.isEmpty else { return true }
            guard bytes[0] == UInt8(ascii: "/") else { return false }
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "~") {
                guard offset + 1 < bytes.count,
                    bytes[offset + 1] == UInt8(ascii: "0") || bytes[offset + 1] == UInt8(ascii: "1")
                else { return false }
            }
            return true
        }
    }

    static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// Exactly `count` digits at `start`, as a number.
    private static func digits(_ bytes: ArraySlice<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.endIndex else { return nil }
        var value = 0
        for index in start..<(start + count) {
            guard isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        }
        return value
    }

    /// RFC 3339 full-date: (year, month, day).
    static func date(_ bytes: ArraySlice<UInt8>) -> (Int, Int, Int)? {
        let s = bytes.startIndex
        guard bytes.count == 10, bytes[s + 4] == UInt8(ascii: "-"), bytes[s + 7] == UInt8(ascii: "-"),
            let year = digits(bytes, s, 4), let month = digits(bytes, s + 5, 2), let day = digits(bytes, s + 8, 2),
            (1...12).contains(month), day >= 1
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days ? (year, month, day) : nil
    }

    /// RFC 3339 full-time: hour, minute, second and the offset in minutes.
    static func time(_ bytes: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int, offset: Int)? {
        let s = bytes.startIndex
        guard bytes.count >= 9, bytes[s + 2] == UInt8(ascii: ":"), bytes[s + 5] == UInt8(ascii: ":"),
            let hour = digits(bytes, s, 2), let minute = digits(bytes, s + 3, 2), let second = digits(bytes, s + 6, 2),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var index = s + 8
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            guard index > start else { return nil }
        }
        guard index < bytes.endIndex else { return nil }
        let sign = bytes[index]
        if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
            return index + 1 == bytes.endIndex ? (hour, minute, second, 0) : nil
        }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes.endIndex - index == 6,
            bytes[index + 3] == UInt8(ascii: ":"), let offsetHour = digits(bytes, index + 1, 2),
            let offsetMinute = digits(bytes, index + 4, 2), offsetHour <= 23, offsetMinute <= 59
        else { return nil }
        let offset = (offsetHour * 60 + offsetMinute) * (sign == UInt8(ascii: "-") ? -1 : 1)
        return (hour, minute, second, offset)
    }

    /// A leap second (:60) only at 23:59 UTC.
    static func leapSecondAllowed(date: (Int, Int, Int)?, time: (hour: Int, minute: Int, second: Int, offset: Int))
        -> Bool
    {
        guard time.second == 60 else { return true }
        let utcMinutes = ((time.hour * 60 + time.minute - time.offset) % 1440 + 1440) % 1440
        return utcMinutes == 23 * 60 + 59
    }

    /// ISO 8601 durations as RFC 3339 Appendix A writes them: P[nY][nM][nD][T[nH][nM][nS]] or PnW.
    static func duration(_ bytes: [UInt8]) -> Bool {
        guard bytes.first == UInt8(ascii: "P"), bytes.count > 1 else { return false }
        var index = 1
        var units: [UInt8] = []
        var inTime = false
        var timeUnits = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "T") {
                guard !inTime else { return false }
                inTime = true
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start, index < bytes.count else { return false }
            let unit = bytes[index]
            index += 1
            let order: [UInt8] = inTime ? Array("HMS".utf8) : Array("YMDW".utf8)
            guard let position = order.firstIndex(of: unit) else { return false }
            if let last = units.last, let lastPosition = order.firstIndex(of: last), inTime == (timeUnits > 0),
                lastPosition >= position
            {
                return false
            }
            units.append(unit)
            if inTime { timeUnits += 1 }
        }
        if inTime, timeUnits == 0 { return false }
        if units.contains(UInt8(ascii: "W")) { return units.count == 1 && !inTime }
        return !units.isEmpty
    }

    static func ipv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy(isDigit),
                part.count == 1 || part.first != UInt8(ascii: "0")
            else { return false }
            return Int(String(decoding: part, as: UTF8.self)).map { $0 <= 255 } ?? false
        }
    }

    static func ipv6(_ text: String) -> Bool {
        var text = Substring(text)
        var groupsAllowed = 8
        if let lastColon = text.lastIndex(of: ":"), text[text.index(after: lastColon)...].contains(".") {
            guard ipv4(ArraySlice(text[text.index(after: lastColon)...].utf8)) else { return false }
            text = text[...lastColon]
            if !text.hasSuffix("::") { text = text.dropLast() }
            groupsAllowed = 6
        }
        let halves = text.split(separator: "::", maxSplits: 2, omittingEmptySubsequences: false)
        guard halves.count <= 2, !text.contains(":::") else { return false }
        func groups(_ part: Substring) -> Int? {
            guard !part.isEmpty else { return 0 }
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for piece in pieces {
                guard (1...4).contains(piece.utf8.count), piece.utf8.allSatisfy(isHex) else { return nil }
            }
            return pieces.count
        }
        guard let first = groups(halves[0]) else { return false }
        if halves.count == 1 { return first == groupsAllowed }
        guard let second = groups(halves[1]) else { return false }
        return first + second < groupsAllowed
    }

    static func hostname(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 253 else { return false }
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-")
            else {
                return false
            }
            // "--" in the third and fourth places only for punycode ("xn--").
            if label.count >= 4, label[label.startIndex + 2] == UInt8(ascii: "-"),
                label[label.startIndex + 3] == UInt8(ascii: "-"),
                !(label.prefix(2).map { $0 | 0x20 } == Array("xn".utf8))
            {
                return false
            }
            return label.allSatisfy {
                isDigit($0) || ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z"))
                    || $0 == UInt8(ascii: "-")
            }
        }
    }

    static func email(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty, local.utf8.count <= 64 else { return false }
        if local.hasPrefix("\""), local.hasSuffix("\""), local.count >= 2 {
            // A quoted local part: printable ASCII, backslash escapes.
        } else {
            let atext = Set("!#$%&'*+-/=?^_`{|}~".utf8)
            guard !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else { return false }
            guard
                local.utf8.allSatisfy({
                    isDigit($0) || ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z"))
                        || atext.contains($0) || $0 == UInt8(ascii: ".")
                })
            else { return false }
        }
        if domain.hasPrefix("["), domain.hasSuffix("]") {
            let literal = domain.dropFirst().dropLast()
            if literal.hasPrefix("IPv6:") { return ipv6(String(literal.dropFirst(5))) }
            return ipv4(ArraySlice(literal.utf8))
        }
        return hostname(String(domain))
    }
}
