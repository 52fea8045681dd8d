import Foundation
import HTTPCore

/// A completed exchange, in transport terms: the last response of the redirect chain.
struct TransferOutcome: Sendable {
    /// Where the body ended up.
    enum Body: Sendable {
        case memory(Data)
        /// A file the caller now owns (a temporary file, or the download destination).
        case file(URL, size: Int64)
    }

    var status: Int
    /// The last response's status line and headers, as received (parsed when read).
    var head: ResponseHead
    /// `HTTP/1.1`, `HTTP/2`, …
    var httpVersion: String
    var effectiveURL: String
    var remoteAddress: String?
    var timings: TransferTimings
    var requestBytes: Int64
    var uploadedBytes: Int64
    var headerBytes: Int64
    var downloadedBytes: Int64
    /// The most body bytes held in memory at once during the transfer.
    var peakMemoryBytes: Int
    var body: Body

    /// The reason phrase of the last response's status line.
    var reason: String { head.reason }

    /// The last response's header fields, in order (made into strings on each read).
    var headers: [(name: String, value: String)] { head.headers }
}

extension TransferOutcome {
    /// An outcome with a head made from `reason` and `headers` (for outcomes built by hand).
    init(
        status: Int, reason: String, httpVersion: String, headers: [(name: String, value: String)],
        effectiveURL: String, remoteAddress: String?, timings: TransferTimings, requestBytes: Int64,
        uploadedBytes: Int64, headerBytes: Int64, downloadedBytes: Int64, peakMemoryBytes: Int, body: Body
    ) {
        self.init(
            status: status, head: ResponseHead(statusLine: "\(httpVersion) \(status) \(reason)", headers: headers),
            httpVersion: httpVersion, effectiveURL: effectiveURL, remoteAddress: remoteAddress, timings: timings,
            requestBytes: requestBytes, uploadedBytes: uploadedBytes, headerBytes: headerBytes,
            downloadedBytes: downloadedBytes, peakMemoryBytes: peakMemoryBytes, body: body)
    }
}

/// Where the time of one exchange went, from libcurl's `*_TIME_T` infos; each is measured from the start.
struct TransferTimings: Sendable, Hashable {
    var nameLookup: Duration = .zero
    var connect: Duration = .zero
    var tlsHandshake: Duration = .zero
    var preTransfer: Duration = .zero
    var firstByte: Duration = .zero
    var total: Duration = .zero
    var redirect: Duration = .zero
    /// Redirects followed before the final response (`CURLINFO_REDIRECT_COUNT`).
    var redirectCount = 0
    /// Connections the transfer opened (`CURLINFO_NUM_CONNECTS`): 0 on a reused one.
    var connectionsOpened = 0
    /// When the network thread saw the transfer finish (see `Timings.completedAt`).
    var completedAt: ContinuousClock.Instant?
}

/// Progress of one transfer, reported from the network thread (throttled).
struct TransferCounts: Sendable, Hashable {
    var received: Int64
    var expectedToReceive: Int64?
    var sent: Int64
    var expectedToSend: Int64?
}

/// Why an exchange produced no response.
struct CurlFailure: Error, Sendable {
    /// The only schemes a transfer or a redirect hop may use (`CURLOPT_PROTOCOLS_STR`,
    /// `CURLOPT_REDIR_PROTOCOLS_STR`).
    static let allowedProtocols = "http,https"

    /// The scheme of `url` made safe to show: RFC 3986 scheme characters only, lower-cased, at
    /// most 32 of them ("" when there is none). The URL came from a server's `Location`.
    static func scheme(of url: String) -> String {
        let head = url.prefix { $0 != ":" }
        guard head.count < url.count else { return "" }
        let allowed = head.unicodeScalars.filter {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
        return String(String.UnicodeScalarView(allowed.prefix(32))).lowercased()
    }

    /// libcurl's code (`CURLcode`), or a local cause found by the engine.
    enum Cause: Sendable, Hashable {
        case curl(Int)
        case cancelled
        case uploadFileUnreadable(String)
        case downloadWriteFailure(String)
        case engineStopped
        /// A redirect led to a scheme other than http/https (the scheme, lower-cased and reduced to
        /// RFC 3986 scheme characters, at most 32 of them).
        case redirectRefused(scheme: String)
        /// A redirect's `Location` could not be parsed as a URL (as the server sent it).
        case redirectMalformed(location: String)
    }

    var cause: Cause
    /// libcurl's error buffer (or the local message).
    var message: String
    /// The TLS library's verification result (`CURLINFO_SSL_VERIFYRESULT`), 0 when fine or unknown.
    var verifyResult: Int = 0
    /// The TLS verification result for an `https://` proxy's own certificate (`CURLINFO_PROXY_SSL_VERIFYRESULT`).
    var proxyVerifyResult: Int = 0
    /// What went wrong with the proxy (`CURLINFO_PROXY_ERROR`, a `CURLproxycode`) when the code is `CURLE_PROXY`.
    var proxyError: Int = 0
    /// Whether a connection had been established (tells a connect timeout from a total timeout).
    var connected = false
    /// Whether the response's headers were over libcurl's limits: 100 KiB for one header
    /// (libcurl 7.88 reports `CURLE_OUT_OF_MEMORY`, as if memory ran out) or 300 KiB in all
    /// (`CURLE_RECV_ERROR`, "Too large response headers").
    var headerTooLarge = false
    /// The server asked for a client certificate (libcurl's verbose text said so, for observed
    /// transfers) and the connection broke before any response: it refused what was presented.
    var clientCertificateRefused = false
    /// The stage the transfer failed in (see `CurlTransfer.failureStage`), nil for local causes.
    var stage: ExchangeStage?
    /// The phases measured before the failure; `total` is the time to the failure.
    var timings: TransferTimings?
    /// A response stream that broke after its head: what had come (the head, the body so far).
    var partial: TransferOutcome?
}
