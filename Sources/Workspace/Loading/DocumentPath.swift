/// A JSON path inside a collection file, written the way users read it: `folders[0].requests[3].method`.
struct DocumentPath: Sendable, CustomStringConvertible {
    private(set) var text: String

    static let root = DocumentPath(text: "")

    func appending(_ key: String) -> DocumentPath {
        let simple =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "$"
            }
        if !simple { return DocumentPath(text: text + "[\"\(key)\"]") }
        return DocumentPath(text: text.isEmpty ? key : text + "." + key)
    }

    func appending(index: Int) -> DocumentPath {
        DocumentPath(text: text + "[\(index)]")
    }

    var description: String { text }
}
