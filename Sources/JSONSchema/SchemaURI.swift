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

        /// Taken apart by bytes: every delimiter is ASCII, and walking characters cost grapheme
        /// breaking on every `$id` and `$ref` of every schema compiled.
        init(_ text: String) {
            let utf8 = text.utf8
            var start = utf8.startIndex
            var end = utf8.endIndex
            if let hash = utf8[...].firstIndex(ofByte: UInt8(ascii: "#")) {
                fragment = String(text[utf8.index(after: hash)...])
                end = hash
            }
            if let question = utf8[start..<end].firstIndex(ofByte: UInt8(ascii: "?")) {
                query = String(text[utf8.index(after: question)..<end])
                end = question
            }
            // RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":".
            if let colon = utf8[start..<end].firstIndex(ofByte: UInt8(ascii: ":")), colon != start,
                Self.isLetter(utf8[start]), utf8[start..<colon].allSatisfy(Self.isSchemeByte)
            {
                scheme = String(text[start..<colon])
                start = utf8.index(after: colon)
            }
            let rest = utf8[start..<end]
            if rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
                let authorityStart = utf8.index(start, offsetBy: 2)
                let slash = utf8[authorityStart..<end].firstIndex(ofByte: UInt8(ascii: "/")) ?? end
                authority = String(text[authorityStart..<slash])
                start = slash
            }
            path = String(text[start..<end])
        }

        static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

        static func isSchemeByte(_ byte: UInt8) -> Bool {
            isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
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
        // A fragment (`#/$defs/a`, `#anchor`), the most common reference by far, keeps all of
        // the base but its fragment: no parts taken apart and put together again.
        if reference.utf8.first == UInt8(ascii: "#") {
            guard let hash = base.utf8[...].firstIndex(ofByte: UInt8(ascii: "#")) else { return base + reference }
            return String(base[..<hash]) + reference
        }
        // An absolute reference (or any against no base) without dot segments is its own
        // result: most `$id`s and remote `$ref`s, spared taking apart and putting together.
        if isPlain(reference), base.isEmpty || hasScheme(reference) { return reference }
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
                } else if baseParts.scheme != nil, baseParts.authority == nil,
                    !baseParts.path.utf8.contains(UInt8(ascii: "/"))
                {
                    // urn:, tag: and the like have no hierarchy to merge into.
                    target.path = ref.path
                } else {
                    let merged: String
                    if baseParts.authority != nil, baseParts.path.isEmpty {
                        merged = "/" + ref.path
                    } else if let slash = baseParts.path.utf8.lastIndex(of: UInt8(ascii: "/")) {
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

    /// Whether `reference` starts with a scheme (`Parts` would find one).
    private static func hasScheme(_ reference: String) -> Bool {
        var utf8 = reference.utf8.makeIterator()
        guard let first = utf8.next(), Parts.isLetter(first) else { return false }
        while let byte = utf8.next() {
            if byte == UInt8(ascii: ":") { return true }
            guard Parts.isSchemeByte(byte) else { return false }
        }
        return false
    }

    /// Whether no `.` starts `reference` or follows a `/` or `:` in it: then its path has no
    /// dot segment for `removeDotSegments` to remove.
    private static func isPlain(_ reference: String) -> Bool {
        var previous = UInt8(ascii: "/")
        for byte in reference.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: "/") || previous == UInt8(ascii: ":") {
                return false
            }
            previous = byte
        }
        return true
    }

    /// RFC 3986 §5.2.4.
    static func removeDotSegments(_ path: String) -> String {
        guard hasDotSegment(path) else { return path }
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

    /// Whether a segment of `path` is `.` or `..` (a dot inside a name, `schema.json`, is none).
    private static func hasDotSegment(_ path: String) -> Bool {
        var dots = 0
        var onlyDots = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if onlyDots, dots == 1 || dots == 2 { return true }
                dots = 0
                onlyDots = true
            } else if byte == UInt8(ascii: ".") {
                dots += 1
            } else {
                onlyDots = false
            }
        }
        return onlyDots && (dots == 1 || dots == 2)
    }

    /// The URI without its fragment, and the fragment (percent-decoded), if any.
    static func split(_ uri: String) -> (base: String, fragment: String?) {
        guard let hash = uri.utf8[...].firstIndex(ofByte: UInt8(ascii: "#")) else { return (uri, nil) }
        return (String(uri[..<hash]), percentDecoded(String(uri[uri.utf8.index(after: hash)...])))
    }

    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
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

extension Substring.UTF8View {
    /// `firstIndex(of:)` over the contiguous bytes: the generic one stepped index by index (some
    /// 30 instructions a byte) through every `$id` and `$ref` compiled.
    func firstIndex(ofByte byte: UInt8) -> Index? {
        if let offset = withContiguousStorageIfAvailable({ $0.firstIndex(of: byte) }) {
            return offset.map { index(startIndex, offsetBy: $0) }
        }
        return firstIndex(of: byte)
    }
}
