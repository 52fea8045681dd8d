import CCurl

/// Sets easy options and turns a failing `CURLcode` into a `CurlFailure` naming the option.
struct CurlOptionSetter {
    let handle: UnsafeMutableRawPointer

    func check(_ code: CURLcode, _ what: @autoclosure () -> String = "option") throws(CurlFailure) {
        guard code == CURLE_OK else {
            throw CurlFailure(
                cause: .curl(Int(code.rawValue)), message: "\(what()): \(String(cString: curl_easy_strerror(code)))")
        }
    }

    func set(_ option: CURLoption, _ value: Int) throws(CurlFailure) {
        try check(ccurl_easy_setopt_long(handle, option, value), "option \(option.rawValue)")
    }

    /// libcurl copies the string; `withCString` lends a native string's own bytes (no temporary array).
    func set(_ option: CURLoption, _ value: String) throws(CurlFailure) {
        let code = value.withCString { ccurl_easy_setopt_string(handle, option, $0) }
        try check(code, "option \(option.rawValue)")
    }

    func offset(_ option: CURLoption, _ value: Int64) throws(CurlFailure) {
        try check(ccurl_easy_setopt_off_t(handle, option, curl_off_t(value)), "option \(option.rawValue)")
    }

    func pointer(_ option: CURLoption, _ value: UnsafeMutableRawPointer?) throws(CurlFailure) {
        try check(ccurl_easy_setopt_pointer(handle, option, value), "option \(option.rawValue)")
    }

    func slist(_ option: CURLoption, _ value: UnsafeMutablePointer<curl_slist>?) throws(CurlFailure) {
        try check(ccurl_easy_setopt_slist(handle, option, value), "option \(option.rawValue)")
    }
}
