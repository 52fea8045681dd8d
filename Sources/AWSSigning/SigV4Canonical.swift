/// The three canonical parts of a SigV4 canonical request that depend on the request's text:
/// the URI, the query and the headers (AWS "Create a canonical request"; botocore's
/// `SigV4Auth.canonical_request` is the reference the conformance vectors check).
enum SigV4Canonical {
    /// Headers never signed: a proxy or the transport may change, add or drop them (botocore
    /// 1.44's list: hop-by-hop headers, tracing, `user-agent`, `expect`).
    static let unsignedHeaders: Set<String> = [
        "baggage", "connection", "expect", "keep-alive", "proxy-authenticate", "proxy-authorization", "te",
        "traceparent", "tracestate", "trailer", "transfer-encoding", "upgrade", "user-agent", "x-amzn-trace-id",
    ]

    /// The canonical URI. Most services: dot segments and empty segments removed, then the path
    /// as sent encoded once more (a `%20` on the wire is `%2520` here: AWS's double encoding).
    /// S3: the path exactly as sent, neither normalised nor encoded again.
    static func uri(_ path: ArraySlice<UInt8>, s3: Bool) -> String {
        if s3 { return path.isEmpty ? "/" : String(decoding: path, as: UTF8.self) }
        var segments: [ArraySlice<UInt8>] = []
        for segment in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if segment.elementsEqual([UInt8(ascii: ".")]) { continue }
            if segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                _ = segments.popLast()
                continue
            }
            segments.append(segment)
        }
        var output: [UInt8] = [UInt8(ascii: "/")]
        output.reserveCapacity(path.count * 2)
        for (index, segment) in segments.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "/")) }
            SigV4Encoding.encode(segment, keepSlash: false, into: &output)
        }
        if !segments.isEmpty, path.last == UInt8(ascii: "/") { output.append(UInt8(ascii: "/")) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The canonical query: each `name=value` decoded and encoded again per RFC 3986, sorted by
    /// name then value; a parameter without `=` has an empty value.
    static func query(_ query: ArraySlice<UInt8>) -> String {
        guard !query.isEmpty else { return "" }
        var pairs: [(name: [UInt8], value: [UInt8])] = []
        for piece in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            var name: [UInt8] = []
            var value: [UInt8] = []
            SigV4Encoding.encode(
                SigV4Encoding.percentDecode(piece[..<(equals ?? piece.endIndex)]), keepSlash: false, into: &name)
            if let equals {
                SigV4Encoding.encode(
                    SigV4Encoding.percentDecode(piece[(equals + 1)...]), keepSlash: false, into: &value)
            }
            pairs.append((name, value))
        }
        pairs.sort { lhs, rhs in
            lhs.name != rhs.name
                ? lhs.name.lexicographicallyPrecedes(rhs.name) : lhs.value.lexicographicallyPrecedes(rhs.value)
        }
        var output: [UInt8] = []
        output.reserveCapacity(query.count + 16)
        for (index, pair) in pairs.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "&")) }
            output += pair.name
            output.append(UInt8(ascii: "="))
            output += pair.value
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The canonical headers block (each `name:value\n`) and the signed headers list
    /// (`a;b;c`): names lower-cased and sorted, values trimmed with inner runs of white space
    /// folded to one space, the values of a repeated header joined by commas in order; `host`
    /// from the URL unless the request sets one.
    static func headers(_ fields: [(name: String, value: String)], host: String) -> (block: String, signed: [String]) {
        // A request has a few headers: an array sorted by name (stable, so a repeated header's
        // values keep their order) costs less than a dictionary of arrays.
        var entries: [(name: String, value: String)] = []
        entries.reserveCapacity(fields.count + 1)
        var hasHost = false
        for field in fields {
            let name = lowercased(field.name)
            if unsignedHeaders.contains(name) { continue }
            if name == "host" { hasHost = true }
            entries.append((name, trimAll(field.value)))
        }
        if !hasHost { entries.append(("host", host)) }
        let order = entries.indices.sorted { lhs, rhs in
            entries[lhs].name == entries[rhs].name
                ? lhs < rhs : entries[lhs].name.utf8.lexicographicallyPrecedes(entries[rhs].name.utf8)
        }
        var block = ""
        block.reserveCapacity(entries.count * 40)
        var signed: [String] = []
        signed.reserveCapacity(entries.count)
        for index in order {
            let entry = entries[index]
            if signed.last == entry.name {
                block.removeLast()
                block += ","
            } else {
                signed.append(entry.name)
                block += entry.name
                block += ":"
            }
            block += entry.value
            block += "\n"
        }
        return (block, signed)
    }

    /// An ASCII name lower-cased, without a copy when it already is.
    private static func lowercased(_ name: String) -> String {
        name.utf8.contains { (0x41...0x5A).contains($0) } ? name.lowercased() : name
    }

    /// `Trimall`: leading and trailing white space gone, every inner run of it one space.
    static func trimAll(_ value: String) -> String {
        // Most values have nothing to fold: no copy then.
        var previousSpace = true
        var clean = true
        for byte in value.utf8 {
            let space = isSpace(byte)
            if space && (previousSpace || byte != 0x20) {
                clean = false
                break
            }
            previousSpace = space
        }
        if clean, !previousSpace || value.isEmpty { return value }
        var output: [UInt8] = []
        output.reserveCapacity(value.utf8.count)
        var pendingSpace = false
        for byte in value.utf8 {
            if isSpace(byte) {
                pendingSpace = !output.isEmpty
                continue
            }
            if pendingSpace {
                output.append(UInt8(ascii: " "))
                pendingSpace = false
            }
            output.append(byte)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Space, tab and the other ASCII white space a header value may hold.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte) || (0x1C...0x1F).contains(byte)
    }
}
