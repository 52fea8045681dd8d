#if canImport(Glibc)
import Glibc
#endif

extension RegularFile {
    /// Hands the regular file at `path` to `body` in pieces of at most `chunkSize` bytes, in order,
    /// never holding it whole: what a digest of a large upload (an AWS SigV4 payload hash) reads.
    /// Refused as `read` refuses: not a regular file, missing, unreadable. Returns the bytes read.
    @discardableResult
    package static func forEachChunk(
        _ path: String, chunkSize: Int = 1 << 16, _ body: (UnsafeRawBufferPointer) -> Void
    ) throws(FileSystemError) -> Int64 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileSystemError.system("open", path: path) }
        defer { close(descriptor) }
        _ = try checkedSize(descriptor, path: path, limit: Int.max)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(chunkSize, 1), alignment: 1)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let got = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if got < 0, errno == EINTR { continue }
            if got < 0 { throw FileSystemError.system("read", path: path) }
            if got == 0 { return total }
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
            total += Int64(got)
        }
    }
}
