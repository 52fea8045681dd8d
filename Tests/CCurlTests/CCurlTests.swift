import CCurl
import Foundation
import LoopbackTesting
import Testing

/// What the C callbacks collect; passed to them as the `userdata` pointer.
private final class Collector {
    var body = Data()
    var headerLines: [String] = []
    var progressCalls = 0
    var debugTexts: [String] = []
    var upload: [UInt8] = []
    var uploadOffset = 0
    var seeks = 0
}

private func pointer(_ collector: Collector) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(collector).toOpaque()
}

private func unbox(_ raw: UnsafeMutableRawPointer?) -> Collector? {
    raw.map { Unmanaged<Collector>.fromOpaque($0).takeUnretainedValue() }
}

/// An easy handle that collects body, headers, progress and debug text into `collector`.
private func makeHandle(_ url: URL, _ collector: Collector) throws -> UnsafeMutableRawPointer {
    let handle = try #require(curl_easy_init())
    #expect(ccurl_easy_setopt_string(handle, CURLOPT_URL, url.absoluteString) == CURLE_OK)
    #expect(ccurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1) == CURLE_OK)
    #expect(ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, pointer(collector)) == CURLE_OK)
    #expect(
        ccurl_easy_setopt_write_function(handle) { data, size, count, user in
            guard let data, let target = unbox(user) else { return 0 }
            target.body.append(UnsafeRawBufferPointer(start: data, count: size * count).bindMemory(to: UInt8.self))
            return size * count
        } == CURLE_OK)
    #expect(ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, pointer(collector)) == CURLE_OK)
    #expect(
        ccurl_easy_setopt_header_function(handle) { data, size, count, user in
            guard let data, let target = unbox(user) else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            target.headerLines.append(String(decoding: bytes, as: UTF8.self))
            return size * count
        } == CURLE_OK)
    #expect(ccurl_easy_setopt_long(handle, CURLOPT_NOPROGRESS, 0) == CURLE_OK)
    #expect(ccurl_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, pointer(collector)) == CURLE_OK)
    #expect(
        ccurl_easy_setopt_xferinfo_function(handle) { user, _, _, _, _ in
            unbox(user)?.progressCalls += 1
            return 0
        } == CURLE_OK)
    return handle
}

@Suite("CCurl: typed wrappers over libcurl, against a loopback server")
struct CCurlTests {
    init() {
        _ = ccurl_global_init_all()
    }

