import Foundation

extension ResponseBody {
    /// The bytes of a streamed body kept in memory before the rest goes to a file (a stream may run
    /// for hours; its readers keep their own copy of the events).
    public static let streamMemoryLimit = 1 << 20

    /// This body cut to its first `length` bytes with `next` after it (a leading UTF-8 BOM of
    /// `next` dropped): the bodies of a reconnected event stream read as one. Two bodies in memory
    /// stay in memory up to `memoryLimit` bytes together (so a stream reconnected a thousand times
    /// does not grow in memory); otherwise the joined body is a file — this one's when it is a
    /// transport's spill file, else a new one beside `next` — and `next`'s spill file is removed
    /// once copied. Files that are not a transport's (a mock's body file) are read, never changed.
    public func joined(
        cutTo length: Int64, with next: ResponseBody, memoryLimit: Int = streamMemoryLimit
    ) throws -> ResponseBody {
        let kept = max(0, min(length, byteCount))
        if case .data(let head) = self, case .data(let tail) = next, Int(kept) + tail.count <= memoryLimit {
            var joined = Data(head.prefix(Int(kept)))
            joined.append(Self.droppingBOM(tail))
            return .data(joined)
        }
        let target: URL
        if case .file(let url, _) = self, Self.isTransportSpill(url) {
            target = url
        } else {
            let folder = next.fileURL?.deletingLastPathComponent() ?? FileManager.default.temporaryDirectory
            target = folder.appendingPathComponent(Self.spillFilePrefix + UUID().uuidString)
            guard FileManager.default.createFile(atPath: target.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
            }
        }
        let handle = try FileHandle(forWritingTo: target)
        defer { try? handle.close() }
        if target == fileURL {
            try handle.truncate(atOffset: UInt64(kept))
            try handle.seekToEnd()
        } else {
            try Self.copy(self, upTo: kept, droppingBOM: false, into: handle)
        }
        try Self.copy(next, upTo: next.byteCount, droppingBOM: true, into: handle)
        if let url = next.fileURL, Self.isTransportSpill(url) { try? FileManager.default.removeItem(at: url) }
        return .file(target, byteCount: Int64(try handle.offset()))
    }

    /// Writes the first `limit` bytes of `body` at `handle`'s offset, a megabyte at a time.
    private static func copy(_ body: ResponseBody, upTo limit: Int64, droppingBOM: Bool, into handle: FileHandle) throws
    {
        switch body {
        case .data(let data):
            let bytes = data.prefix(Int(limit))
            try handle.write(contentsOf: droppingBOM ? Self.droppingBOM(bytes) : bytes)
        case .file(let url, _):
            let reader = try FileHandle(forReadingFrom: url)
            defer { try? reader.close() }
            var left = limit
            var first = droppingBOM
            while left > 0, let chunk = try reader.read(upToCount: Int(min(left, 1 << 20))), !chunk.isEmpty {
                left -= Int64(chunk.count)
                try handle.write(contentsOf: first ? Self.droppingBOM(chunk) : chunk)
                first = false
            }
        }
    }

    private static func droppingBOM(_ data: Data) -> Data {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    }
}
