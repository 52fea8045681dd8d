import Foundation

/// One `Set-Cookie` header read as RFC 6265 section 5.2 says, before the jar's storage rules.
struct SetCookie: Equatable {
    var name: String
    var value: String
    var expires: Date?
    /// Seconds, as written; `<= 0` expires the cookie at once.
    var maxAge: Int?
    var domain: String?
    var path: String?
    var secure = false
    var httpOnly = false

    /// Parses one header value; nil when it holds no cookie (no `=` in the first pair, or no name).
    init?(_ header: String) {
        let pair: Substring
        let attributes: Substring
        if let semicolon = header.firstIndex(of: ";") {
            pair = header[..<semicolon]
            attributes = header[header.index(after: semicolon)...]
        } else {
            pair = header[...]
            attributes = ""
        }
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        name = Self.trimmed(pair[..<equals])
        value = Self.trimmed(pair[pair.index(after: equals)...])
        guard !name.isEmpty else { return nil }
        for attribute in attributes.split(separator: ";", omittingEmptySubsequences: true) {
            let key: String
            let argument: String
            if let equals = attribute.firstIndex(of: "=") {
                key = Self.trimmed(attribute[..<equals]).lowercased()
                argument = Self.trimmed(attribute[attribute.index(after: equals)...])
            } else {
                key = Self.trimmed(attribute).lowercased()
                argument = ""
            }
            switch key {
            case "expires":
                if let date = CookieDate.parse(argument) { expires = date }
            case "max-age":
                if let seconds = Self.maxAge(argument) { maxAge = seconds }
            case "domain":
                var domain = argument
                if domain.hasPrefix(".") { domain.removeFirst() }
                if !domain.isEmpty { self.domain = domain.lowercased() }
            case "path":
                path = argument.hasPrefix("/") ? argument : nil
            case "secure": secure = true
            case "httponly": httpOnly = true
            default: break
            }
        }
    }

    /// RFC 6265 5.2.2: an optional `-` then digits only; anything else leaves the attribute out.
    private static func maxAge(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard let value = Int(text) else { return text.hasPrefix("-") ? Int.min : Int.max }
        return value
    }

    /// RFC 6265bis caps a lifetime at 400 days (and a huge `Max-Age` must not overflow a file's seconds).
    static let maximumAge = 400 * 86_400

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// The cookie to store for a response from `url` at `now`, or why none is: RFC 6265 5.3.
    func cookie(from url: URL, at now: Date) -> Result<Cookie, CookieJar.Refusal> {
        guard let host = CookieHost.canonical(url) else { return .failure(.noHost) }
        var cookie = Cookie(name: name, value: value, domain: host, path: path ?? CookiePath.defaultPath(for: url))
        cookie.created = now
        if let maxAge {
            cookie.expires =
                maxAge <= 0 ? .distantPast : now.addingTimeInterval(TimeInterval(min(maxAge, Self.maximumAge)))
        } else if let expires {
            cookie.expires = expires
        }
        if let domain, domain != host {
            guard CookieHost.domainMatches(host, domain) else { return .failure(.domainMismatch(domain)) }
            cookie.domain = domain
            cookie.hostOnly = false
        } else if domain != nil, !CookieHost.isIPAddress(host) {
            // `Domain=` naming the host itself: sent to its subdomains too.
            cookie.hostOnly = false
        }
        cookie.secure = secure
        cookie.httpOnly = httpOnly
        if secure, !CookieHost.isSecureContext(url) { return .failure(.secureOverHTTP) }
        return .success(cookie)
    }
}

/// RFC 6265 5.1.1's cookie date: tokens in any order, the first time, day, month and year found.
enum CookieDate {
    static func parse(_ text: String) -> Date? {
        var time: (Int, Int, Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in text.split(whereSeparator: isDelimiter) {
            let token = String(token)
            if time == nil, let found = Self.time(token) {
                time = found
            } else if day == nil, let found = Self.digits(token, 1...2) {
                day = found
            } else if month == nil, let found = Self.month(token) {
                month = found
            } else if year == nil, let found = Self.digits(token, 2...4) {
                year = found
            }
        }
        guard let (hour, minute, second) = time, let day, let month, var year else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(day), year >= 1601, hour <= 23, minute <= 59, second <= 59 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = (hour, minute, second)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day
        else { return nil }
        return date
    }

    private static func isDelimiter(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        switch scalar.value {
        case 0x09, 0x20...0x2F, 0x3B...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }

    /// `h:m:s`, one or two digits each, anything after the seconds' digits ignored.
    private static func time(_ token: String) -> (Int, Int, Int)? {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var values: [Int] = []
        for (index, part) in parts.enumerated() {
            let digits = part.prefix { $0.isASCII && $0.isNumber }
            guard (1...2).contains(digits.count), index == 2 || digits.count == part.count, let value = Int(digits)
            else { return nil }
            values.append(value)
        }
        return (values[0], values[1], values[2])
    }

    /// A leading run of `count` digits (anything after them ignored), as the RFC's grammar says.
    private static func digits(_ token: String, _ count: ClosedRange<Int>) -> Int? {
        let digits = token.prefix { $0.isASCII && $0.isNumber }
        guard count.contains(digits.count) else { return nil }
        return Int(digits)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func month(_ token: String) -> Int? {
        guard token.count >= 3 else { return nil }
        return months.firstIndex(of: token.prefix(3).lowercased()).map { $0 + 1 }
    }
}