    @Test("version info reports the libcurl and TLS library the process loaded")
    func versionInfo() throws {
        let info = ccurl_version_info()
        let version = String(cString: try #require(info.version))
        #expect(String(cString: curl_version()).contains("libcurl/\(version)"))
        #expect(info.version_number >= 0x07_4000)
        let ssl = String(cString: try #require(info.ssl_version))
        #expect(ssl.contains("OpenSSL"))
        // Debian's libcurl4-openssl-dev (a `make deps` package) is built with nghttp2, zlib, brotli and zstd.
        #expect(info.http2 == 1)
        #expect(info.libz == 1)
        #expect(info.brotli == 1)
        #expect(info.zstd == 1)
        #expect(info.ipv6 == 1)
    }

    @Test("GET with string, long and slist options; write, header and progress callbacks; info of every kind")
    func getWithInfo() throws {
        let server = try LoopbackServer.shared()
        let box = Collector()
        let handle = try makeHandle(server.url("/echo?via=ccurl"), box)
        defer { curl_easy_cleanup(handle) }
        var headers: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "X-Lazer-Test: yes")
        headers = curl_slist_append(headers, "Cookie: flavour=plain")
        defer { curl_slist_free_all(headers) }
        #expect(ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headers) == CURLE_OK)
        #expect(ccurl_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, 20_000) == CURLE_OK)
        #expect(ccurl_easy_setopt_off_t(handle, CURLOPT_MAX_RECV_SPEED_LARGE, 0) == CURLE_OK)

        #expect(curl_easy_perform(handle) == CURLE_OK)

        var status = 0
        #expect(ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK)
        #expect(status == 200)
        var total = -1.0
        #expect(ccurl_easy_getinfo_double(handle, CURLINFO_TOTAL_TIME, &total) == CURLE_OK)
        #expect(total >= 0)
        var downloaded: curl_off_t = 0
        #expect(ccurl_easy_getinfo_off_t(handle, CURLINFO_SIZE_DOWNLOAD_T, &downloaded) == CURLE_OK)
        #expect(Int(downloaded) == box.body.count)
        var contentType: UnsafePointer<CChar>?
        #expect(ccurl_easy_getinfo_string(handle, CURLINFO_CONTENT_TYPE, &contentType) == CURLE_OK)
        #expect(contentType.map { String(cString: $0) } == "application/json")

        let echo = String(decoding: box.body, as: UTF8.self)
        #expect(echo.contains("[\"X-Lazer-Test\", \"yes\"]"))
        #expect(echo.contains("\"query\": \"via=ccurl\""))
        #expect(box.headerLines.first?.hasPrefix("HTTP/1.1 200") == true)
        #expect(box.headerLines.contains { $0.lowercased().hasPrefix("content-type: application/json") })
        #expect(box.progressCalls > 0)
    }

    @Test("POST streamed by read and seek callbacks, traced by the debug callback")
    func postWithReadSeekAndDebug() throws {
        let server = try LoopbackServer.shared()
        let box = Collector()
        box.upload = Array("streamed upload body".utf8)
        let handle = try makeHandle(server.url("/echo"), box)
        defer { curl_easy_cleanup(handle) }
        #expect(ccurl_easy_setopt_long(handle, CURLOPT_POST, 1) == CURLE_OK)
        #expect(ccurl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(box.upload.count)) == CURLE_OK)
        #expect(ccurl_easy_setopt_pointer(handle, CURLOPT_READDATA, pointer(box)) == CURLE_OK)
        #expect(
            ccurl_easy_setopt_read_function(handle) { buffer, size, count, user in
                guard let buffer, let source = unbox(user) else { return ccurl_readfunc_abort() }
                let amount = min(size * count, source.upload.count - source.uploadOffset)
                source.upload.withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    memcpy(buffer, base + source.uploadOffset, amount)
                }
                source.uploadOffset += amount
                return amount
            } == CURLE_OK)
        #expect(ccurl_easy_setopt_pointer(handle, CURLOPT_SEEKDATA, pointer(box)) == CURLE_OK)
        #expect(
            ccurl_easy_setopt_seek_function(handle) { user, offset, _ in
                guard let source = unbox(user) else { return 1 }
                source.uploadOffset = Int(offset)
                source.seeks += 1
                return 0
            } == CURLE_OK)
        #expect(ccurl_easy_setopt_long(handle, CURLOPT_VERBOSE, 1) == CURLE_OK)
        #expect(ccurl_easy_setopt_pointer(handle, CURLOPT_DEBUGDATA, pointer(box)) == CURLE_OK)
        #expect(
            ccurl_easy_setopt_debug_function(handle) { _, type, data, size, user in
                guard let data, type == CURLINFO_HEADER_OUT else { return 0 }
                let text = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
                unbox(user)?.debugTexts.append(text)
                return 0
            } == CURLE_OK)

        #expect(curl_easy_perform(handle) == CURLE_OK)

        let echo = String(decoding: box.body, as: UTF8.self)
        #expect(echo.contains("\"method\": \"POST\""))
        let expected = Data("streamed upload body".utf8).base64EncodedString()
        #expect(echo.contains("\"body\": \"\(expected)\""))
        #expect(box.debugTexts.joined().hasPrefix("POST /echo HTTP/1.1"))
    }

    @Test("cookie list comes back through the slist getinfo")
    func cookieList() throws {
        let server = try LoopbackServer.shared()
        let box = Collector()
        let handle = try makeHandle(server.url("/cookies/set?flavour=chocolate"), box)
        defer { curl_easy_cleanup(handle) }
        #expect(ccurl_easy_setopt_string(handle, CURLOPT_COOKIEFILE, "") == CURLE_OK)
        #expect(curl_easy_perform(handle) == CURLE_OK)
        var list: UnsafeMutablePointer<curl_slist>?
        #expect(ccurl_easy_getinfo_slist(handle, CURLINFO_COOKIELIST, &list) == CURLE_OK)
        defer { curl_slist_free_all(list) }
        var cookies: [String] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data { cookies.append(String(cString: data)) }
            node = current.pointee.next
        }
        #expect(cookies.count == 1)
        #expect(cookies.first?.hasSuffix("flavour\tchocolate") == true)
    }

    @Test("HTTPS: the certificate chain comes back through certinfo when the test CA is trusted")
    func certificateInfo() throws {
        let server = try LoopbackServer.shared()
        let box = Collector()
        let handle = try makeHandle(server.tlsURL("/json"), box)
        defer { curl_easy_cleanup(handle) }
        #expect(ccurl_easy_setopt_string(handle, CURLOPT_CAINFO, server.certificate.certificateFile.path) == CURLE_OK)
        #expect(ccurl_easy_setopt_long(handle, CURLOPT_CERTINFO, 1) == CURLE_OK)
        #expect(curl_easy_perform(handle) == CURLE_OK)
        var info: UnsafeMutablePointer<curl_certinfo>?
        #expect(ccurl_easy_getinfo_certinfo(handle, &info) == CURLE_OK)
        let chain = try #require(info)
        #expect(chain.pointee.num_of_certs == 1)
        var fields: [String] = []
        var node = chain.pointee.certinfo?.pointee
        while let current = node {
            if let data = current.pointee.data { fields.append(String(cString: data)) }
            node = current.pointee.next
        }
        #expect(fields.contains { $0.hasPrefix("Subject:") && $0.contains("Lazer loopback test") })
    }

    @Test("multi interface: options set, two transfers driven by curl_multi_poll to completion")
    func multi() throws {
        let server = try LoopbackServer.shared()
        let multi = try #require(curl_multi_init())
        defer { curl_multi_cleanup(multi) }
        #expect(ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, 8) == CURLM_OK)
        #expect(ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 2) == CURLM_OK)
        let boxes = [Collector(), Collector()]
        let handles = try boxes.map { try makeHandle(server.url("/json"), $0) }
        defer { handles.forEach { curl_easy_cleanup($0) } }
        for handle in handles { #expect(curl_multi_add_handle(multi, handle) == CURLM_OK) }
        var running: Int32 = 1
        var rounds = 0
        while running > 0 && rounds < 10_000 {
            #expect(curl_multi_perform(multi, &running) == CURLM_OK)
            if running > 0 { #expect(curl_multi_poll(multi, nil, 0, 1000, nil) == CURLM_OK) }
            rounds += 1
        }
        var finished = 0
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            if message.pointee.msg == CURLMSG_DONE {
                #expect(message.pointee.data.result == CURLE_OK)
                finished += 1
            }
        }
        for handle in handles { curl_multi_remove_handle(multi, handle) }
        #expect(finished == 2)
        #expect(boxes.allSatisfy { String(decoding: $0.body, as: UTF8.self).contains("\"name\": \"lazer\"") })
    }
}
