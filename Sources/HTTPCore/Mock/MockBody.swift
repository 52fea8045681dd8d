public import Foundation

/// What a mock response sends back.
public enum MockBody: Hashable, Sendable {
    /// No body.
    case empty
    /// Bytes given inline.
    case data(Data)
    /// The contents of a file, answered as a file-backed ``ResponseBody`` (like a big download).
    case file(path: String)

    /// UTF-8 text.
    public static func text(_ text: String) -> MockBody {
        .data(Data(text.utf8))
    }
}
