public import Foundation

/// A response body: in memory, or in a temporary file when it was too large to hold.
///
/// Transports decide (by a size limit) where a body goes; code reading it goes through ``data()``
/// (which loads the file) or ``fileURL`` (to stream it), so both cases share one type.
public enum ResponseBody: Hashable, Sendable {
    /// The whole body, held in memory.
    case data(Data)
    /// The body was written to `url`; `byteCount` bytes.
    case file(URL, byteCount: Int64)

    /// An empty in-memory body.
    public static let empty = ResponseBody.data(Data())

    /// The body's size in bytes.
    public var byteCount: Int64 {
        switch self {
        case .data(let data): return Int64(data.count)
        case .file(_, let byteCount): return byteCount
        }
    }

    /// Whether the body has no bytes.
    public var isEmpty: Bool { byteCount == 0 }

    /// The file holding the body, when it is on disk.
    public var fileURL: URL? {
        if case .file(let url, _) = self { return url }
        return nil
    }

    /// The body's bytes, reading the file if it is on disk.
    public func data() throws(ResponseError) -> Data {
        switch self {
        case .data(let data):
            return data
        case .file(let url, _):
            do {
                return try Data(contentsOf: url)
            } catch {
                throw .unreadableBodyFile(path: url.path, reason: error.localizedDescription)
            }
        }
    }
}
