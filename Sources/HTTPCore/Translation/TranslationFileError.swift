/// A translations override file could not be used. The message names the file and the problem.
public struct TranslationFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// What is wrong, e.g. `unknown field "titel" in "http.404"`.
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}
