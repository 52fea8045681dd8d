/// Something wrong with a keymap: a conflict between two actions, or a bad entry in a user file.
public struct KeymapProblem: Hashable, Sendable, CustomStringConvertible {
    /// `file:line:column:` when the problem comes from a file.
    public var location: String?
    public var message: String

    public init(location: String? = nil, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { location.map { "\($0): \(message)" } ?? message }
}
