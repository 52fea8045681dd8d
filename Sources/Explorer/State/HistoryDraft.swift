import Foundation
import HTTPCore
package import Workspace

/// A history entry made a draft of its request: the method, URL, headers and body as they were
/// sent. History masks secrets (`••••••`), and a mask must never become a request's text: where
/// the entry's value is masked, the request's own template value stays (its URL, a header of the
/// same name, its body); a request made anew (its own is gone) gets `{{secret}}` instead, which
/// the send then reports as a variable to fill.
package enum HistoryDraft {
    package static let placeholder = "{{secret}}"

    /// `base` (the request as it is now, or a new empty one when `isNew`) with the entry's parts;
    /// `kept` names the parts that stayed the request's own (masked or not carried by history).
    package static func request(
        from entry: HistoryEntry, onto base: SavedRequest, isNew: Bool
    ) -> (request: SavedRequest, kept: [String]) {
        var request = base
        var kept: [String] = []
        let mask = Redactor.mask
        func filled(_ text: String) -> String { text.replacingOccurrences(of: mask, with: placeholder) }
        if let method = RequestMethod(rawValue: entry.method) { request.method = method }
        if !entry.url.contains(mask) || isNew {
            request.query = []
            request.pathParams = []
            URLQuerySync.apply(filled(entry.url), to: &request)
        } else {
            kept.append("URL")
        }
        request.headers = headers(entry, base: base, isNew: isNew, kept: &kept)
        body(entry, into: &request, isNew: isNew, kept: &kept)
        return (request, kept)
    }

    private static func headers(
        _ entry: HistoryEntry, base: SavedRequest, isNew: Bool, kept: inout [String]
    ) -> [KeyValueRow] {
        let mask = Redactor.mask
        // The request's auth (its own or its parents') still makes its Authorization header: not
        // written twice.
        let authMakesHeader = !isNew && base.auth.scheme != .none
        var rows: [KeyValueRow] = []
        for header in entry.requestHeaders {
            let lower = header.name.lowercased()
            if authMakesHeader, lower == "authorization" { continue }
            guard header.value.contains(mask) else {
                rows.append(KeyValueRow(name: header.name, value: header.value))
                continue
            }
            if isNew {
                rows.append(
                    KeyValueRow(
                        name: header.name, value: header.value.replacingOccurrences(of: mask, with: placeholder)))
            } else if let own = base.headers.first(where: { $0.name.lowercased() == lower }) {
                rows.append(own)
                kept.append(header.name)
            } else {
                // A secret the request did not write as a header (its auth, a cookie): left out.
                kept.append(header.name)
            }
        }
        // The request's headers switched off stay, switched off.
        rows += base.headers.filter { !$0.enabled }
        return rows
    }

    private static func body(_ entry: HistoryEntry, into request: inout SavedRequest, isNew: Bool, kept: inout [String])
    {
        guard let body = entry.requestBody else {
            request.body = .empty
            return
        }
        let mask = Redactor.mask
        switch request.body.content {
        case .formURLEncoded, .multipart, .file:
            // History has the encoded bytes, the request has rows or a file: the rows stay.
            kept.append("body")
            return
        default: break
        }
        guard body.encoding == .utf8, !body.truncated, !body.text.contains(mask) || isNew else {
            kept.append("body")
            return
        }
        let text = body.text.replacingOccurrences(of: mask, with: placeholder)
        let contentType = entry.requestHeaders.first { $0.name.lowercased() == "content-type" }?.value
        let isJSON: Bool
        switch request.body.content {
        case .json, .jsonText: isJSON = true
        default: isJSON = contentType?.lowercased().contains("json") == true
        }
        if isJSON {
            request.body = BodyText.replacing(SavedBody(.jsonText("")), with: text)
        } else {
            request.body = SavedBody(.text(text, contentType: contentType))
        }
    }
}
