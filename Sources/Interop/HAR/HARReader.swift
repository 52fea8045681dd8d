import Foundation
import HTTPCore
import Workspace

/// Reads a HAR 1.2 capture (browser or proxy export) into requests, a folder per host in the order
/// hosts first appear. What was sent is what the request sends: the URL's own query, the headers
/// less HTTP/2 pseudo-headers and those the transport computes, cookies, and the post data.
struct HARReader {
    let source: ImportSource
    let options: ImportOptions
    private var report = ImportReport()
    private var usedIDs: Set<String> = []
    private var pseudoHeaderEntries: [ImportLocation] = []
    private var acceptEncodingEntries: [ImportLocation] = []

    /// Headers the transport writes itself from the URL and the body; sending the recorded ones
    /// would contradict it (a stale Content-Length, a boundary that is not the one sent).
    static let computedHeaders: Set<String> = [
        "content-length", "connection", "keep-alive", "transfer-encoding", "te", "upgrade", "proxy-connection",
        "host",
    ]

    init(source: ImportSource, options: ImportOptions) {
        self.source = source
        self.options = options
    }

    mutating func read() throws(ImportError) -> ImportResult {
        let input = try JSONInput(source, what: "HAR file")
        let root = input.root
        guard root.isObject, let log = root["log"], log.isObject else {
            throw ImportError("expected a HAR file: a JSON object with \"log\"", at: root.location)
        }
        guard let entries = log["entries"], entries.isArray else {
            throw ImportError("expected a HAR file: \"log\" has no \"entries\" array", at: log.location)
        }
        let title = log["pages"]?.items.first?["title"]?.text.flatMap { $0.isEmpty ? nil : $0 }
        let name = options.collectionName ?? Importer.defaultName(for: source)
        var hosts: [String] = []
        var requestsByHost: [String: [SavedRequest]] = [:]
        var responses = 0
        for entry in entries.items {
            guard entry.isObject, let request = entry["request"], request.isObject else {
                report.add("entry without a request", at: entry.location, kept: "left out")
                continue
            }
            guard let saved = readRequest(entry, request: request) else { continue }
            if let status = entry["response"]?["status"]?.int, status > 0 { responses += 1 }
            let host = Self.host(of: saved.url)
            if requestsByHost[host] == nil { hosts.append(host) }
            requestsByHost[host, default: []].append(saved)
        }
        // An empty collection "imported" from a capture of nothing but WebSockets, data: URLs or
        // broken entries looked like success; it says what was found instead and fails.
        if hosts.isEmpty { throw Self.noUsableEntries(entries, report: report) }
        if let first = pseudoHeaderEntries.first {
            report.add(
                "HTTP/2 pseudo-headers (:method, :path, :authority, :scheme) in \(pseudoHeaderEntries.count) entr"
                    + (pseudoHeaderEntries.count == 1 ? "y" : "ies"), at: first,
                kept: "never sent as headers; the method and URL carry them")
        }
        if let first = acceptEncodingEntries.first {
            report.add(
                "Accept-Encoding header in \(acceptEncodingEntries.count) entr"
                    + (acceptEncodingEntries.count == 1 ? "y" : "ies"), at: first,
                kept: "left out: the transport asks for the encodings it can decode")
        }
        if responses > 0 {
            report.add(
                "\(responses) recorded response\(responses == 1 ? "" : "s") (a HAR import keeps the requests)",
                at: entries.location)
        }
        let folders = hosts.map { Folder(name: $0, requests: requestsByHost[$0] ?? []) }
        let collection = RequestCollection(
            id: StableID.make("har", source.name, name), name: name, description: title.map { "Captured from \($0)" },
            folders: folders)
        return ImportResult(collection: collection, report: report)
    }

    /// The error for a capture without one entry Lazer can send: how many entries it has and why
    /// each was left out (the first three reasons, then how many more).
    static func noUsableEntries(_ entries: JSONValue, report: ImportReport) -> ImportError {
        let count = entries.items.count
        guard count > 0 else {
            return ImportError("no usable entries: the capture's \"entries\" array is empty", at: entries.location)
        }
        let reasons = report.items.map { $0.what }
        var unique: [String] = []
        for reason in reasons where !unique.contains(reason) { unique.append(reason) }
        var why = unique.prefix(3).joined(separator: "; ")
        if unique.count > 3 { why += "; \(unique.count - 3) more" }
        let because = why.isEmpty ? "" : " (\(why))"
        return ImportError(
            count == 1
                ? "no usable entries: its one entry is not an HTTP or HTTPS request Lazer can send\(because)"
                : "no usable entries: none of its \(count) entries is an HTTP or HTTPS request Lazer can send\(because)",
            at: entries.location)
    }

