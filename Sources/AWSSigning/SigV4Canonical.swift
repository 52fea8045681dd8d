import HTTPCore

/// The three canonical parts of a SigV4 canonical request that depend on the request's text:
/// the URI, the query and the headers (AWS "Create a canonical request"; botocore's
/// `SigV4Auth.canonical_request` is the reference the conformance vectors check). Each is written
/// as bytes into the canonical request being built, reading the URL's own bytes: a signature runs
/// for every request of a `lazer run`, and the strings, lists and captured variables it used to
/// make cost several times its hashing.
enum SigV4Canonical {
    /// Appends the canonical URI. Most services: dot segments and empty segments removed, then the
    /// path as sent encoded once more (a `%20` on the wire is `%2520` here: AWS's double encoding).
    /// S3: the path exactly as sent, neither normalised nor encoded again.
    static func writeURI(_ path: UnsafeBufferPointer<UInt8>, s3: Bool, into output: inout [UInt8]) {
        if path.isEmpty {
            output.append(UInt8(ascii: "/"))
        } else if s3 {
            output.append(contentsOf: path)
        } else if path.first == UInt8(ascii: "/"), !hasEmptyOrDotSegment(path) {
            // The usual path: nothing to remove, so it is encoded whole with its slashes kept.
            SigV4Encoding.encode(path, keepSlash: true, into: &output)
        } else {
            writeNormalisedURI(path, into: &output)
        }
    }

    /// Whether a path starting with `/` has `//`, a `.` or a `..` segment inside (a trailing `/`
    /// ends a segment and is kept).
    private static func hasEmptyOrDotSegment(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 1
        while index < path.count {
            // `index` is the first byte of a segment.
            var end = index
            while end < path.count, path[end] != UInt8(ascii: "/") { end += 1 }
            let length = end - index
            if length == 0 {
                if end < path.count { return true }
            } else if length <= 2, path[index] == UInt8(ascii: "."), length == 1 || path[index + 1] == UInt8(ascii: ".")
            {
                return true
            }
            index = end + 1
        }
        return false
    }

