public import Foundation

/// The exchange failed below HTTP: no (complete) response arrived.
///
/// Every transport failure maps onto a ``Reason`` so translations and exit codes do not depend on
/// curl's numbers; the raw code and message are kept for the technical detail.
public struct TransportError: Error, Hashable, Sendable {
    /// Why the exchange failed.
    public var reason: Reason
    /// The transport's own message (curl's error buffer), for the technical detail. Never holds credentials.
    public var message: String
    /// The transport's numeric code (a `CURLcode`), when there is one.
    public var code: Int?
    /// The URL that was being fetched.
    public var url: URL?
    /// For ``Reason/redirectRefused``: the scheme the refused redirect led to (e.g. `ftp`).
    public var redirectScheme: String?

    public init(
        _ reason: Reason, message: String = "", code: Int? = nil, url: URL? = nil, redirectScheme: String? = nil
    ) {
        self.reason = reason
        self.message = message
        self.code = code
        self.url = url
        self.redirectScheme = redirectScheme
    }
}