    private mutating func readRequest(_ entry: JSONValue, request: JSONValue) -> SavedRequest? {
        guard let rawURL = request["url"]?.string, !rawURL.isEmpty else {
            report.add("entry without a URL", at: request.location, kept: "left out")
            return nil
        }
        let lowerURL = rawURL.lowercased()
        guard lowerURL.hasPrefix("http://") || lowerURL.hasPrefix("https://") else {
            let scheme = rawURL.prefix { $0 != ":" }
            report.add("\(scheme): request (only HTTP and HTTPS are sent)", at: request.location, kept: "left out")
            return nil
        }
        let methodText = request["method"]?.text ?? "GET"
        guard let method = RequestMethod(rawValue: methodText) else {
            report.add("method \(methodText) (not an HTTP token)", at: request.location, kept: "left out")
            return nil
        }
        var url = Substring(rawURL)
        if let hash = url.firstIndex(of: "#") { url = url[..<hash] }
        var query: [KeyValueRow] = []
        if url.contains("?") {
            query = QueryRows.splitOff(&url)
        } else {
            query = (request["queryString"]?.items ?? []).compactMap { item in
                item["name"]?.text.map { KeyValueRow(name: $0, value: item["value"]?.text ?? "") }
            }
        }
        var headers: [KeyValueRow] = []
        var sawPseudo = false
        var sawAcceptEncoding = false
        var hasCookieHeader = false
        let host = Self.host(of: String(url))
        for item in request["headers"]?.items ?? [] {
            guard let name = item["name"]?.text, !name.isEmpty else { continue }
            let value = item["value"]?.text ?? ""
            let lower = name.lowercased()
            if name.hasPrefix(":") {
                sawPseudo = true
                continue
            }
            if lower == "accept-encoding" {
                sawAcceptEncoding = true
                continue
            }
            if let problem = HeaderCheck.problem(name: name, value: value) {
                report.add(problem, at: item.location, kept: "left out")
                continue
            }
            if Self.computedHeaders.contains(lower) {
                if lower == "host", value.lowercased() != host.lowercased() {
                    headers.append(KeyValueRow(name: name, value: value))
                }
                continue
            }
            if lower == "cookie" { hasCookieHeader = true }
            headers.append(KeyValueRow(name: name, value: value))
        }
        if sawPseudo { pseudoHeaderEntries.append(request.location) }
        if sawAcceptEncoding { acceptEncodingEntries.append(request.location) }
        let cookies = (request["cookies"]?.items ?? []).compactMap { item -> String? in
            guard let name = item["name"]?.text else { return nil }
            return "\(name)=\(item["value"]?.text ?? "")"
        }
        if !hasCookieHeader, !cookies.isEmpty {
            headers.append(KeyValueRow(name: "Cookie", value: cookies.joined(separator: "; ")))
        }
        let body = readBody(request["postData"], headers: &headers)
        let path = url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }
        let shownPath = path.isEmpty ? "/" : String(path)
        let name =
            entry["comment"]?.string.flatMap { $0.isEmpty ? nil : $0 }
            ?? "\(methodText) \(shownPath.count > 60 ? String(shownPath.prefix(59)) + "…" : shownPath)"
        return SavedRequest(
            id: requestID(entry), name: name, method: method, url: String(url), query: query, headers: headers,
            body: body)
    }

    private mutating func readBody(_ value: JSONValue?, headers: inout [KeyValueRow]) -> SavedBody {
        guard let value, value.isObject else { return .empty }
        let mimeType = value["mimeType"]?.text ?? ""
        let lower = mimeType.lowercased()
        let text = value["text"]?.text ?? ""
        let params = value["params"]?.items ?? []
        let hasContentType = headers.contains { $0.name.lowercased() == "content-type" }
        if value["encoding"]?.string == "base64" {
            report.add(
                "binary post data (base64, \(mimeType.isEmpty ? "no type" : mimeType))", at: value.location,
                kept: "sent without a body: save the bytes to a file and use a file body")
            return .empty
        }
        if lower.hasPrefix("multipart/form-data") {
            // The recorded boundary is not the one Lazer will send.
            headers.removeAll { $0.name.lowercased() == "content-type" }
            if params.isEmpty, !text.isEmpty {
                report.add(
                    "multipart body without its parts listed", at: value.location,
                    kept: "sent as recorded text, with its original boundary")
                return SavedBody(.text(text, contentType: mimeType))
            }
            var parts: [SavedPart] = []
            for param in params {
                guard let name = param["name"]?.text else { continue }
                if let fileName = param["fileName"]?.string, !fileName.isEmpty {
                    report.add(
                        "file part \"\(name)\" (\(fileName)): a HAR does not hold file contents", at: param.location,
                        kept: "a text part with the recorded value")
                }
                parts.append(
                    SavedPart(
                        name: name, source: .text(param["value"]?.text ?? ""),
                        contentType: param["contentType"]?.string.flatMap { $0.isEmpty ? nil : $0 }))
            }
            return SavedBody(.multipart(parts))
        }
        if lower.hasPrefix("application/x-www-form-urlencoded") {
            headers.removeAll { $0.name.lowercased() == "content-type" && $0.value.lowercased() == lower }
            if !text.isEmpty { return SavedBody(.formURLEncoded(QueryRows.parse(Substring(text)))) }
            return SavedBody(
                .formURLEncoded(
                    params.compactMap { param in
                        param["name"]?.text.map {
                            KeyValueRow(
                                name: QueryRows.decode(Substring($0)),
                                value: QueryRows.decode(Substring(param["value"]?.text ?? "")))
                        }
                    }))
        }
        if text.isEmpty { return .empty }
        if lower.contains("json"), let json = try? StoredJSON(parsing: text) {
            if lower == "application/json" {
                headers.removeAll { $0.name.lowercased() == "content-type" && $0.value.lowercased() == lower }
            }
            return SavedBody(.json(json))
        }
        return SavedBody(.text(text, contentType: hasContentType || mimeType.isEmpty ? nil : mimeType))
    }

    /// The request id a Lazer HAR export wrote (`_requestId`), else one from the entry's place.
    private mutating func requestID(_ entry: JSONValue) -> String {
        if let id = entry["_requestId"]?.string, !id.isEmpty, usedIDs.insert(id).inserted { return id }
        var id = StableID.make("har", source.name, entry.path)
        while !usedIDs.insert(id).inserted { id = StableID.make("har", id) }
        return id
    }

    /// `example.com:8443` from `https://example.com:8443/path` (user info left out).
    static func host(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        rest = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        return rest.isEmpty ? "requests" : String(rest)
    }
}
