import Crypto
package import Foundation
package import HTTPCore
import RegularFiles

/// The hex SHA-256 of a request's body as it will be sent. A file — a `file` body or a multipart
/// part — is hashed as it is read in 64 KiB pieces, never loaded whole: a 5 GB upload is signed
/// in constant memory.
package enum SigV4PayloadHash {
    /// `UNSIGNED-PAYLOAD`: the body is not part of the signature (S3 over TLS allows it).
    package static let unsigned = "UNSIGNED-PAYLOAD"
    /// The hash of no bytes.
    package static let empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    /// The hash of `body`; a file that cannot be read is the same `RequestError` the transport
    /// would have reported.
    package static func of(_ body: RequestBody) throws(RequestError) -> String {
        switch body {
        case .none:
            return empty
        case .bytes(let data), .json(let data):
            return SigV4PayloadMemo.shared.hex(of: data)
        case .formURLEncoded(let fields):
            return hex(of: Data(FormURLEncoding.encode(fields).utf8))
        case .file(let path):
            var hasher = SHA256()
            try stream(path, into: &hasher)
            return SigV4Encoding.hex(contiguous: hasher.finalize())
        case .multipart(let body):
            var hasher = SHA256()
            for segment in body.segments {
                switch segment {
                case .data(let data): data.withUnsafeBytes { hasher.update(bufferPointer: $0) }
                case .file(let path): try stream(path, into: &hasher)
                }
            }
            return SigV4Encoding.hex(contiguous: hasher.finalize())
        }
    }

    /// The hex SHA-256 of bytes in memory. Hashed as one buffer: `SHA256.hash(data:)` is generic
    /// over `DataProtocol` and, not specialised across modules, cost twice the hashing itself.
    package static func hex(of data: Data) -> String {
        var hasher = SHA256()
        data.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return SigV4Encoding.hex(contiguous: hasher.finalize())
    }

    private static func stream(_ path: String, into hasher: inout SHA256) throws(RequestError) {
        do {
            try RegularFile.forEachChunk(path) { hasher.update(bufferPointer: $0) }
        } catch {
            if error.errorNumber == ENOENT { throw .bodyFileNotFound(path: path) }
            throw .bodyFileUnreadable(path: path, reason: error.reason)
        }
    }
}
