/// RFC 3986 reference resolution for `$id`, `$ref` and `$dynamicRef`: enough of it for the
/// identifiers schemas use (http(s), file, urn and tag URIs, relative paths, fragments).
enum SchemaURI {
    /// The parts of a URI reference (RFC 3986 §3): nil for a part that is absent.
    struct Parts {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?

        init(_ text: String) {
            var rest = Substring(text)
            if let hash = rest.firstIndex(of: "#") {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let question = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: question)...])
                rest = rest[..<question]
            }
            if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter,
                rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
            {
                scheme = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                rest = rest.dropFirst(2)
                let slash = rest.firstIndex(of: "/") ?? rest.endIndex
                authority = String(rest[..<slash])
                rest = rest[slash...]
            }
            path = String(rest)
        }

        var text: String {
            var result = ""
            if let scheme { result += scheme + ":" }
            if let authority { result += "//" + authority }
            result += path
            if let query { result += "?" + query }
            if let fragment { result += "#" + fragment }
            return result
        }
    }

    /// `reference` resolved against `base` (RFC 3986 §5.2.2).
    static func resolve(_ reference: String, against base: String) -> String {
        let ref = Parts(reference)
        if ref.scheme != nil || base.isEmpty {
            var target = ref
            target.path = removeDotSegments(ref.path)
            return target.text
        }
        let baseParts = Parts(base)
        var target = Parts("")
        target.scheme = baseParts.scheme
        target.fragment = ref.fragment
        if ref.authority != nil {
            target.authority = ref.authority
            target.path = removeDotSegments(ref.path)
            target.query = ref.query
        } else {
            target.authority = baseParts.authority
            if ref.path.isEmpty {
                target.path = baseParts.path
                target.query = ref.query ?? baseParts.query
            } else {
                if ref.path.hasPrefix("/") {
                    target.path = removeDotSegments(ref.path)
                } else if baseParts.scheme != nil, baseParts.authority == nil, !baseParts.path.contains("/") {
                    // urn:, tag: and the like have no hierarchy to merge into.
                    target.path = ref.path
                } else {
                    let merged: String
                    if baseParts.authority != nil, baseParts.path.isEmpty {
                        merged = "/" + ref.path
                    } else if let slash = baseParts.path.lastIndex(of: "/") {
                        merged = baseParts.path[...slash] + ref.path
                    } else {
                        merged = ref.path
                    }
                    target.path = removeDotSegments(merged)
                }
                target.query = ref.query
            }
        }
        return target.text
    }

    /// RFC 3986 §5.2.4.
    static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
                if isLast { output.append("") }
            default: output.append(segment)
            }
        }
        var result = output.joined(separator: "/")
        if path.hasPrefix("/"), !result.hasPrefix("/") { result = "/" + result }
        return result
    }

    /// The URI without its fragment, and the fragment (percent-decoded), if any.
    static func split(_ uri: String) -> (base: String, fragment: String?) {
        guard let hash = uri.firstIndex(of: "#") else { return (uri, nil) }
        return (String(uri[..<hash]), percentDecoded(String(uri[uri.index(after: hash)...])))
    }

    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
