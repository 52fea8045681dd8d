import HTTPCore

/// The three canonical parts of a SigV4 canonical request that depend on the request's text:
/// the URI, the query and the headers (AWS "Create a canonical request"; botocore's
/// `SigV4Auth.canonical_request` is the reference the conformance vectors check). Each is written
/// as bytes into the canonical request being built: a signature runs for every request of a
/// `lazer run`, and the strings and lists it used to make cost several times its hashing.
enum SigV4Canonical {
    /// Headers never signed: a proxy or the transport may change, add or drop them (botocore
    /// 1.44's list: hop-by-hop headers, tracing, `user-agent`, `expect`).
    static let unsignedHeaders: [[UInt8]] = [
        "baggage", "connection", "expect", "keep-alive", "proxy-authenticate", "proxy-authorization", "te",
        "traceparent", "tracestate", "trailer", "transfer-encoding", "upgrade", "user-agent", "x-amzn-trace-id",
    ].map { Array($0.utf8) }

    /// Appends the canonical URI. Most services: dot segments and empty segments removed, then the
    /// path as sent encoded once more (a `%20` on the wire is `%2520` here: AWS's double encoding).
    /// S3: the path exactly as sent, neither normalised nor encoded again.
    static func writeURI(_ path: ArraySlice<UInt8>, s3: Bool, into output: inout [UInt8]) {
        if s3 {
            if path.isEmpty { output.append(UInt8(ascii: "/")) } else { output += path }
            return
        }
        var segments: [Range<Int>] = []
        var start = path.startIndex
        while start <= path.endIndex {
            let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.endIndex
            let segment = path[start..<end]
            if segment.isEmpty || (segment.count == 1 && segment.first == UInt8(ascii: ".")) {
                // nothing: an empty or `.` segment
            } else if segment.count == 2, segment.allSatisfy({ $0 == UInt8(ascii: ".") }) {
                _ = segments.popLast()
            } else {
                segments.append(start..<end)
            }
            start = end + 1
        }
        output.append(UInt8(ascii: "/"))
        for (index, segment) in segments.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "/")) }
            SigV4Encoding.encode(path[segment], keepSlash: false, into: &output)
        }
        if !segments.isEmpty, path.last == UInt8(ascii: "/") { output.append(UInt8(ascii: "/")) }
    }

    /// Appends the canonical query: each `name=value` decoded and encoded again per RFC 3986,
    /// sorted by name then value; a parameter without `=` has an empty value.
    static func writeQuery(_ query: ArraySlice<UInt8>, into output: inout [UInt8]) {
        guard !query.isEmpty else { return }
        // Every name and value encoded into one buffer; a pair is its two ranges there.
        var encoded: [UInt8] = []
        encoded.reserveCapacity(query.count + 16)
        var pairs: [(name: Range<Int>, value: Range<Int>)] = []
        var start = query.startIndex
        while start < query.endIndex {
            let end = query[start...].firstIndex(of: UInt8(ascii: "&")) ?? query.endIndex
            if start < end {
                let piece = query[start..<end]
                let equals = piece.firstIndex(of: UInt8(ascii: "="))
                let nameStart = encoded.count
                SigV4Encoding.reencode(piece[..<(equals ?? end)], into: &encoded)
                let valueStart = encoded.count
                if let equals { SigV4Encoding.reencode(piece[(equals + 1)...], into: &encoded) }
                pairs.append((nameStart..<valueStart, valueStart..<encoded.count))
            }
            start = end + 1
        }
        pairs.sort { lhs, rhs in
            let leftName = encoded[lhs.name]
            let rightName = encoded[rhs.name]
            return leftName.elementsEqual(rightName)
                ? encoded[lhs.value].lexicographicallyPrecedes(encoded[rhs.value])
                : leftName.lexicographicallyPrecedes(rightName)
        }
        for (index, pair) in pairs.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "&")) }
            output += encoded[pair.name]
            output.append(UInt8(ascii: "="))
            output += encoded[pair.value]
        }
    }

    /// Appends the canonical headers block (each `name:value\n`) to `output` and the signed
    /// headers list (`a;b;c`) to `signed`: names lower-cased and sorted, values trimmed with
    /// inner runs of white space folded to one space, the values of a repeated header joined by
    /// commas in order; `host` from the URL unless the request sets one. `added` are the headers
    /// the signature itself sets, read after `headers`.
    static func writeHeaders(
        _ headers: [HTTPHeader], _ added: [HTTPHeader], host: String, into output: inout [UInt8],
        signed: inout [UInt8]
    ) {
        // Each signed header's name is lower-cased once into `names`; an entry is its range there
        // and its value. A request has a few headers: an insertion sort (stable, so a repeated
        // header's values keep their order) over byte ranges.
        var names: [UInt8] = []
        names.reserveCapacity((headers.count + added.count) * 24 + 4)
        var entries: [(name: Range<Int>, value: String)] = []
        entries.reserveCapacity(headers.count + added.count + 1)
        var hasHost = false
        func collect(_ name: String, _ value: String) {
            let start = names.count
            names += name.utf8
            for index in start..<names.count where names[index] >= 0x41 && names[index] <= 0x5A {
                names[index] |= 0x20
            }
            let range = start..<names.count
            if isUnsigned(names[range]) {
                names.removeSubrange(range)
                return
            }
            if names[range].elementsEqual("host".utf8) { hasHost = true }
            entries.append((range, value))
        }
        for header in headers { collect(header.name, header.value) }
        for header in added { collect(header.name, header.value) }
        if !hasHost { collect("host", host) }
        for position in entries.indices.dropFirst() {
            let moving = entries[position]
            var slot = position
            while slot > 0, names[moving.name].lexicographicallyPrecedes(names[entries[slot - 1].name]) {
                entries[slot] = entries[slot - 1]
                slot -= 1
            }
            entries[slot] = moving
        }
        var previous: Range<Int>?
        for entry in entries {
            if let previous, names[previous].elementsEqual(names[entry.name]) {
                output.removeLast()
                output.append(UInt8(ascii: ","))
            } else {
                if previous != nil { signed.append(UInt8(ascii: ";")) }
                signed += names[entry.name]
                output += names[entry.name]
                output.append(UInt8(ascii: ":"))
            }
            appendTrimmed(entry.value, to: &output)
            output.append(UInt8(ascii: "\n"))
            previous = entry.name
        }
    }

    /// Whether a lower-cased header name is one of `unsignedHeaders`.
    static func isUnsigned(_ name: ArraySlice<UInt8>) -> Bool {
        unsignedHeaders.contains { $0.count == name.count && $0.elementsEqual(name) }
    }

    /// `Trimall`: leading and trailing white space gone, every inner run of it one space. A value
    /// with nothing to trim or fold (most) is copied whole.
    static func appendTrimmed(_ value: String, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            var clean = true
            var previousSpace = true
            for byte in bytes {
                let space = isSpace(byte)
                if space && (previousSpace || byte != 0x20) {
                    clean = false
                    break
                }
                previousSpace = space
            }
            if clean && !previousSpace {
                output.append(contentsOf: bytes)
                return
            }
            var pendingSpace = false
            var wrote = false
            for byte in bytes {
                if isSpace(byte) {
                    pendingSpace = wrote
                    continue
                }
                if pendingSpace {
                    output.append(UInt8(ascii: " "))
                    pendingSpace = false
                }
                output.append(byte)
                wrote = true
            }
        }
    }

    /// Space, tab and the other ASCII white space a header value may hold.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte) || (0x1C...0x1F).contains(byte)
    }
}
