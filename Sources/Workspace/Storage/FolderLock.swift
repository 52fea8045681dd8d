import Foundation
import RegularFiles

/// An advisory lock on the folder holding a collection file, held while a save checks for outside
/// changes and writes: two lazer processes saving into one folder take turns, so neither can
/// overwrite a change the other made between its check and its write.
///
/// `flock` on the folder itself rather than on the file (a save replaces the file by renaming, so a
/// lock on the old file would not exclude anyone) or on a lock file (which would be one more file
/// in the user's folder). Editors that take no lock are still caught by the conflict check, only
/// not atomically. A lock that stays taken does not hang the save: after `patience` it gives up.
final class FolderLock {
    private var descriptor: Int32

    /// Takes the lock on `folder`, waiting at most `patience` for another process to release it.
    init(folder: String, patience: Duration = .seconds(5)) throws(FileSystemError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileSystemError.system("lock", path: folder)
        }
        let deadline = ContinuousClock.now + patience
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR, ContinuousClock.now < deadline else {
                close(descriptor)
                let why =
                    reason == EWOULDBLOCK
                    ? "another lazer is still saving into this folder (waited \(patience))"
                    : String(cString: strerror(reason))
                throw FileSystemError(operation: "lock", path: folder, reason: why, errorNumber: reason)
            }
            usleep(10_000)
        }
        self.descriptor = descriptor
    }

    /// Releases the lock (also on deinit); later calls do nothing.
    func unlock() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { unlock() }
}
