import Foundation

/// Makes the stable ids stored in collection files (collections and requests).
package enum IdentifierGenerator {
    /// A lowercase UUID.
    package static func make() -> String { UUID().uuidString.lowercased() }
}
