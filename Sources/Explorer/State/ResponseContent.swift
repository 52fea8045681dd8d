package import JSONTree

/// A response body made ready for the screen, off the main thread: a parsed JSON document, text
/// with its line starts, or bytes shown as a hex dump. Views read only the rows on screen.
package enum ResponseContent: Sendable, Equatable {
    case empty
    case json(JSONDocument)
    /// Text that is not JSON (or JSON that did not parse: `problem` says why).
    case text(TextBody, problem: String?)
    case binary(TextBody)

    /// The body's bytes, for Raw and for saving: held, or a mapped spill file (never copied here).
    package var bytes: JSONBytes {
        switch self {
        case .empty: []
        case .json(let document): document.bytes
        case .text(let body, _), .binary(let body): body.bytes
        }
    }
}

/// Bytes with the offsets where their lines start, so any line is found without scanning.
package struct TextBody: Sendable, Equatable {
    /// An array, or a mapped body (a JSON response spilled to a file: its Raw view).
    package let bytes: JSONBytes
    /// Offsets of each line's first byte (the first is 0).
    package let lineStarts: [Int]

    package init(bytes: [UInt8]) {
        self.init(bytes: JSONBytes(bytes))
    }

    /// Lines of bytes held or mapped; a mapping's pages are handed back behind the scan, a
    /// `JSONPageRelease.stride` at a time (a compact body is one line: the scan cannot wait for one).
    package init(bytes: JSONBytes) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(buffer.count, start + JSONPageRelease.stride)
                for index in start..<end where buffer[index] == 0x0A && index + 1 < buffer.count {
                    starts.append(index + 1)
                }
                bytes.releasePages(0..<end)
                start = end
            }
        }
        lineStarts = starts
    }

    /// Bytes without a line index (binary bodies, shown as a hex dump).
    package init(binary bytes: [UInt8]) {
        self.init(binary: JSONBytes(bytes))
    }

    /// Bytes held or mapped, shown as a hex dump (which reads the rows on screen only).
    package init(binary bytes: JSONBytes) {
        self.bytes = bytes
        lineStarts = [0]
    }

    package var lineCount: Int { bytes.isEmpty ? 0 : lineStarts.count }

    /// Bytes of line `index`, its line break left out.
    package func lineByteCount(_ index: Int) -> Int {
        guard index >= 0, index < lineStarts.count else { return 0 }
        return content(ofLine: index).count
    }

    /// Line `index` without its line break (invalid UTF-8 shown as U+FFFD), from `skipped` bytes
    /// in (the Raw tab scrolled sideways; moved back to the start of a character), at most
    /// `limit` bytes of it: a 200 MB line costs what the screen shows.
    package func line(_ index: Int, from skipped: Int = 0, limit: Int = Int.max) -> String {
        guard index >= 0, index < lineStarts.count else { return "" }
        let whole = content(ofLine: index)
        var start = min(whole.upperBound, whole.lowerBound + max(0, skipped))
        while start > whole.lowerBound, start < whole.upperBound, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        var end = whole.upperBound
        if end - start > limit {
            end = start + limit
            // Do not cut a UTF-8 sequence in two.
            while end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The byte range of line `index` without its line break (`\n` or `\r\n`).
    private func content(ofLine index: Int) -> Range<Int> {
        let start = lineStarts[index]
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// Whether the bytes look like text: UTF-8 with at most 1 % invalid sequences (shown as
    /// U+FFFD) and few control characters. When the server says it is text (`declaredText`: a
    /// `text/*` media type), escape characters do not count: a coloured log is text (its escapes
    /// shown visibly, ␛[31m), not a hex dump; a NUL byte still means binary.
    package static func looksLikeText(_ bytes: some Collection<UInt8>, declaredText: Bool = false) -> Bool {
        let sample = Array(bytes.prefix(65_536))
        let decoded = String(decoding: sample, as: UTF8.self)
        var characters = 0
        var invalid = 0
        for scalar in decoded.unicodeScalars {
            characters += 1
            if scalar == "\u{FFFD}" { invalid += 1 }
        }
        // A multi-byte character cut at the sample's end is not a sign of binary.
        if sample.count == 65_536, invalid > 0 { invalid -= 1 }
        let validEnough = invalid * 100 <= characters || invalid <= 4
        if declaredText { return validEnough && !sample.contains(0) }
        let controls = sample.lazy.filter { $0 < 0x09 || ($0 > 0x0D && $0 < 0x20) }.count
        return validEnough && controls * 100 <= max(1, sample.count)
    }
}
