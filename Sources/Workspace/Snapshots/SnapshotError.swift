/// Why a snapshot could not be read, made or written, in one line a person can act on.
package struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
