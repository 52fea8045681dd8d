import Foundation
import Workspace

/// A Postman `url` (a string, or an object with or without `raw`) split the way Lazer saves it:
/// the URL without its query, the query as rows, and `:name` path variables as path parameters.
struct PostmanURL {
    var url = ""
    var query: [KeyValueRow] = []
    var pathParams: [KeyValueRow] = []
    /// The `#fragment`, which HTTP never sends; reported when present.
    var fragment: String?

    static func read(_ value: JSONValue?, rewrite: (String, String) -> String) -> PostmanURL {
        var result = PostmanURL()
        guard let value else { return result }
        if let text = value.string {
            result.split(rewrite(text, value.path))
            return result
        }
        guard value.isObject else { return result }
        if let raw = value["raw"]?.string, !raw.isEmpty {
            result.split(rewrite(raw, value.path + ".raw"))
        } else {
            result.url = rewrite(assemble(value), value.path)
        }
        if let query = value["query"], query.isArray {
            // The items are what Postman sends (`raw` is for display, often not encoded: a value
            // holding `&`): a query `raw` left in the URL gives way to them.
            if let mark = result.url.firstIndex(of: "?") { result.url = String(result.url[..<mark]) }
            let items = query.items.filter(\.isObject)
            if items.contains(where: isFlag) {
                result.keepInURL(items, rewrite: rewrite)
                result.finish(value, rewrite: rewrite)
                return result
            }
            result.query = items.compactMap { item in
                let name = item["key"]?.text ?? ""
                let rowValue = item["value"]?.text ?? ""
                if name.isEmpty && rowValue.isEmpty { return nil }
                return KeyValueRow(
                    name: QueryRows.decode(Substring(rewrite(name, item.path))),
                    value: QueryRows.decode(Substring(rewrite(rowValue, item.path))),
                    enabled: item["disabled"]?.bool != true, description: item["description"]?.descriptionText)
            }
        }
        result.finish(value, rewrite: rewrite)
        return result
    }

    /// An enabled query item with a key and no value (`null`): Postman sends it as `?key`.
    private static func isFlag(_ item: JSONValue) -> Bool {
        item["disabled"]?.bool != true && item["value"]?.text == nil && !(item["key"]?.text ?? "").isEmpty
    }

    /// A query with a key that has no value stays in the URL as Postman sends it (`?a=1&flag`):
    /// as a row the flag would be sent as `flag=`. Disabled items stay rows (they are not sent).
    private mutating func keepInURL(_ items: [JSONValue], rewrite: (String, String) -> String) {
        query = []
        var pairs: [String] = []
        for item in items {
            let name = rewrite(item["key"]?.text ?? "", item.path)
            let text = item["value"]?.text.map { rewrite($0, item.path) }
            guard item["disabled"]?.bool != true else {
                query.append(
                    KeyValueRow(
                        name: QueryRows.decode(Substring(name)), value: QueryRows.decode(Substring(text ?? "")),
                        enabled: false, description: item["description"]?.descriptionText))
                continue
            }
            if name.isEmpty && (text ?? "").isEmpty { continue }
            pairs.append(text.map { name + "=" + $0 } ?? name)
        }
        if !pairs.isEmpty { url += "?" + pairs.joined(separator: "&") }
    }

    /// The fragment, the path variables and the scheme, once the URL and its query are read.
    private mutating func finish(_ value: JSONValue, rewrite: (String, String) -> String) {
        if let hash = value["hash"]?.string, !hash.isEmpty { fragment = hash }
        for item in value["variable"]?.items ?? [] {
            guard let name = item["key"]?.text ?? item["id"]?.text, !name.isEmpty else { continue }
            pathParams.append(
                KeyValueRow(
                    name: name, value: rewrite(item["value"]?.text ?? "", item.path),
                    enabled: item["disabled"]?.bool != true, description: item["description"]?.descriptionText))
        }
        url = Self.withScheme(url)
    }

    /// A URL from `protocol`, `host`, `port` and `path` when there is no `raw`.
    private static func assemble(_ value: JSONValue) -> String {
        func joined(_ part: JSONValue?, _ separator: String) -> String {
            guard let part else { return "" }
            if let text = part.text { return text }
            return part.items.compactMap { $0.text ?? $0["value"]?.text }.joined(separator: separator)
        }
        var url = ""
        if let scheme = value["protocol"]?.string, !scheme.isEmpty { url += scheme + "://" }
        url += joined(value["host"], ".")
        if let port = value["port"]?.text, !port.isEmpty { url += ":" + port }
        let path = joined(value["path"], "/")
        if !path.isEmpty { url += path.hasPrefix("/") ? path : "/" + path }
        return url
    }

    /// Splits a raw URL into the URL, its query rows and its fragment.
    private mutating func split(_ raw: String) {
        var text = Substring(raw)
        if let hash = text.firstIndex(of: "#") {
            let fragment = String(text[text.index(after: hash)...])
            if !fragment.isEmpty { self.fragment = fragment }
            text = text[..<hash]
        }
        query = QueryRows.splitOff(&text)
        url = Self.withScheme(String(text))
    }

    /// Postman sends a URL without a scheme over http; Lazer needs the scheme written.
    static func withScheme(_ url: String) -> String {
        if url.isEmpty || url.hasPrefix("/") || url.hasPrefix("{{") || url.contains("://") { return url }
        return "http://" + url
    }
}
