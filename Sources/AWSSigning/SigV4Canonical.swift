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
        // A request has a few headers: their positions sorted by name (stable, so a repeated
        // header's values keep their order) with an insertion sort, names compared lower-cased
        // in place.
        var order: [Int] = []
        order.reserveCapacity(headers.count + added.count + 1)
        var hasHost = false
        let hostIndex = headers.count + added.count
        for index in 0..<hostIndex {
            let fieldName = index < headers.count ? headers[index].name : added[index - headers.count].name
            if isUnsigned(fieldName) { continue }
            if equalsLowercased(fieldName, "host") { hasHost = true }
            order.append(index)
        }
        if !hasHost { order.append(hostIndex) }
        func name(_ index: Int) -> String {
            index == hostIndex
                ? "host" : index < headers.count ? headers[index].name : added[index - headers.count].name
        }
        func value(_ index: Int) -> String {
            index == hostIndex
                ? host : index < headers.count ? headers[index].value : added[index - headers.count].value
        }
        for position in order.indices.dropFirst() {
            let moving = order[position]
            let movingName = name(moving)
            var slot = position
            while slot > 0, precedesLowercased(movingName, name(order[slot - 1])) {
                order[slot] = order[slot - 1]
                slot -= 1
            }
            order[slot] = moving
        }
        var previous: String?
        for index in order {
            let fieldName = name(index)
            if let previous, equalsIgnoringCase(previous, fieldName) {
                output.removeLast()
                output.append(UInt8(ascii: ","))
            } else {
                if previous != nil { signed.append(UInt8(ascii: ";")) }
                appendLowercased(fieldName, to: &signed)
                appendLowercased(fieldName, to: &output)
                output.append(UInt8(ascii: ":"))
            }
            appendTrimmed(value(index), to: &output)
            output.append(UInt8(ascii: "\n"))
            previous = fieldName
        }
    }

    /// Whether a header name is one of `unsignedHeaders`, ignoring case.
    static func isUnsigned(_ name: String) -> Bool {
        let count = name.utf8.count
        return unsignedHeaders.contains { $0.count == count && equalsLowercased(name, $0) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// `name` lower-cased (ASCII) equals `lowercase`.
    private static func equalsLowercased(_ name: String, _ lowercase: some Collection<UInt8>) -> Bool {
        name.utf8.count == lowercase.count && zip(name.utf8, lowercase).allSatisfy { lower($0) == $1 }
    }

    private static func equalsLowercased(_ name: String, _ lowercase: String) -> Bool {
        equalsLowercased(name, lowercase.utf8)
    }

    private static func equalsIgnoringCase(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && zip(lhs.utf8, rhs.utf8).allSatisfy { lower($0) == lower($1) }
    }

    /// `lhs` sorts before `rhs` once both are lower-cased (bytes, as AWS sorts).
    private static func precedesLowercased(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case (let leftByte?, let rightByte?):
                if lower(leftByte) != lower(rightByte) { return lower(leftByte) < lower(rightByte) }
            }
        }
    }

    /// Appends `name` lower-cased: copied whole, then its capitals changed in place.
    private static func appendLowercased(_ name: String, to output: inout [UInt8]) {
        let start = output.count
        output += name.utf8
        for index in start..<output.count where output[index] >= 0x41 && output[index] <= 0x5A {
            output[index] |= 0x20
        }
    }

    /// `Trimall`: leading and trailing white space gone, every inner run of it one space. A value
    /// with nothing to trim or fold (most) is copied whole.
    static func appendTrimmed(_ value: String, to output: inout [UInt8]) {
        var clean = true
        var previousSpace = true
        for byte in value.utf8 {
            let space = isSpace(byte)
            if space && (previousSpace || byte != 0x20) {
                clean = false
                break
            }
            previousSpace = space
        }
        if clean && !previousSpace {
            output += value.utf8
            return
        }
        var pendingSpace = false
        var wrote = false
        for byte in value.utf8 {
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

    /// Space, tab and the other ASCII white space a header value may hold.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte) || (0x1C...0x1F).contains(byte)
    }
}
