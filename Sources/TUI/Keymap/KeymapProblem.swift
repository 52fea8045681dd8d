/// Something wrong with a keymap: a conflict between two actions, or a bad entry in a user file.
package struct KeymapProblem: Hashable, Sendable, CustomStringConvertible {
    /// `file:line:column:` when the problem comes from a file.
    package var location: String?
    package var message: String

    package init(location: String? = nil, message: String) {
        self.location = location
        self.message = message
    }

    package var description: String { location.map { "\($0): \(message)" } ?? message }
}
