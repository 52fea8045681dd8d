import Glibc
package import RegularFiles

/// A failed file operation, with the path and the system's reason.
package struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    package var operation: String
    package var path: String
    package var reason: String
    /// The system's error number (`errno`) when the failure came from a system call; it picks the
    /// translation (permission denied, disk full, …), since `reason` may be in the user's language.
    package var errorNumber: Int32?

    package init(operation: String, path: String, reason: String, errorNumber: Int32? = nil) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.errorNumber = errorNumber
    }

    /// The failure of the system call just made, from `errno`: call it before anything else can
    /// change `errno`.
    static func system(_ operation: String, path: String) -> FileSystemError {
        let number = errno
        return FileSystemError(
            operation: operation, path: path, reason: String(cString: strerror(number)), errorNumber: number)
    }

    package var description: String { "could not \(operation) \(path): \(reason)" }
}

extension FileSystemError {
    /// A file `RegularFile` did not read (missing permission, a FIFO, over the limit, …).
    package init(_ failure: RegularFile.Failure) {
        self.init(
            operation: failure.operation, path: failure.path, reason: failure.reason, errorNumber: failure.errorNumber)
    }
}
