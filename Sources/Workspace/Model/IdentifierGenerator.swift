import Foundation

/// Makes the stable ids stored in collection files (collections and requests).
public enum IdentifierGenerator {
    /// A lowercase UUID.
    public static func make() -> String { UUID().uuidString.lowercased() }
}
