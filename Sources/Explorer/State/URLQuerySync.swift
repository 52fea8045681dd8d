import Foundation
package import Workspace

/// Keeps the URL field and the Params tab in step: the field shows the URL with the enabled
/// query rows after `?`, and editing it turns what follows `?` back into rows (switched-off rows
/// and descriptions stay where they were). `:name` path segments get a path-parameter row each.
package enum URLQuerySync {
    /// The URL text the field shows: the saved URL and its enabled query rows.
    package static func compose(url: String, query: [KeyValueRow]) -> String {
        let pairs = query.filter(\.enabled).map { $0.value.isEmpty && $0.name.isEmpty ? "" : $0.name + "=" + $0.value }
            .filter { !$0.isEmpty }
        guard !pairs.isEmpty else { return url }
        return url + (url.contains("?") ? "&" : "?") + pairs.joined(separator: "&")
    }

    /// Splits field text into the URL before `?` and the query pairs after it (percent escapes
    /// decoded, so a pasted URL is not encoded twice when sent).
    package static func split(_ text: String) -> (url: String, pairs: [(name: String, value: String)]) {
        guard let mark = text.firstIndex(of: "?") else { return (text, []) }
        let url = String(text[..<mark])
        // A fragment (`#top`) is never sent: it is not part of the last value (`a=1#top` sent
        // as `a=1%23top`), as curl and browsers leave it out.
        let query = text[text.index(after: mark)...].prefix { $0 != "#" }
        let pairs = query.split(separator: "&").compactMap { item -> (String, String)? in
            guard !item.isEmpty else { return nil }
            if let equals = item.firstIndex(of: "=") {
                return (decode(item[..<equals]), decode(item[item.index(after: equals)...]))
            }
            return (decode(item), "")
        }
        return (url, pairs)
    }

    /// `request` with its URL and query rows taken from the field text `text`. A path parameter
    /// that comes back (an undo, a segment typed again) takes its value from `earlier` (the saved
    /// request) when the draft no longer has it.
    package static func apply(_ text: String, to request: inout SavedRequest, earlier: [KeyValueRow] = []) {
        let (url, pairs) = split(text)
        request.url = url
        var rows: [KeyValueRow] = []
        var next = 0
        for row in request.query {
            if !row.enabled {
                rows.append(row)
            } else if next < pairs.count {
                var updated = row
                updated.name = pairs[next].name
                updated.value = pairs[next].value
                rows.append(updated)
                next += 1
            }
        }
        for pair in pairs[next...] { rows.append(KeyValueRow(name: pair.name, value: pair.value)) }
        request.query = rows
        let known = Set(request.pathParams.map(\.name))
        request.pathParams = pathParameters(
            in: url, keeping: request.pathParams + earlier.filter { !known.contains($0.name) })
    }

    /// One row per `:name` path segment, in order; existing rows keep their values.
    package static func pathParameters(in url: String, keeping existing: [KeyValueRow]) -> [KeyValueRow] {
        let pathPart = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let afterScheme = pathPart.range(of: "://").map { pathPart[$0.upperBound...] } ?? pathPart[...]
        let names = afterScheme.split(separator: "/").filter { $0.hasPrefix(":") && $0.count > 1 }.map {
            String($0.dropFirst())
        }
        guard !names.isEmpty || !existing.isEmpty else { return existing }
        var result: [KeyValueRow] = []
        for name in names where !result.contains(where: { $0.name == name }) {
            result.append(existing.first { $0.name == name } ?? KeyValueRow(name: name, value: ""))
        }
        return result
    }

    /// Percent escapes decoded where they form valid UTF-8; anything else is kept as typed.
    static func decode(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex),
                high < utf8.endIndex, let low = utf8.index(high, offsetBy: 1, limitedBy: utf8.endIndex),
                low < utf8.endIndex, let h = hex(utf8[high]), let l = hex(utf8[low])
            {
                bytes.append(h << 4 | l)
                index = utf8.index(after: low)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(text)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
