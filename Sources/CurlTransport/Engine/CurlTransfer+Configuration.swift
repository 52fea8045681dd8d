import CCurl
import Foundation

/// How a transfer sets up its easy handle: in full on a fresh or reset handle, or only the
/// per-transfer options on a handle kept configured for the same `CurlHandleShape`.
extension CurlTransfer {
    // MARK: - Configuration

    /// What differs between two transfers of the same `CurlHandleShape`: the URL and every option
    /// that points at the transfer. Must match what `configure` sets from these.
    func configurePerTransfer(_ handle: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer)
        throws(CurlFailure)
    {
        let options = CurlOptionSetter(handle: handle)
        try setURL(options)
        try options.pointer(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        try options.pointer(CURLOPT_PRIVATE, context)
        try options.pointer(CURLOPT_WRITEDATA, context)
        try options.pointer(CURLOPT_HEADERDATA, context)
        try options.pointer(CURLOPT_XFERINFODATA, context)
    }

    /// The parsed URL when there is one (see `CurlParsedURL`), else the text. `CURLOPT_CURLU` wins
    /// over `CURLOPT_URL`, so the text path first clears any parsed URL a kept handle still points to.
    /// The parsed path clears the text URL: libcurl (7.88) reads a parsed URL back into the text it
    /// reports as `CURLINFO_EFFECTIVE_URL` only when no text URL is left from an earlier transfer,
    /// so a reused handle reported its first request's URL for every later one.
    private func setURL(_ options: CurlOptionSetter) throws(CurlFailure) {
        if let parsedURL {
            try options.pointer(CURLOPT_URL, nil)
            try options.pointer(CURLOPT_CURLU, UnsafeMutableRawPointer(parsedURL.handle))
        } else {
            try options.pointer(CURLOPT_CURLU, nil)
            try options.set(CURLOPT_URL, spec.url)
        }
    }

    func configure(
        _ handle: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer, share: UnsafeMutableRawPointer?
    )
        throws(CurlFailure)
    {
        var options = CurlOptionSetter(handle: handle)
        try setURL(options)
        try options.set(CURLOPT_NOSIGNAL, 1)
        // HTTP and HTTPS only, for the URL and every redirect hop (libcurl 7.88 would otherwise
        // fetch any URL it was given, and follow a redirect to ftp://).
        try options.set(CURLOPT_PROTOCOLS_STR, CurlFailure.allowedProtocols)
        try options.set(CURLOPT_REDIR_PROTOCOLS_STR, CurlFailure.allowedProtocols)
        // Bigger receive buffers mean fewer callbacks and writes; downloads to a file get the most.
        // libcurl 7.88 refuses CURLOPT_BUFFERSIZE (CURLE_BAD_FUNCTION_ARGUMENT) on a handle that
        // still has its receive buffer, which `curl_easy_reset` keeps — as a recycled handle does
        // after an HTTP/2 transfer. Recycled handles only ever served standard-size transfers, so
        // the buffer it keeps is the right one: the refusal is harmless, not a failed request.
        let bufferSize = ccurl_easy_setopt_long(
            handle, CURLOPT_BUFFERSIZE, spec.destination == nil ? 64 * 1024 : 512 * 1024)
        if bufferSize != CURLE_BAD_FUNCTION_ARGUMENT {
            try options.check(bufferSize, "option \(CURLOPT_BUFFERSIZE.rawValue)")
        }
        try options.pointer(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        try options.pointer(CURLOPT_PRIVATE, context)
        try options.pointer(CURLOPT_WRITEDATA, context)
        try options.check(ccurl_easy_setopt_write_function(handle, curlWriteCallback))
        try options.pointer(CURLOPT_HEADERDATA, context)
        try options.check(ccurl_easy_setopt_header_function(handle, curlHeaderCallback))
        try options.set(CURLOPT_NOPROGRESS, 0)
        try options.pointer(CURLOPT_XFERINFODATA, context)
        try options.check(ccurl_easy_setopt_xferinfo_function(handle, curlProgressCallback))
        if tracker != nil {
            // Observed transfers only: libcurl's verbose text says what happens as it happens.
            try options.set(CURLOPT_VERBOSE, 1)
            try options.pointer(CURLOPT_DEBUGDATA, context)
            try options.check(ccurl_easy_setopt_debug_function(handle, curlDebugCallback))
            try options.pointer(CURLOPT_PREREQDATA, context)
            try options.check(ccurl_easy_setopt_prereq_function(handle, curlPrereqCallback))
        }
        if spec.cookieJar == nil {
            if let share { try options.check(ccurl_easy_setopt_share(handle, share)) }
            // The share holds the jar, but only a cookie file name (none: "") turns the engine on.
            try options.set(CURLOPT_COOKIEFILE, "")
        } else {
            // A pooled handle stays attached to the share through `curl_easy_reset`, its cookie
            // engine on: detached, libcurl drops the share's jar from it, so the share's cookies
            // neither go out with this request nor take in its `Set-Cookie` (the caller's jar does).
            try options.check(ccurl_easy_setopt_share(handle, nil))
        }

        if let timeout = spec.connectTimeoutMilliseconds { try options.set(CURLOPT_CONNECTTIMEOUT_MS, timeout) }
        if let timeout = spec.totalTimeoutMilliseconds { try options.set(CURLOPT_TIMEOUT_MS, timeout) }
        if spec.followRedirects {
            try options.set(CURLOPT_FOLLOWLOCATION, 1)
            try options.set(CURLOPT_MAXREDIRS, spec.maxRedirects)
            try options.set(CURLOPT_AUTOREFERER, 1)
        }
        try options.setConnectionSecurity(
            verifyTLS: spec.verifyTLS, caFile: spec.caFile, clientCertificate: spec.clientCertificate,
            clientKey: spec.clientKey, clientKeyPassphrase: spec.clientKeyPassphrase, proxy: spec.proxy,
            proxyCAFile: spec.proxyCAFile)
        if let authentication = spec.authentication {
            let scheme =
                switch authentication.scheme {
                case .basic: ccurl_auth_basic()
                case .digest: ccurl_auth_digest()
                case .ntlm: ccurl_auth_ntlm()
                case .negotiate: ccurl_auth_negotiate()
                }
            try options.set(CURLOPT_HTTPAUTH, scheme)
            try options.set(CURLOPT_USERNAME, authentication.username)
            try options.set(CURLOPT_PASSWORD, authentication.password)
        }
        if spec.acceptCompression { try options.set(CURLOPT_ACCEPT_ENCODING, Self.acceptEncoding) }
        try options.set(CURLOPT_HTTP_VERSION, Self.curlVersion(spec.version))
        if spec.version == .http2PriorKnowledge, !CurlFeatures.current.reusesPriorKnowledgeConnections {
            try options.set(CURLOPT_FRESH_CONNECT, 1)
            try options.set(CURLOPT_FORBID_REUSE, 1)
        }

        try configureMethodAndBody(&options, handle: handle, context: context)

        // curl_slist_append walks to the end of the list it is given: handing it the last node
        // instead of the first keeps 10,000 headers linear (from the head they were quadratic).
        var tail: UnsafeMutablePointer<curl_slist>?
        func append(_ line: UnsafeBufferPointer<CChar>) throws(CurlFailure) {
            guard let node = curl_slist_append(tail, line.baseAddress) else {
                throw CurlFailure(cause: .curl(Int(CURLE_OUT_OF_MEMORY.rawValue)), message: "curl_slist_append failed")
            }
            if headerList == nil { headerList = node }
            tail = node.pointee.next ?? node
        }
        var line: [UInt8] = []
        for (name, value) in spec.headers {
            // "Name:" with nothing after it would make curl drop the header; "Name;" sends it empty.
            // Copied as bytes into one buffer (curl copies each line): an interpolated string per
            // header cost more than curl's own work on it.
            line.removeAll(keepingCapacity: true)
            line.append(contentsOf: name.utf8)
            if value.isEmpty {
                line.append(UInt8(ascii: ";"))
            } else {
                line.append(UInt8(ascii: ":"))
                line.append(UInt8(ascii: " "))
                line.append(contentsOf: value.utf8)
            }
            line.append(0)
            try line.withUnsafeBufferPointer { bytes throws(CurlFailure) in
                try bytes.withMemoryRebound(to: CChar.self) { buffer throws(CurlFailure) in try append(buffer) }
            }
        }
        for name in spec.suppressedHeaders {
            try "\(name):".utf8CString.withUnsafeBufferPointer { buffer throws(CurlFailure) in try append(buffer) }
        }
        // Stop curl from adding "Expect: 100-continue" (a needless round trip) unless the caller sets it;
        // curl only adds it to requests with a body.
        if case .none = spec.body {
        } else if !spec.headers.contains(where: { Self.isASCIICaseInsensitiveEqual($0.name, "expect") }) {
            try "Expect:".utf8CString.withUnsafeBufferPointer { buffer throws(CurlFailure) in try append(buffer) }
        }
        if let headerList { try options.slist(CURLOPT_HTTPHEADER, headerList) }
        if let userAgent = spec.userAgent { try options.set(CURLOPT_USERAGENT, userAgent) }
    }

    func configureMethodAndBody(
        _ options: inout CurlOptionSetter, handle: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer
    ) throws(CurlFailure) {
        let method = spec.method
        switch spec.body {
        case .none:
            switch method {
            case "GET": try options.set(CURLOPT_HTTPGET, 1)
            case "HEAD": try options.set(CURLOPT_NOBODY, 1)
            case "POST":
                try options.set(CURLOPT_POST, 1)
                try options.offset(CURLOPT_POSTFIELDSIZE_LARGE, 0)
                try options.set(CURLOPT_COPYPOSTFIELDS, "")
            default: try options.set(CURLOPT_CUSTOMREQUEST, method)
            }
            return
        case .bytes(let data):
            try options.set(CURLOPT_POST, 1)
            try options.offset(CURLOPT_POSTFIELDSIZE_LARGE, Int64(data.count))
            let code = Self.withCBytes(data) { ccurl_easy_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, $0) }
            try options.check(code)
        case .stream(let segments):
            let stream = try UploadStream(segments)
            upload = stream
            try options.set(CURLOPT_POST, 1)
            try options.offset(CURLOPT_POSTFIELDSIZE_LARGE, stream.length)
            try options.pointer(CURLOPT_READDATA, context)
            try options.check(ccurl_easy_setopt_read_function(handle, curlReadCallback))
            try options.pointer(CURLOPT_SEEKDATA, context)
            try options.check(ccurl_easy_setopt_seek_function(handle, curlSeekCallback))
        }
        if method != "POST" { try options.set(CURLOPT_CUSTOMREQUEST, method) }
    }

    private static func curlVersion(_ version: TransferSpec.Version) -> Int {
        switch version {
        case .automatic: CURL_HTTP_VERSION_NONE
        case .http10: CURL_HTTP_VERSION_1_0
        case .http11: CURL_HTTP_VERSION_1_1
        case .http2: CURL_HTTP_VERSION_2TLS
        case .http2PriorKnowledge: CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE
        case .http3: CURL_HTTP_VERSION_3
        }
    }

    /// Computed once: see `CurlFeatures.acceptEncoding`.
    private static let acceptEncoding = CurlFeatures.current.acceptEncoding

    /// Whether `name` equals `lowercased` (which is lower-case ASCII) ignoring ASCII case.
    private static func isASCIICaseInsensitiveEqual(_ name: String, _ lowercased: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: lowercased.utf8Start, count: lowercased.utf8CodeUnitCount)
        guard name.utf8.count == expected.count else { return false }
        return zip(name.utf8, expected).allSatisfy { pair in
            let byte = pair.0
            let folded = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            return folded == pair.1
        }
    }

    /// Calls `body` with a pointer to `data`'s own bytes (a valid pointer even when `data` is
    /// empty). `CURLOPT_COPYPOSTFIELDS` copies them, so no copy is made here: the generic
    /// `copyBytes(to:)` into a fresh array cost a fifth of a 1 KB POST's configuration.
    private static func withCBytes<R>(_ data: Data, _ body: (UnsafePointer<CChar>) -> R) -> R {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, !raw.isEmpty else {
                var empty: CChar = 0
                return body(&empty)
            }
            return body(base.assumingMemoryBound(to: CChar.self))
        }
    }
}
