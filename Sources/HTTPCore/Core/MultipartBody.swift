public import Foundation
import RegularFiles

/// A `multipart/form-data` body (RFC 7578): parts in order, separated by a boundary.
///
/// ``segments`` lays the body out as literal bytes interleaved with file references, which is
/// what a transport needs to stream file parts without loading them.
public struct MultipartBody: Hashable, Sendable {
    /// A run of the encoded body: literal bytes, or a whole file to copy.
    public enum Segment: Hashable, Sendable {
        case data(Data)
        case file(path: String)
    }

    /// The parts in order.
    public var parts: [MultipartPart]
    /// The boundary between parts; random by default so it cannot collide with content.
    public var boundary: String

    public init(parts: [MultipartPart], boundary: String = MultipartBody.randomBoundary()) {
        self.parts = parts
        self.boundary = boundary
    }

    /// A fresh boundary: `lazer-` and 24 random alphanumerics.
    public static func randomBoundary() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        return "lazer-" + String((0..<24).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }

    /// `multipart/form-data; boundary=…`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Whether any part is a file on disk.
    public var hasFileParts: Bool {
        parts.contains {
            if case .file = $0.content { return true }
            return false
        }
    }

    /// The encoded body as literal byte runs and file references, in order.
    public var segments: [Segment] {
        var segments: [Segment] = []
        var pending = Data()
        for part in parts {
            pending.append(Data("--\(boundary)\r\n".utf8))
            pending.append(Data(header(for: part).utf8))
            switch part.content {
            case .text(let text):
                pending.append(Data(text.utf8))
            case .data(let data):
                pending.append(data)
            case .file(let path):
                segments.append(.data(pending))
                pending = Data()
                segments.append(.file(path: path))
            }
            pending.append(Data("\r\n".utf8))
        }
        pending.append(Data("--\(boundary)--\r\n".utf8))
        segments.append(.data(pending))
        return segments
    }

    /// The whole body in memory, reading file parts. For small bodies only.
    public func encodedData() throws(RequestError) -> Data {
        var data = Data()
        for segment in segments {
            switch segment {
            case .data(let bytes):
                data.append(bytes)
            case .file(let path):
                data.append(try Self.readFile(path))
            }
        }
        return data
    }

    /// The body's length in bytes, with file sizes read from disk.
    public func contentLength() throws(RequestError) -> Int64 {
        var length: Int64 = 0
        for segment in segments {
            switch segment {
            case .data(let bytes):
                length += Int64(bytes.count)
            case .file(let path):
                length += try Self.fileSize(path)
            }
        }
        return length
    }

    private func header(for part: MultipartPart) -> String {
        var disposition = "Content-Disposition: form-data; name=\"\(Self.escapeQuoted(part.name))\""
        if let filename = part.filename {
            disposition += "; filename=\"\(Self.escapeQuoted(filename))\""
        }
        var header = disposition + "\r\n"
        if let contentType = part.contentType {
            header += "Content-Type: \(contentType)\r\n"
        }
        return header + "\r\n"
    }

    /// Escapes a quoted parameter the way browsers do (WHATWG): `"` → `%22`, CR → `%0D`, LF → `%0A`.
    static func escapeQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A file body or part read whole (mocks, previews): only a regular file within
    /// `RegularFile.defaultLimit`, so a FIFO or a device (`/dev/zero`) named by a collection never
    /// blocks the caller or fills memory.
    static func readFile(_ path: String) throws(RequestError) -> Data {
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.read(path)
        } catch {
            throw .bodyFileUnreadable(path: path, reason: error.reason)
        }
        guard let bytes else { throw .bodyFileNotFound(path: path) }
        return Data(bytes)
    }

    /// A file body's size, from `stat` (nothing is opened): only a regular file has one to send.
    static func fileSize(_ path: String) throws(RequestError) -> Int64 {
        do {
            return try RegularFile.check(path, limit: Int.max)
        } catch {
            if error.errorNumber == ENOENT { throw .bodyFileNotFound(path: path) }
            throw .bodyFileUnreadable(path: path, reason: error.reason)
        }
    }
}
