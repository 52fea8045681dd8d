/// A response arrived but is not usable the way the caller asked.
public enum ResponseError: Error, Hashable, Sendable {
    /// The body is empty but content was required.
    case emptyBody
    /// The body was saved to a temporary file that can no longer be read.
    case unreadableBodyFile(path: String, reason: String)
    /// A mock environment's route answers with a file that is not there (or cannot be read).
    case mockBodyFileMissing(path: String)
    /// The body has a different media type than the caller expected.
    case unexpectedContentType(expected: String, actual: String?)
    /// A ``ResponseAdapter`` refused the response.
    case adapterFailed(String)
}
