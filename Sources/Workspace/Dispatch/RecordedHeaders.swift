package import HTTPCore

/// Which response headers a recorded mock route keeps: `lazer record` and the explorer's "save the
/// response as a mock route" both leave out framing and connection headers (the mock server sets
/// its own), per-response dates, the encoding the transport already undid, and credentials and
/// cookies, which must never reach a collection file.
package enum RecordedHeaders {
    /// Credentials and cookies: left out, and listed as dropped.
    package static let credentials: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "set-cookie2",
    ]

    /// Left out silently: they describe one transfer, not the answer.
    package static let transfer: Set<String> = [
        "content-length", "transfer-encoding", "connection", "keep-alive", "date", "server", "content-encoding",
        "alt-svc", "proxy-authenticate", "proxy-connection", "upgrade",
    ]

    /// Whether a header named `name` (any case) is kept.
    package static func keeps(_ name: String) -> Bool {
        let lower = name.lowercased()
        return !credentials.contains(lower) && !transfer.contains(lower)
    }

    /// Whether `field` can go on the wire: its name a token, its value without control characters
    /// but tab (RFC 9110; NIO, which serves mocks, refuses the whole response head otherwise, so
    /// the client would get no answer). An upstream may still send such a field: the recording
    /// proxy leaves it out of its answer, the recorder out of the route, and the loader refuses
    /// one written into a collection.
    package static func canBeSent(_ field: HTTPHeader) -> Bool {
        canBeSent(name: field.name, value: field.value)
    }

    /// ``canBeSent(_:)`` for a name and a value.
    package static func canBeSent(name: String, value: String) -> Bool {
        HTTPToken.isValid(name) && HTTPToken.isValidFieldValue(value)
    }
}