    /// The canonical URI of a path with empty or dot segments: those removed (`..` drops the one
    /// before), each segment encoded, a trailing `/` kept.
    private static func writeNormalisedURI(_ path: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var segments: [Range<Int>] = []
        var start = 0
        while start <= path.count {
            var end = start
            while end < path.count, path[end] != UInt8(ascii: "/") { end += 1 }
            let length = end - start
            if length == 0 || (length == 1 && path[start] == UInt8(ascii: ".")) {
                // nothing: an empty or `.` segment
            } else if length == 2, path[start] == UInt8(ascii: "."), path[start + 1] == UInt8(ascii: ".") {
                _ = segments.popLast()
            } else {
                segments.append(start..<end)
            }
            start = end + 1
        }
        output.append(UInt8(ascii: "/"))
        for (index, segment) in segments.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "/")) }
            SigV4Encoding.encode(UnsafeBufferPointer(rebasing: path[segment]), keepSlash: false, into: &output)
        }
        if !segments.isEmpty, path.last == UInt8(ascii: "/") { output.append(UInt8(ascii: "/")) }
    }

    /// Appends the canonical query: each `name=value` decoded and encoded again per RFC 3986,
    /// sorted by name then value; a parameter without `=` has an empty value.
    static func writeQuery(_ query: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        guard !query.isEmpty else { return }
        guard query.contains(UInt8(ascii: "&")) else {
            // One parameter (the usual query): nothing to sort, written straight out.
            writePair(query, into: &output)
            return
        }
        // Every name and value encoded into one buffer; a pair is its two ranges there.
        var encoded: [UInt8] = []
        encoded.reserveCapacity(query.count + 16)
        var pairs: [(name: Range<Int>, value: Range<Int>)] = []
        var start = 0
        while start < query.count {
            var end = start
            while end < query.count, query[end] != UInt8(ascii: "&") { end += 1 }
            if start < end {
                let piece = UnsafeBufferPointer(rebasing: query[start..<end])
                let equals = piece.firstIndex(of: UInt8(ascii: "="))
                let nameStart = encoded.count
                SigV4Encoding.reencode(UnsafeBufferPointer(rebasing: piece[..<(equals ?? piece.count)]), into: &encoded)
                let valueStart = encoded.count
                if let equals {
                    SigV4Encoding.reencode(UnsafeBufferPointer(rebasing: piece[(equals + 1)...]), into: &encoded)
                }
                pairs.append((nameStart..<valueStart, valueStart..<encoded.count))
            }
            start = end + 1
        }
        encoded.withUnsafeBufferPointer { bytes in
            pairs.sort { lhs, rhs in
                let order = compare(bytes, lhs.name, rhs.name)
                return order == 0 ? compare(bytes, lhs.value, rhs.value) < 0 : order < 0
            }
            for (index, pair) in pairs.enumerated() {
                if index > 0 { output.append(UInt8(ascii: "&")) }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pair.name]))
                output.append(UInt8(ascii: "="))
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pair.value]))
            }
        }
    }

    /// One `name=value` (or `name`, whose value is empty) decoded and encoded again.
    private static func writePair(_ piece: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        let equals = piece.firstIndex(of: UInt8(ascii: "="))
        SigV4Encoding.reencode(UnsafeBufferPointer(rebasing: piece[..<(equals ?? piece.count)]), into: &output)
        output.append(UInt8(ascii: "="))
        if let equals { SigV4Encoding.reencode(UnsafeBufferPointer(rebasing: piece[(equals + 1)...]), into: &output) }
    }

    /// The byte order of two ranges of `bytes`: negative, zero or positive.
    static func compare(_ bytes: UnsafeBufferPointer<UInt8>, _ lhs: Range<Int>, _ rhs: Range<Int>) -> Int {
        let common = min(lhs.count, rhs.count)
        var offset = 0
        while offset < common {
            let left = bytes[lhs.lowerBound + offset]
            let right = bytes[rhs.lowerBound + offset]
            if left != right { return left < right ? -1 : 1 }
            offset += 1
        }
        return lhs.count - rhs.count
    }

    /// A header to sign: where its lower-cased name is in the names buffer, and which header it
    /// is (`headers` first, then `added`, then the `host` made from the URL). Plain integers, so
    /// the list lives in a temporary buffer.
    private struct Entry {
        var nameStart: Int
        var nameCount: Int
        var header: Int
    }

    /// Appends the canonical headers block (each `name:value\n`), an empty line, and the signed
    /// headers list (`a;b;c`) to `output`, returning where the list is: names lower-cased and
    /// sorted, values trimmed with inner runs of white space folded to one space, the values of a
    /// repeated header joined by commas in order; `host` from the URL unless the request sets one.
    /// `added` are the headers the signature itself sets, read after `headers`. The lower-cased
    /// names and the entries are in temporary buffers (on the stack for a usual request): this
    /// runs for every signed request, and its arrays and captured variables cost more than the
    /// text it writes.
    static func writeHeaders(
        _ headers: [HTTPHeader], _ added: [HTTPHeader], host: String, into output: inout [UInt8]
    ) -> Range<Int> {
        let count = headers.count + added.count + 1
        var namesLength = 4
        for header in headers { namesLength += header.name.utf8.count }
        for header in added { namesLength += header.name.utf8.count }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: namesLength) { names in
            withUnsafeTemporaryAllocation(of: Entry.self, capacity: count) { entries in
                var used = 0
                var filled = 0
                var hasHost = false
                func value(_ entry: Entry) -> String {
                    entry.header < headers.count
                        ? headers[entry.header].value
                        : entry.header - headers.count < added.count ? added[entry.header - headers.count].value : host
                }
                for index in 0..<count - 1 {
                    let name = index < headers.count ? headers[index].name : added[index - headers.count].name
                    let start = used
                    for byte in name.utf8 {
                        names[used] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                        used += 1
                    }
                    switch kind(of: UnsafeBufferPointer(rebasing: names[start..<used])) {
                    case .unsigned:
                        used = start
                        continue
                    case .host: hasHost = true
                    case .signed: break
                    }
                    entries.initializeElement(
                        at: filled, to: Entry(nameStart: start, nameCount: used - start, header: index))
                    filled += 1
                }
                if !hasHost {
                    let start = used
                    for byte in "host".utf8 {
                        names[used] = byte
                        used += 1
                    }
                    entries.initializeElement(at: filled, to: Entry(nameStart: start, nameCount: 4, header: count - 1))
                    filled += 1
                }
                let text = UnsafeBufferPointer(names)
                func order(_ lhs: Entry, _ rhs: Entry) -> Int {
                    compare(
                        text, lhs.nameStart..<(lhs.nameStart + lhs.nameCount),
                        rhs.nameStart..<(rhs.nameStart + rhs.nameCount))
                }
                // A request has a few headers: an insertion sort (stable, so a repeated header's
                // values keep their order).
                for position in 1..<max(filled, 1) {
                    let moving = entries[position]
                    var slot = position
                    while slot > 0, order(moving, entries[slot - 1]) < 0 {
                        entries[slot] = entries[slot - 1]
                        slot -= 1
                    }
                    entries[slot] = moving
                }
                for position in 0..<filled {
                    let entry = entries[position]
                    if position > 0, order(entries[position - 1], entry) == 0 {
                        output.removeLast()
                        output.append(UInt8(ascii: ","))
                    } else {
                        output.append(
                            contentsOf: UnsafeBufferPointer(
                                rebasing: text[entry.nameStart..<(entry.nameStart + entry.nameCount)]))
                        output.append(UInt8(ascii: ":"))
                    }
                    appendTrimmed(value(entry), to: &output)
                    output.append(UInt8(ascii: "\n"))
                }
                output.append(UInt8(ascii: "\n"))
                let listStart = output.count
                for position in 0..<filled {
                    let entry = entries[position]
                    if position > 0 {
                        if order(entries[position - 1], entry) == 0 { continue }
                        output.append(UInt8(ascii: ";"))
                    }
                    output.append(
                        contentsOf: UnsafeBufferPointer(
                            rebasing: text[entry.nameStart..<(entry.nameStart + entry.nameCount)]))
                }
                entries.baseAddress?.deinitialize(count: filled)
                return listStart..<output.count
            }
        }
    }

    private enum Kind { case signed, unsigned, host }

    /// Headers never signed: a proxy or the transport may change, add or drop them (botocore
    /// 1.44's list: hop-by-hop headers, tracing, `user-agent`, `expect`), told apart by length
    /// first; and `host`.
    private static func kind(of name: UnsafeBufferPointer<UInt8>) -> Kind {
        func equals(_ text: StaticString) -> Bool {
            text.withUTF8Buffer { $0.elementsEqual(name) }
        }
        let unsigned: Bool
        switch name.count {
        case 2: unsigned = equals("te")
        case 4: return equals("host") ? .host : .signed
        case 6: unsigned = equals("expect")
        case 7: unsigned = equals("baggage") || equals("trailer") || equals("upgrade")
        case 10: unsigned = equals("connection") || equals("keep-alive") || equals("tracestate") || equals("user-agent")
        case 11: unsigned = equals("traceparent")
        case 15: unsigned = equals("x-amzn-trace-id")
        case 17: unsigned = equals("transfer-encoding")
        case 18: unsigned = equals("proxy-authenticate")
        case 19: unsigned = equals("proxy-authorization")
        default: unsigned = false
        }
        return unsigned ? .unsigned : .signed
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
