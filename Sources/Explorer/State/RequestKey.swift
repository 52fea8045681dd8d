/// Names one saved request across the workspace: its collection's id and its own id. Drafts,
/// exchanges and selections are keyed by it, so they survive reloads and renames of the file.
package struct RequestKey: Hashable, Sendable, CustomStringConvertible {
    package var collectionID: String
    package var requestID: String

    package init(collectionID: String, requestID: String) {
        self.collectionID = collectionID
        self.requestID = requestID
    }

    package var description: String { collectionID + "/" + requestID }
}
