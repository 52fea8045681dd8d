#if canImport(Glibc)
import Glibc
#endif

/// How every file Lazer reads whole is opened: only a regular file, and only up to a size limit.
///
/// A FIFO, a device (`/dev/zero`), a socket or a folder where a file is expected is refused
/// without blocking (the open is non-blocking, the type checked on the open descriptor, so a path
/// swapped for a FIFO after a check cannot block either); a file larger than the limit is refused
/// with a message naming the limit before anything is read, and one that grows past it while
/// being read is refused too. A module of its own, below everything that reads files: the
/// workspace (`AtomicFile.read`: collections, history, secrets, state), the TUI's theme and keymap
/// files, HTTPCore's file bodies (mocks, previews) and translation files, `lazer json FILE`, and
/// the checks `lazer send` makes on files it uploads.
package enum RegularFile {
    /// The limit for files the workspace reads (collections, history, state): 256 MiB.
    package static let defaultLimit = 256 << 20

    /// Why there is no file at `path`: `reason` ("No such file or directory" by default) — or, when
    /// the path holds U+FFFD, what a file name that is not valid UTF-8 becomes once read as text
    /// (from the command line or a folder listing), that the name cannot be decoded: the file may
    /// well be there, and "not found" would send the user looking for the wrong problem.
    package static func notFoundReason(_ path: String, _ reason: String? = nil) -> String {
        hasUndecodableName(path)
            ? "the file name is not valid UTF-8 and cannot be decoded, so Lazer cannot open it (rename it)"
            : reason ?? String(cString: strerror(ENOENT))
    }

    /// Whether `path` holds U+FFFD, the stand-in for bytes that are not valid UTF-8.
    package static func hasUndecodableName(_ path: String) -> Bool {
        path.unicodeScalars.contains("\u{FFFD}")
    }

    /// The contents of the regular file at `path`, or nil when there is no such file.
    package static func read(_ path: String, limit: Int = defaultLimit) throws(FileSystemError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError.system("open", path: path)
        }
        defer { close(descriptor) }
        let size = try checkedSize(descriptor, path: path, limit: limit)
        // One read into an array of the file's size (+1 to see the end), more only if it grew.
        var bytes: [UInt8] = []
        var chunk = size + 1
        while true {
            var failure: Int32 = 0
            var ended = false
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
            if failure != 0 {
                throw FileSystemError(
                    operation: "read", path: path, reason: String(cString: strerror(failure)), errorNumber: failure)
            }
            // The whole file in the first read (the usual case): that array, not a copy of it (two
            // 40 MB bodies read for `lazer diff` would otherwise peak at three).
            if bytes.isEmpty, ended {
                if piece.count > limit { throw tooLarge(path, limit: limit) }
                return piece
            }
            bytes += piece
            if bytes.count > limit { throw tooLarge(path, limit: limit) }
            if ended { return bytes }
            chunk = 1 << 16
        }
    }

    /// Checks, without opening it for reading, that `path` is a regular file within `limit`:
    /// for files handed to another thread (an upload) that must never block it. Returns its size.
    @discardableResult
    package static func check(_ path: String, limit: Int) throws(FileSystemError) -> Int64 {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileSystemError.system("read", path: path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw notRegular(path, mode: info.st_mode) }
        guard Int64(info.st_size) <= Int64(limit) else { throw tooLarge(path, limit: limit) }
        guard access(path, R_OK) == 0 else { throw FileSystemError.system("read", path: path) }
        return Int64(info.st_size)
    }

    /// The size of the regular file open as `descriptor`, or why it is refused.
    static func checkedSize(_ descriptor: Int32, path: String, limit: Int) throws(FileSystemError) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError.system("read", path: path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw notRegular(path, mode: info.st_mode) }
        guard Int64(info.st_size) <= Int64(limit) else { throw tooLarge(path, limit: limit) }
        return Int(info.st_size)
    }

    /// "larger than the 256 MiB limit".
    package static func tooLarge(_ path: String, limit: Int) -> FileSystemError {
        FileSystemError(operation: "read", path: path, reason: "larger than the \(describe(limit)) limit")
    }

    private static func notRegular(_ path: String, mode: mode_t) -> FileSystemError {
        let kind =
            switch mode & S_IFMT {
            case S_IFDIR: "a folder"
            case S_IFIFO: "a FIFO (named pipe)"
            case S_IFCHR, S_IFBLK: "a device"
            case S_IFSOCK: "a socket"
            default: "not a regular file"
            }
        return FileSystemError(
            operation: "read", path: path, reason: "\(kind), not a regular file (only regular files are read)")
    }

    /// `limit` in MiB or GiB.
    /// A limit of one byte under a whole number of GiB (a 32-bit size) is named by that number.
    package static func describe(_ limit: Int) -> String {
        if limit >= 1 << 30, limit % (1 << 30) == 0 { return "\(limit >> 30) GiB" }
        if limit >= 1 << 30, (limit + 1) % (1 << 30) == 0 { return "\((limit + 1) >> 30) GiB" }
        return "\(limit >> 20) MiB"
    }
}
