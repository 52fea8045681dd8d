public import Foundation

extension ResponseBody {
    /// The name prefix of the temporary files a transport spills large bodies to
    /// (`$TMPDIR/lazer-body-XXXXXX`); their receiver removes them once read.
    public static let spillFilePrefix = "lazer-body-"

    /// Whether `file` is a body a transport spilled to the temporary folder — the receiver's to
    /// remove — and not, say, a mock's body file, which belongs to its collection.
    public static func isTransportSpill(_ file: URL) -> Bool {
        let folder = file.deletingLastPathComponent().standardizedFileURL.path
        return folder == FileManager.default.temporaryDirectory.standardizedFileURL.path
            && file.lastPathComponent.hasPrefix(spillFilePrefix)
    }
}
