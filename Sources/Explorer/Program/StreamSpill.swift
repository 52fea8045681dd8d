import Foundation
package import HTTPCore
import Synchronization

/// Every event of one stream in a file as it arrives (issue 25), so the Stream view pages back
/// past the newest 10,000 it keeps in memory (`StreamLog.capacity`): appended on the transport's
/// thread, read on the work queue. The file is unlinked as soon as it is made, so it goes away with
/// its descriptor — when the next send replaces it, and when the program ends, even by a crash.
/// Made at the first event: a request that is not a stream holds no descriptor. Records are
/// binary (index, time, name, id, data, size); where every 256th one starts is kept.
package final class StreamSpill: Sendable {
    private struct State {
        var descriptor: Int32 = -1
        var size = 0
        var count = 0
        /// The file offset of records 0, 256, 512…
        var blocks: [Int] = []
        var failed = false
    }

    private static let block = 256
    private let folder: String
    private let state = Mutex(State())

    /// A spill file to be made in `folder` at the first event.
    package init(folder: String) {
        self.folder = folder
    }

    deinit {
        state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
    }

    /// Writes a batch, in order. A failed write stops the spill: what is in it stays readable.
    package func append(_ events: [StreamEvent]) {
        state.withLock { state in
            guard !state.failed else { return }
            if state.descriptor < 0 {
                let path = (folder as NSString).appendingPathComponent("lazer-stream-\(UUID().uuidString)")
                state.descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                guard state.descriptor >= 0 else {
                    state.failed = true
                    return
                }
                unlink(path)
            }
            let descriptor = state.descriptor
            var bytes: [UInt8] = []
            for event in events {
                if state.count % Self.block == 0 { state.blocks.append(state.size + bytes.count) }
                Self.encode(event, into: &bytes)
                state.count += 1
            }
            let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(state.size)) }
            guard written == bytes.count else {
                state.failed = true
                state.count -= events.count
                return
            }
            state.size += bytes.count
        }
    }

    /// The events of stream indexes `range` that are in the file, in order.
    package func read(_ range: Range<Int>) -> [StreamEvent] {
        let (descriptor, blocks, count, size) = state.withLock { ($0.descriptor, $0.blocks, $0.count, $0.size) }
        let wanted = range.clamped(to: 0..<count)
        guard !wanted.isEmpty else { return [] }
        let firstBlock = wanted.lowerBound / Self.block
        let endBlock = (wanted.upperBound - 1) / Self.block + 1
        let start = blocks[firstBlock]
        let end = endBlock < blocks.count ? blocks[endBlock] : size
        var bytes = [UInt8](repeating: 0, count: end - start)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start)) }
        guard got == bytes.count else { return [] }
        var events: [StreamEvent] = []
        var reader = Reader(bytes: bytes)
        var index = firstBlock * Self.block
        while index < wanted.upperBound, let event = reader.event() {
            if index >= wanted.lowerBound { events.append(event) }
            index += 1
        }
        return events
    }

    /// The events of the stream indexes `indexes` (in order) that are in the file: each 256-record
    /// block that holds one is read once. A `|` filter's rows may lie far apart in the file.
    package func read(indexes: [Int]) -> [StreamEvent] {
        var events: [StreamEvent] = []
        var position = 0
        while position < indexes.count {
            let block = indexes[position] / Self.block
            var end = position
            while end < indexes.count, indexes[end] / Self.block == block { end += 1 }
            let wanted = Set(indexes[position..<end])
            let blockRange = (block * Self.block)..<((block + 1) * Self.block)
            events += read(blockRange).filter { wanted.contains($0.index) }
            position = end
        }
        return events
    }

    /// The stream indexes of `range` whose events `matches` accepts, read a few thousand records
    /// at a time (a spill may hold millions): what `/` over a long stream looks for past those in
    /// memory.
    package func indexes(in range: Range<Int>, where matches: (StreamEvent) -> Bool) -> [Int] {
        var found: [Int] = []
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(range.upperBound, (start / Self.block + Self.blocksPerScan) * Self.block)
            let events = read(start..<end)
            guard !events.isEmpty else { break }
            for event in events where matches(event) { found.append(event.index) }
            start = end
        }
        return found
    }

    /// Blocks read at once by `indexes(in:where:)`: 16 × 256 records.
    private static let blocksPerScan = 16

    private static func encode(_ event: StreamEvent, into bytes: inout [UInt8]) {
        func integer(_ value: Int64) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }
        func text(_ value: String?) {
            guard let value else { return integer(-1) }
            integer(Int64(value.utf8.count))
            bytes += value.utf8
        }
        integer(Int64(event.index))
        let (seconds, attoseconds) = event.offset.components
        integer(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        text(event.name)
        text(event.id)
        text(event.data)
        integer(Int64(event.size ?? -1))
    }

    /// Reads records back as `encode` wrote them.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func integer() -> Int64? {
            guard position + 8 <= bytes.count else { return nil }
            var value: Int64 = 0
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes[position..<position + 8]) }
            position += 8
            return Int64(littleEndian: value)
        }

        mutating func text() -> String?? {
            guard let length = integer() else { return nil }
            guard length >= 0 else { return .some(nil) }
            guard position + Int(length) <= bytes.count else { return nil }
            defer { position += Int(length) }
            return .some(String(decoding: bytes[position..<position + Int(length)], as: UTF8.self))
        }

        mutating func event() -> StreamEvent? {
            guard let index = integer(), let nanoseconds = integer(), let name = text(), let id = text(),
                let data = text(), let data, let size = integer()
            else { return nil }
            return StreamEvent(
                index: Int(index), offset: .nanoseconds(nanoseconds), name: name, id: id, data: data,
                size: size < 0 ? nil : Int(size))
        }
    }
}
