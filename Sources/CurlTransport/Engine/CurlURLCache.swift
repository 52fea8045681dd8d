import CCurl

/// A URL parsed by libcurl's URL API, handed to easy handles with `CURLOPT_CURLU` instead of the text
/// with `CURLOPT_URL`.
///
/// Given text, libcurl 7.88 parses the URL and renders it back for every transfer — the same
/// printf-style work that formats the request, character by character. Given a parsed handle it
/// only copies it: measured with callgrind on libcurl alone (`scripts/bench/libcurl-floor.c`, 32 in
/// flight), 77.6 k → 64.7 k instructions per request for a URL parsed once, 71.3 k even when parsed
/// afresh each time. Network thread only; a transfer keeps its parsed URL alive while it runs.
final class CurlParsedURL {
    let handle: OpaquePointer

    /// `url` parsed with the flags `CURLOPT_URL` uses, or nil when libcurl rejects it (then the
    /// text goes to `CURLOPT_URL` and libcurl reports the problem as it always does).
    init?(_ url: String) {
        guard let handle = curl_url() else { return nil }
        let flags = UInt32(CURLU_GUESS_SCHEME) | UInt32(CURLU_NON_SUPPORT_SCHEME)
        guard curl_url_set(handle, CURLUPART_URL, url, flags) == CURLUE_OK else {
            curl_url_cleanup(handle)
            return nil
        }
        self.handle = handle
    }

    deinit {
        curl_url_cleanup(handle)
    }
}

/// The URLs the loop parsed lately, by their text: an API explorer sends to the same few URLs again
/// and again. Bounded (emptied when full; transfers still running keep their own reference).
/// Network thread only (owned by `CurlLoop`).
final class CurlURLCache {
    private var parsed: [String: CurlParsedURL] = [:]
    private let capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// `url` parsed, from the cache or parsed now; nil when libcurl rejects it.
    func parsedURL(_ url: String) -> CurlParsedURL? {
        if let known = parsed[url] { return known }
        guard let made = CurlParsedURL(url) else { return nil }
        if parsed.count >= capacity { parsed.removeAll(keepingCapacity: true) }
        parsed[url] = made
        return made
    }

    /// How many parsed URLs are kept (for tests).
    var count: Int { parsed.count }
}
