/// Names one saved request across the workspace: its collection's id and its own id. Drafts,
/// exchanges and selections are keyed by it, so they survive reloads and renames of the file.
public struct RequestKey: Hashable, Sendable, CustomStringConvertible {
    public var collectionID: String
    public var requestID: String

    public init(collectionID: String, requestID: String) {
        self.collectionID = collectionID
        self.requestID = requestID
    }

    public var description: String { collectionID + "/" + requestID }
}
