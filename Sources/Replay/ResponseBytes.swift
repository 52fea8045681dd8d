import Foundation
package import HTTPCore
package import JSONTree
import RegularFiles

/// A response body as the checks read it. A body the transport spilled to a file is mapped, not
/// read: its pages are read as the parse reaches them and handed back behind it, so a response of
/// hundreds of megabytes costs `lazer run` its index and a window (issue 31, goal 2). A body in
/// memory is copied once into an array. The explorer's parse stage uses it too.
package enum ResponseBytes {
    package static func of(_ body: ResponseBody) throws(ResponseError) -> JSONBytes {
        guard case .file(let url, _) = body else { return JSONBytes(try body.bytes()) }
        let contents: RegularFileContents?
        do {
            contents = try RegularFile.load(url.path, limit: .max)
        } catch {
            throw .unreadableBodyFile(path: url.path, reason: error.reason)
        }
        switch contents {
        case nil: throw .unreadableBodyFile(path: url.path, reason: RegularFile.notFoundReason(url.path))
        case .bytes(let bytes)?: return JSONBytes(bytes)
        case .mapped(let file)?: return JSONBytes(borrowing: file.bytes, owner: file) { file.releasePages($0) }
        }
    }
}
