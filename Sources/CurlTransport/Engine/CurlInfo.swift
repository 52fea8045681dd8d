import CCurl

/// Typed reads of `curl_easy_getinfo` for a finished transfer; missing values read as zero or nil.
enum CurlInfo {
    static func long(_ handle: UnsafeMutableRawPointer, _ info: CURLINFO) -> Int {
        var value = 0
        return ccurl_easy_getinfo_long(handle, info, &value) == CURLE_OK ? value : 0
    }

    static func offset(_ handle: UnsafeMutableRawPointer, _ info: CURLINFO) -> Int64 {
        var value: curl_off_t = 0
        return ccurl_easy_getinfo_off_t(handle, info, &value) == CURLE_OK ? Int64(value) : 0
    }

    static func string(_ handle: UnsafeMutableRawPointer, _ info: CURLINFO) -> String? {
        cString(handle, info).map { String(cString: $0) }
    }

    /// The handle's own C string: valid until the next call on the handle, so read or copy it at once.
    static func cString(_ handle: UnsafeMutableRawPointer, _ info: CURLINFO) -> UnsafePointer<CChar>? {
        var value: UnsafePointer<CChar>?
        guard ccurl_easy_getinfo_string(handle, info, &value) == CURLE_OK else { return nil }
        return value
    }

    static func microseconds(_ handle: UnsafeMutableRawPointer, _ info: CURLINFO) -> Duration {
        .microseconds(offset(handle, info))
    }

    static func timings(_ handle: UnsafeMutableRawPointer) -> TransferTimings {
        TransferTimings(
            nameLookup: microseconds(handle, CURLINFO_NAMELOOKUP_TIME_T),
            connect: microseconds(handle, CURLINFO_CONNECT_TIME_T),
            tlsHandshake: microseconds(handle, CURLINFO_APPCONNECT_TIME_T),
            preTransfer: microseconds(handle, CURLINFO_PRETRANSFER_TIME_T),
            firstByte: microseconds(handle, CURLINFO_STARTTRANSFER_TIME_T),
            total: microseconds(handle, CURLINFO_TOTAL_TIME_T),
            redirect: microseconds(handle, CURLINFO_REDIRECT_TIME_T),
            redirectCount: long(handle, CURLINFO_REDIRECT_COUNT),
            connectionsOpened: long(handle, CURLINFO_NUM_CONNECTS),
            completedAt: .now
        )
    }

    /// The HTTP version the last response came over, as `HTTP/1.1`, `HTTP/2`, `HTTP/3`.
    /// nil when libcurl does not say (then the status line does).
    static func httpVersion(_ handle: UnsafeMutableRawPointer) -> String? {
        switch long(handle, CURLINFO_HTTP_VERSION) {
        case CURL_HTTP_VERSION_1_0: "HTTP/1.0"
        case CURL_HTTP_VERSION_1_1: "HTTP/1.1"
        case CURL_HTTP_VERSION_2_0: "HTTP/2"
        case CURL_HTTP_VERSION_3: "HTTP/3"
        default: nil
        }
    }
}
