#if canImport(Glibc)
import Glibc
#endif

/// A failed file operation — a file `RegularFile` refused or could not read, a save, a lock, a
/// watch — with the path, the system's reason and, when a system call failed, its `errno`. The one
/// type for a file failure in every module (the workspace's error cards translate it by cause).
package struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    package var operation: String
    package var path: String
    package var reason: String
    /// The system's error number (`errno`) when the failure came from a system call; it picks the
    /// translation (permission denied, disk full, …), since `reason` may be in the user's language.
    /// nil when the file was refused (not regular, over the limit).
    package var errorNumber: Int32?

    package init(operation: String, path: String, reason: String, errorNumber: Int32? = nil) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.errorNumber = errorNumber
    }

    /// The failure of the system call just made, from `errno`: call it before anything else can
    /// change `errno`.
    package static func system(_ operation: String, path: String) -> FileSystemError {
        let number = errno
        let reason = number == ENOENT ? RegularFile.notFoundReason(path) : String(cString: strerror(number))
        return FileSystemError(operation: operation, path: path, reason: reason, errorNumber: number)
    }

    package var description: String { "could not \(operation) \(path): \(reason)" }
}
