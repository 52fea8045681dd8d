import Foundation
import HTTPCore

/// What libcurl's verbose text says of a TLS handshake: the version and cipher ("SSL connection
/// using TLSv1.3 / TLS_AES_256_GCM_SHA384"), the server certificate's subject, issuer and dates,
/// and whether it was verified. Read by the HTTP transfers' event tracker and by the `wss://`
/// tunnel, so both Timelines show the same TLS row.
struct CurlTLSText {
    private(set) var version: String?
    private(set) var cipher: String?
    private var subject: String?
    private var issuer: String?
    private var notBefore: String?
    private var notAfter: String?

    /// Reads one trimmed line; a line that says how the certificate was checked returns that.
    mutating func read(_ line: String) -> ExchangeEvent.TLSDetails.Verification? {
        if line.hasPrefix("SSL connection using ") {
            let parts = line.dropFirst("SSL connection using ".count).components(separatedBy: " / ")
            version = parts.first
            cipher = parts.count > 1 ? parts[1] : nil
        } else if line.hasPrefix("subject: ") {
            subject = String(line.dropFirst("subject: ".count))
        } else if line.hasPrefix("issuer: ") {
            issuer = String(line.dropFirst("issuer: ".count))
        } else if line.hasPrefix("start date: ") {
            notBefore = String(line.dropFirst("start date: ".count))
        } else if line.hasPrefix("expire date: ") {
            notAfter = String(line.dropFirst("expire date: ".count))
        } else if line.hasPrefix("SSL certificate verify ok") {
            return .verified
        } else if line.hasPrefix("SSL certificate verify result: ") {
            var problem = String(line.dropFirst("SSL certificate verify result: ".count))
            if let range = problem.range(of: ", continuing anyway") { problem = String(problem[..<range.lowerBound]) }
            return .notVerified(problem)
        }
        return nil
    }

    /// The handshake's details as read so far.
    func details(verification: ExchangeEvent.TLSDetails.Verification, duration: Duration?) -> ExchangeEvent.TLSDetails {
        var certificate: ExchangeEvent.TLSDetails.Certificate?
        if let subject {
            certificate = .init(
                subject: subject, issuer: issuer ?? "", notBefore: notBefore, notAfter: notAfter,
                expires: notAfter.flatMap(Self.parseDate))
        }
        return .init(
            protocolVersion: version, cipher: cipher, certificate: certificate, verification: verification,
            duration: duration)
    }

    /// OpenSSL's `Nov 27 16:19:23 2026 GMT`.
    static func parseDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy zzz"
        let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return formatter.date(from: collapsed)
    }
}
