import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `lazer send -o FILE`: the body goes to a temporary file beside FILE and takes its place only
/// when the exchange succeeded, so a failed or interrupted transfer leaves the old file as it
/// was, never a part of a new body (files Lazer writes are replaced whole). A FILE that exists and
/// is not a regular file (`/dev/null`, a pipe) is written directly: a rename would replace it.
struct SendOutputFile {
    /// What the user named.
    let path: String
    /// Where the transport writes: a temporary file beside `path`, or `path` itself.
    let downloadPath: String

    init(_ path: String) {
        self.path = path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
            downloadPath = path
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        // A folder that is not there or not writable: the transport's own error names the path.
        guard access(folder.isEmpty ? "." : folder, W_OK) == 0 else {
            downloadPath = path
            return
        }
        downloadPath = (folder.isEmpty ? "" : folder + "/") + ".\(name).lazer-\(getpid()).part"
    }

    /// Whether the body is written elsewhere first.
    var isStaged: Bool { downloadPath != path }

    /// The body arrived whole: it takes the name (keeping an old file's permissions). Nil on
    /// success, else why not.
    func commit() -> String? {
        guard isStaged else { return nil }
        if let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber {
            chmod(downloadPath, mode_t(mode.uint16Value & 0o7777))
        }
        guard rename(downloadPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(downloadPath)
            return reason
        }
        return nil
    }

    /// The exchange failed or was interrupted: the part written goes, the old file stays.
    func discard() {
        if isStaged { unlink(downloadPath) }
    }
}
