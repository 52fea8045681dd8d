import Foundation

/// Base64 for binary bodies kept in history.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}
