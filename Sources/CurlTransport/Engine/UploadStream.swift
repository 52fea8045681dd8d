import Foundation

/// A request body read piece by piece for libcurl's read callback: literal byte runs and whole
/// files, concatenated. Files are opened one at a time and never loaded whole, so a 1 GB upload or
/// a multipart body with file parts costs one buffer of memory. Network thread only.
final class UploadStream {
    let segments: [TransferSpec.UploadSegment]
    /// The total length, known before sending (file sizes read with `stat`).
    let length: Int64
    private var index = 0
    private var offsetInSegment: Int64 = 0
    private var file: Int32 = -1

    /// Checks every file is readable and sums the length.
    init(_ segments: [TransferSpec.UploadSegment]) throws(CurlFailure) {
        self.segments = segments
        var length: Int64 = 0
        for segment in segments {
            switch segment {
            case .data(let data):
                length += Int64(data.count)
            case .file(let path):
                var info = stat()
                guard stat(path, &info) == 0, access(path, R_OK) == 0 else {
                    throw CurlFailure(
                        cause: .uploadFileUnreadable(path),
                        message: "cannot read \(path): \(String(cString: strerror(errno)))")
                }
                // A FIFO or a device would block the network thread or never end: only regular files.
                guard info.st_mode & S_IFMT == S_IFREG else {
                    throw CurlFailure(
                        cause: .uploadFileUnreadable(path), message: "cannot read \(path): not a regular file")
                }
                length += Int64(info.st_size)
            }
        }
        self.length = length
    }

    deinit {
        if file >= 0 { close(file) }
    }

    /// The path that failed last, for error messages.
    private(set) var failedPath: String?

    /// Copies up to `capacity` bytes into `buffer`; 0 at the end, nil when a file cannot be read.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int? {
        while index < segments.count {
            switch segments[index] {
            case .data(let data):
                let start = Int(offsetInSegment)
                let count = min(capacity, data.count - start)
                if count > 0 {
                    data.withUnsafeBytes { bytes in
                        guard let base = bytes.baseAddress else { return }
                        buffer.copyMemory(from: base + start, byteCount: count)
                    }
                    offsetInSegment += Int64(count)
                    return count
                }
            case .file(let path):
                if file < 0 {
                    // Non-blocking, and checked again on the descriptor: a path swapped for a FIFO
                    // since `init` must not block the network thread.
                    file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
                    var info = stat()
                    guard file >= 0, fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                        lseek(file, off_t(offsetInSegment), SEEK_SET) == off_t(offsetInSegment)
                    else {
                        failedPath = path
                        return nil
                    }
                }
                let count = Glibc.read(file, buffer, capacity)
                if count < 0 {
                    if errno == EINTR { continue }
                    failedPath = path
                    return nil
                }
                if count > 0 {
                    offsetInSegment += Int64(count)
                    return count
                }
                close(file)
                file = -1
            }
            index += 1
            offsetInSegment = 0
        }
        return 0
    }

    /// Rewinds to `offset` from the start (libcurl asks for this on redirects and retries).
    func seek(to offset: Int64) -> Bool {
        guard offset >= 0, offset <= length else { return false }
        if file >= 0 {
            close(file)
            file = -1
        }
        var remaining = offset
        index = 0
        for segment in segments {
            let size: Int64
            switch segment {
            case .data(let data): size = Int64(data.count)
            case .file(let path):
                var info = stat()
                guard stat(path, &info) == 0 else { return false }
                size = Int64(info.st_size)
            }
            if remaining < size || index == segments.count - 1 {
                offsetInSegment = remaining
                return true
            }
            remaining -= size
            index += 1
        }
        offsetInSegment = 0
        return true
    }
}
