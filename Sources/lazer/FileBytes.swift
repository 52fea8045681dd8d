#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and unbuffered standard output for `lazer json`: straight system calls, so a
/// 40 MB body costs one read and a few hundred writes.
enum FileBytes {
    /// Why a file could not be read, in the words `strerror` uses.
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads a whole file, or stdin when `path` is nil.
    static func read(_ path: String?) throws(ReadError) -> [UInt8] {
        let descriptor = path.map { open($0, O_RDONLY) } ?? 0
        guard descriptor >= 0 else { throw ReadError(description: String(cString: strerror(errno))) }
        defer { if path != nil { close(descriptor) } }
        var status = stat()
        var chunk = 1 << 16
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG { chunk = Int(status.st_size) + 1 }
        var result: [UInt8] = []
        while true {
            var failure: Int32 = 0
            var ended = false
            // Read straight into the new array's storage until it is full or the input ends.
            let piece = [UInt8](unsafeUninitializedCapacity: chunk) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                while initialized < buffer.count {
                    let got = Glibc.read(descriptor, base + initialized, buffer.count - initialized)
                    if got < 0, errno == EINTR { continue }
                    if got < 0 { failure = errno }
                    if got <= 0 {
                        ended = true
                        return
                    }
                    initialized += got
                }
            }
            if failure != 0 { throw ReadError(description: String(cString: strerror(failure))) }
            if result.isEmpty { result = piece } else { result.append(contentsOf: piece) }
            if ended { return result }
            chunk = max(1 << 16, result.count)
        }
    }

    /// Writes a message to stderr.
    static func writeError(_ message: String) {
        var output = StandardOutput(descriptor: 2)
        var text = message
        text.withUTF8 { output.write($0) }
    }

    /// Writes to a file descriptor, retrying partial writes; remembers whether all writes worked.
    struct StandardOutput {
        var descriptor: Int32 = 1
        var succeeded = true

        mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard succeeded, var pointer = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                let written = Glibc.write(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    succeeded = false
                    return
                }
                pointer += written
                remaining -= written
            }
        }

        mutating func write(newline: Void) {
            var byte: UInt8 = 0x0A
            withUnsafePointer(to: &byte) { write(UnsafeBufferPointer(start: $0, count: 1)) }
        }
    }
}
