/// A mock route or response could not be built (shown when loading a mock environment).
public enum MockError: Error, Hashable, Sendable {
    /// The path pattern is malformed; `reason` says where.
    case invalidPattern(pattern: String, reason: String)
    /// A response body could not be encoded.
    case bodyEncodingFailed(String)
}
