import Foundation

extension ResponseBody {
    /// The body's bytes, read once: a body spilled to a file (past the transport's in-memory limit)
    /// is read straight into the array, not through `Data` and a second copy.
    public func bytes() throws(ResponseError) -> [UInt8] {
        try bytes(upTo: .max)
    }

    /// At most the first `limit` bytes, reading only that much of a file: a stream's body that ran
    /// for an hour is not read back whole to show its start.
    public func bytes(upTo limit: Int) throws(ResponseError) -> [UInt8] {
        switch self {
        case .data(let data):
            return limit >= data.count ? Array(data) : Array(data.prefix(limit))
        case .file(let url, let byteCount):
            let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw .unreadableBodyFile(path: url.path, reason: String(cString: strerror(errno)))
            }
            defer { close(descriptor) }
            let capacity = Int(min(byteCount, Int64(max(0, limit))))
            guard capacity > 0 else { return [] }
            var failure: ResponseError?
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                guard let base = buffer.baseAddress else { return }
                while count < capacity {
                    let got = read(descriptor, base + count, capacity - count)
                    if got == 0 { break }
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = .unreadableBodyFile(path: url.path, reason: String(cString: strerror(errno)))
                        return
                    }
                    count += got
                }
            }
            if let failure { throw failure }
            return bytes
        }
    }
}
