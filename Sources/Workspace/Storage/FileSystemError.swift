/// A failed file operation, with the path and the system's reason.
public struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var reason: String

    public var description: String { "could not \(operation) \(path): \(reason)" }
}
