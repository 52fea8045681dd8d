/// Turns byte offsets into 1-based lines and columns (columns count Unicode scalars) for error messages.
struct SourceText: Sendable {
    let bytes: [UInt8]
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The 1-based line and column of `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let start = lineStarts[low]
        let column = bytes[start..<clamped].reduce(0) { count, byte in count + (byte & 0xC0 == 0x80 ? 0 : 1) }
        return (low + 1, column + 1)
    }
}
