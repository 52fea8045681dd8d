import Foundation

/// What every importer is told besides the source.
package struct ImportOptions: Sendable {
    /// The collection's name; nil lets the importer pick (the document's title, else the file name).
    package var collectionName: String?
    /// The folder of the collection file being written: file references the collection keeps
    /// (file bodies, multipart file parts) are made relative to it, as collection files expect.
    /// Nil keeps them as the source wrote them.
    package var targetFolder: String?
    /// Whether files a source names for its content (`curl -d @file`, `-F 'a=<file'`) are read
    /// at import time. Off when the explorer's reducer, which does no I/O, first looks at a
    /// pasted curl command: those files are reported (`ImportReport.unreadFiles`), and the
    /// program imports the command again on its work queue with files read. File bodies and
    /// file parts are only referenced, so they work either way.
    package var readsFiles: Bool

    package init(collectionName: String? = nil, targetFolder: String? = nil, readsFiles: Bool = true) {
        self.collectionName = collectionName
        self.targetFolder = targetFolder
        self.readsFiles = readsFiles
    }

    /// `path` as written in `source` (relative to its folder, or absolute), as the collection
    /// file should store it: relative to `targetFolder` when there is one.
    package func collectionPath(_ path: String, from source: ImportSource) -> String {
        let absolute =
            path.hasPrefix("/") ? path : URL(fileURLWithPath: source.baseFolder).appendingPathComponent(path).path
        guard let targetFolder else { return path }
        return RelativePath.make(absolute, from: targetFolder)
    }
}
