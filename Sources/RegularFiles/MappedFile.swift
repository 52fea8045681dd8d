#if canImport(Glibc)
import Glibc
#endif

/// A regular file mapped read-only: its bytes are read from the page cache when touched, not
/// copied into the process, and `releasePages` hands pages back (they are read again if touched
/// later) — how `lazer diff` compares two 40 MB bodies without holding both (issue 27; issue 31's
/// "a body spilled to a file is mapped, not read into memory").
///
/// A file that shrinks while mapped would make reading its lost pages kill the process with
/// SIGBUS: `MappedFileFaults` turns such a read into `"` characters and remembers it, and `check` —
/// called before anything read from the mapping is trusted or shown — reports it, like a file
/// rewritten in place (its size or modification time changed), as a `FileSystemError`.
package final class MappedFile: @unchecked Sendable {
    // @unchecked: immutable after init; the mapped memory is read-only and lives until deinit.
    package let path: String
    /// The file's bytes (never empty: an empty file is not mapped).
    package let bytes: UnsafeRawBufferPointer
    private let descriptor: Int32
    private let opened: Stamp
    private let slot: Int

    /// What says a file was changed: its size and its modification and change times.
    private struct Stamp: Equatable {
        let size: Int64
        let modified: timespec
        let changed: timespec

        init(_ info: stat) {
            size = Int64(info.st_size)
            modified = info.st_mtim
            changed = info.st_ctim
        }

        static func == (a: Stamp, b: Stamp) -> Bool {
            a.size == b.size && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    private init(path: String, bytes: UnsafeRawBufferPointer, descriptor: Int32, opened: Stamp, slot: Int) {
        self.path = path
        self.bytes = bytes
        self.descriptor = descriptor
        self.opened = opened
        self.slot = slot
    }

    deinit {
        MappedFileFaults.unregister(slot)
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        close(descriptor)
    }

    /// Maps the regular file open as `descriptor` (size `info.st_size` > 0); nil when it cannot be
    /// mapped (no room in the fault table, or `mmap` refused): the caller reads it instead.
    /// Takes the descriptor over on success.
    static func map(_ descriptor: Int32, info: stat, path: String) -> MappedFile? {
        let size = Int(info.st_size)
        guard size > 0 else { return nil }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        guard let slot = MappedFileFaults.register(Int(bitPattern: address)..<Int(bitPattern: address) + size) else {
            munmap(address, size)
            return nil
        }
        return MappedFile(
            path: path, bytes: UnsafeRawBufferPointer(start: address, count: size), descriptor: descriptor,
            opened: Stamp(info), slot: slot)
    }

    /// Lets the system drop the pages of `range` (widened to whole pages): clean pages of a
    /// read-only file mapping, read again from the page cache or the disk when touched.
    package func releasePages(_ range: Range<Int>) {
        guard let base = bytes.baseAddress, !range.isEmpty else { return }
        let page = MappedFileFaults.pageSize
        let start = max(0, range.lowerBound) / page * page
        let end = min(bytes.count, range.upperBound)
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }

    /// Throws when the bytes read from the mapping may not be the file's as it was opened: the
    /// file shrank under the mapping (a read past its new end gave quotes) or was written since.
    package func check() throws(FileSystemError) {
        if MappedFileFaults.faulted(slot) {
            throw FileSystemError(
                operation: "read", path: path, reason: "the file was truncated while it was being read")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError.system("read", path: path) }
        guard Stamp(info) == opened else {
            throw FileSystemError(operation: "read", path: path, reason: "the file was changed while it was being read")
        }
    }
}

/// A regular file's contents: read into memory, or mapped (`RegularFile.load`).
package enum RegularFileContents: Sendable {
    case bytes([UInt8])
    case mapped(MappedFile)

    /// The number of bytes.
    package var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .mapped(let file): file.bytes.count
        }
    }
}

extension RegularFile {
    /// Files from this size up are mapped by `load`; smaller ones are read (a mapping costs more
    /// than it saves for them).
    package static let mappingThreshold = 1 << 20

    /// The regular file at `path` — mapped read-only when it has at least `mappingFrom` bytes,
    /// else read — or nil when there is no such file. Refused as `read` refuses (not a regular
    /// file, over `limit`); a file that cannot be mapped is read instead.
    package static func load(
        _ path: String, limit: Int = defaultLimit, mappingFrom threshold: Int = mappingThreshold
    ) throws(FileSystemError) -> RegularFileContents? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError.system("open", path: path)
        }
        var info = stat()
        do throws(FileSystemError) {
            _ = try checkedSize(descriptor, path: path, limit: limit)
            guard fstat(descriptor, &info) == 0 else { throw FileSystemError.system("read", path: path) }
        } catch {
            close(descriptor)
            throw error
        }
        if Int(info.st_size) >= max(threshold, 1), let file = MappedFile.map(descriptor, info: info, path: path) {
            return .mapped(file)
        }
        close(descriptor)
        return try read(path, limit: limit).map { .bytes($0) }
    }
}
