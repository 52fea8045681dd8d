import Foundation
package import HTTPCore
package import JSONTree
package import RegularFiles

extension JSONBytes {
    /// A mapped file's bytes, borrowed: the file stays mapped while they live, and the pages a
    /// pass has gone past are handed back through it (`MappedFile.releasePages`).
    package init(mapped file: MappedFile) {
        self.init(borrowing: file.bytes, owner: file) { file.releasePages($0) }
    }

    /// A file as `RegularFile.load` gave it: read into an array, or mapped.
    package init(_ contents: RegularFileContents) {
        switch contents {
        case .bytes(let bytes): self.init(bytes)
        case .mapped(let file): self.init(mapped: file)
        }
    }
}

/// A response body as the checks and the explorer read it. A body the transport spilled to a file
/// is mapped, not read: its pages are read as the parse reaches them and handed back behind it,
/// so a response of hundreds of megabytes costs its index and a window (issue 31, goal 2). A body
/// in memory is copied once into an array.
package enum ResponseBytes {
    package static func of(_ body: ResponseBody) throws(ResponseError) -> JSONBytes {
        guard case .file(let url, _) = body else { return JSONBytes(try body.bytes()) }
        let contents: RegularFileContents?
        do {
            contents = try RegularFile.load(url.path, limit: .max)
        } catch {
            throw .unreadableBodyFile(path: url.path, reason: error.reason)
        }
        guard let contents else {
            throw .unreadableBodyFile(path: url.path, reason: RegularFile.notFoundReason(url.path))
        }
        return JSONBytes(contents)
    }
}
