/// The bytes a `JSONDocument` reads: an array it holds, or memory it borrows from an owner it keeps
/// alive — a read-only file mapping (`RegularFiles.MappedFile`), so a large body on disk is parsed
/// and compared without being read into memory.
///
/// Borrowed memory can hand its pages back to the system (`releasePages`): the document's
/// bytes stay valid, and a page read again is read back from the file. That is how two 40 MB
/// bodies are diffed while only the index and a window of each body stay resident. For an array
/// `releasePages` does nothing.
///
/// `@unchecked Sendable`: the memory is immutable while the owner lives, and the owner (kept here)
/// is `Sendable`.
package struct JSONBytes: RandomAccessCollection, Equatable, @unchecked Sendable {
    private let array: [UInt8]
    /// The borrowed memory's start; nil when `array` holds the bytes.
    private let base: UnsafePointer<UInt8>?
    package let count: Int
    private let owner: BorrowedMemory?

    /// Bytes held in an array (no copy).
    package init(_ array: [UInt8]) {
        self.array = array
        self.base = nil
        self.count = array.count
        self.owner = nil
    }

    /// Bytes borrowed from `owner`, which keeps `buffer` valid and unchanged while it lives;
    /// `releasePages` is asked to let the system drop the pages of a range (it must keep them
    /// readable: they are read again from where they came from).
    package init(
        borrowing buffer: UnsafeRawBufferPointer,
        owner: some AnyObject & Sendable,
        releasePages: @escaping @Sendable (Range<Int>) -> Void
    ) {
        array = []
        base = buffer.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) }
        count = base == nil ? 0 : buffer.count
        self.owner = BorrowedMemory(owner: owner, release: releasePages)
    }

    /// Whether the bytes are borrowed (a mapped file) rather than held in an array.
    package var isBorrowed: Bool { base != nil }

    /// The bytes as an array: the one held, or a copy of borrowed ones.
    package var arrayValue: [UInt8] {
        guard let base else { return array }
        return Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Lets the system drop the pages of `range` from memory (borrowed bytes only): they are
    /// read again when touched. The range is widened to whole pages by the owner.
    package func releasePages(_ range: Range<Int>) {
        guard let owner, !range.isEmpty else { return }
        owner.release(range.clamped(to: 0..<count))
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    @inline(__always)
    package subscript(position: Int) -> UInt8 {
        if let base {
            precondition(position >= 0 && position < count, "JSONBytes index out of range")
            return base[position]
        }
        return array[position]
    }

    package subscript(bounds: Range<Int>) -> Slice<JSONBytes> {
        precondition(bounds.lowerBound >= 0 && bounds.upperBound <= count, "JSONBytes range out of bounds")
        return Slice(base: self, bounds: bounds)
    }

    /// The bytes of `range` as an array slice: the array's own slice, or a copy of borrowed ones.
    package func arraySlice(_ range: Range<Int>) -> ArraySlice<UInt8> {
        guard let base else { return array[range] }
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "JSONBytes range out of bounds")
        return ArraySlice(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Runs `body` over the bytes in place.
    @inline(__always)
    package func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if let base { return try body(UnsafeBufferPointer(start: base, count: count)) }
        return try array.withUnsafeBufferPointer(body)
    }

    package func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        if let base { return try body(UnsafeBufferPointer(start: base, count: count)) }
        return try array.withContiguousStorageIfAvailable(body)
    }

    /// The same memory is equal without a byte read (state comparisons in the explorer compare a
    /// response with itself: a mapped gigabyte must not be read back for that).
    package static func == (a: JSONBytes, b: JSONBytes) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { left in
            b.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress || left.elementsEqual(right) }
        }
    }

    /// The owner of borrowed bytes and how to release their pages, in one reference.
    private final class BorrowedMemory: Sendable {
        let owner: any AnyObject & Sendable
        let release: @Sendable (Range<Int>) -> Void

        init(owner: any AnyObject & Sendable, release: @escaping @Sendable (Range<Int>) -> Void) {
            self.owner = owner
            self.release = release
        }
    }
}

/// "1048576 bytes (borrowed)": a failed test or a log shows the size, not a megabyte of numbers.
extension JSONBytes: CustomStringConvertible {
    package var description: String { "\(count) bytes" + (isBorrowed ? " (borrowed)" : "") }
}

extension JSONBytes: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: UInt8...) {
        self.init(elements)
    }
}
