import Foundation
import Glibc
package import RegularFiles

/// Writes files so that a crash at any instant leaves either the old or the new content on disk,
/// never a mix: write a temporary file in the same folder, `fsync` it, keep the old file as a
/// backup (a hard link, so no copy can be half written), `rename` over the target, `fsync` the folder.
package enum AtomicFile {
    /// Where the previous version of `path` is kept: `.<name>.bak` beside it.
    package static func backupPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).bak").path
    }

    /// Replaces the file at `path` with `bytes`. The file gets `permissions` (new files) or keeps
    /// its own (existing files), never writable by others, set-user-ID or set-group-ID. A
    /// symbolic link is written through: its target is replaced (and backed up beside it), the
    /// link stays; a link to nothing or to something that is not a regular file is refused. With
    /// `keepBackup`, the replaced version stays at `backupPath(for:)`.
    package static func write(
        _ bytes: [UInt8], to requestedPath: String, permissions: UInt32 = 0o644, keepBackup: Bool = true
    ) throws(FileSystemError) {
        if try writesInPlace(bytes, to: requestedPath) { return }
        let path = try target(of: requestedPath)
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            .path
        var existing = stat()
        let exists = stat(path, &existing) == 0
        // The mode of a link itself is 0777: reading it (lstat) made saved files world-writable.
        let mode = (exists ? existing.st_mode & 0o7777 : permissions) & ~safeModeMask

        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure("write", requestedPath) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                let error = failure("write", requestedPath)
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += result
        }
        // The mode given to open() is filtered by the umask; secrets files must really be 0600.
        fchmod(descriptor, mode)
        guard fsync(descriptor) == 0 else {
            let error = failure("write", requestedPath)
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)

        if keepBackup, exists {
            let backup = backupPath(for: path)
            let backupTemporary = backup + ".tmp-\(getpid())"
            unlink(backupTemporary)
            if link(path, backupTemporary) == 0 {
                if rename(backupTemporary, backup) != 0 { unlink(backupTemporary) }
            } else if let previous = try? read(path) {
                // File systems without hard links: copy the old bytes, still atomically.
                try? write(previous, to: backup, permissions: mode, keepBackup: false)
            }
        }
        guard rename(temporary, path) == 0 else {
            let error = failure("replace", requestedPath)
            unlink(temporary)
            throw error
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Writes a file only its owner may read (secrets, tokens, trusted commands): its folder made
    /// 0700 when missing, the file 0600, and no backup copy (one more file holding them).
    package static func writePrivate(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw FileSystemError(operation: "create", path: folder, reason: "\(error.localizedDescription)")
        }
        try write(bytes, to: path, permissions: 0o600, keepBackup: false)
    }

    /// Writes into a character device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe) the way
    /// a shell redirection does, and refuses a folder, socket or block device: replacing such a
    /// path by renaming a file over it would, run as root, turn `/dev/null` into a plain file for
    /// every program on the machine. False when `path` is a regular file or does not exist.
    static func writesInPlace(_ bytes: [UInt8], to path: String) throws(FileSystemError) -> Bool {
        var info = stat()
        // `stat` follows links: `/dev/stdout` is a link to what standard output is.
        guard stat(path, &info) == 0 else { return false }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return false
        case S_IFCHR, S_IFIFO: break
        case S_IFDIR:
            throw FileSystemError(operation: "write", path: path, reason: "it is a folder; name a file in it")
        default:
            throw FileSystemError(
                operation: "write", path: path,
                reason: "it is not a regular file (a socket or a block device); Lazer does not replace it")
        }
        // Not blocking on a FIFO nobody reads: the open fails at once with ENXIO instead.
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENXIO {
                throw FileSystemError(
                    operation: "write", path: path, reason: "it is a named pipe that nothing reads", errorNumber: ENXIO)
            }
            throw failure("write", path)
        }
        defer { close(descriptor) }
        // Blocking from here on: a reader that is slower than us is waited for, not lost.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw failure("write", path) }
            written += result
        }
        return true
    }

    /// What a written file's mode never has: others' write permission, set-user-ID, set-group-ID.
    static let safeModeMask: mode_t = mode_t(S_IWOTH) | mode_t(S_ISUID) | mode_t(S_ISGID)

    /// The file a write to `path` replaces: `path` itself, or the regular file a symbolic link
    /// (or a chain of them) leads to.
    static func target(of path: String) throws(FileSystemError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = realpath(path, nil) else {
            throw FileSystemError(
                operation: "write", path: path,
                reason:
                    "it is a symbolic link to a file that does not exist; Lazer writes through links, not over them",
                errorNumber: errno)
        }
        defer { free(resolved) }
        let target = String(cString: resolved)
        guard stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw FileSystemError(
                operation: "write", path: path,
                reason: "it is a symbolic link to \(target), which is not a regular file")
        }
        return target
    }

    /// Reads a whole regular file within `RegularFile.defaultLimit`; `nil` when it does not exist.
    /// A FIFO, a device or a folder is refused without blocking (see `RegularFile`).
    package static func read(_ path: String) throws(FileSystemError) -> [UInt8]? {
        try RegularFile.read(path)
    }

    /// Deletes temporary files left beside `path` by saves that were killed midway (their
    /// process no longer exists): `.<name>.tmp-PID-N` and the backup's `.<name>.bak.tmp-PID`.
    /// They are hidden and never loaded, but they should not pile up.
    package static func removeStaleTemporaries(for path: String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let prefixes = [".\(url.lastPathComponent).tmp-", ".\(url.lastPathComponent).bak.tmp-"]
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            guard let prefix = prefixes.first(where: { name.hasPrefix($0) }) else { continue }
            let rest = name.dropFirst(prefix.count)
            guard let pid = Int32(rest.prefix { $0 != "-" }) else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(folder + "/" + name) }
        }
    }

    /// The failure of the call just made, naming the file the user asked for (never the hidden
    /// temporary one beside it: `.x.sh.tmp-15768-1885236985` means nothing to them).
    private static func failure(_ operation: String, _ path: String) -> FileSystemError {
        FileSystemError.system(operation, path: path)
    }
}
