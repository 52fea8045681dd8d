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

extension CurlOptionSetter {
    /// TLS verification, the CA file, the client certificate and the proxy: set alike for an
    /// HTTP transfer and for a `wss://` tunnel (`CurlTLSTunnel`), so both trust and present the same.
    func setConnectionSecurity(
        verifyTLS: Bool, caFile: String?, clientCertificate: String?, clientKey: String?,
        clientKeyPassphrase: String?, proxy: String?, proxyCAFile: String?
    ) throws(CurlFailure) {
        try set(CURLOPT_SSL_VERIFYPEER, verifyTLS ? 1 : 0)
        try set(CURLOPT_SSL_VERIFYHOST, verifyTLS ? 2 : 0)
        if let caFile { try set(CURLOPT_CAINFO, caFile) }
        if let clientCertificate { try set(CURLOPT_SSLCERT, clientCertificate) }
        if let clientKey { try set(CURLOPT_SSLKEY, clientKey) }
        if let clientKeyPassphrase { try set(CURLOPT_KEYPASSWD, clientKeyPassphrase) }
        if let proxy {
            try set(CURLOPT_PROXY, proxy)
        } else if ProxyEnvironment.isEmpty {
            try set(CURLOPT_PROXY, "")
        }
        if ProxyEnvironment.isEmpty { try set(CURLOPT_NOPROXY, "") }
        if let proxyCAFile { try set(CURLOPT_PROXY_CAINFO, proxyCAFile) }
    }
}
