import JSONTree
import Workspace

/// A JSON source parsed once, with what the Postman and HAR importers need to point at a spot:
/// the line and column of any value, and the path they walked to reach it.
final class JSONInput: Sendable {
    let document: JSONDocument
    let file: String
    /// Offsets where each line starts, built on the first location asked for (most imports ask none).
    private let lineStarts: [Int]

    /// Deep enough for any real collection or capture, and for what Lazer's own exports write of
    /// the deepest collection it reads (`SourceNode.maximumDepth`, 256, plus the few levels a
    /// request's URL object adds: at 200 its Postman export of a 98-folder collection was refused);
    /// the limit keeps every walk's recursion safe.
    static let maximumDepth = 300

    /// Parses `source` (a UTF-8 byte order mark is skipped), or throws an error at the offending character.
    init(_ source: ImportSource, what: String) throws(ImportError) {
        file = source.name
        let bytes = Array(source.bytesWithoutBOM)
        do {
            document = try JSONDocument(bytes: bytes, options: JSONParseOptions(maximumDepth: Self.maximumDepth))
        } catch {
            throw ImportError(
                "not a valid \(what) (JSON): expected \(error.expected), found \(error.found)", file: source.name,
                line: error.line, column: error.column)
        }
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    var root: JSONValue { JSONValue(input: self, node: JSONNode(index: 0), path: "") }

    /// The 1-based line and column of the value `node`.
    func location(of node: JSONNode, path: String) -> ImportLocation {
        let offset = document.valueStart(node)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let start = lineStarts[low]
        let bytes = document.bytes
        var column = 1
        var index = start
        while index < offset, index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return ImportLocation(file: file, line: low + 1, column: column, path: path)
    }
}

/// One value of a `JSONInput` and the path that led to it (`item[2].request.url`).
struct JSONValue {
    let input: JSONInput
    let node: JSONNode
    let path: String

    var kind: JSONKind { input.document.kind(node) }
    var isObject: Bool { kind == .object }
    var isArray: Bool { kind == .array }
    var isNull: Bool { kind == .null }

    var location: ImportLocation { input.location(of: node, path: path) }

    /// The member named `key` of an object (the last one when a key repeats).
    subscript(key: String) -> JSONValue? {
        guard let child = input.document.child(node, key: key) else { return nil }
        return JSONValue(input: input, node: child, path: path.isEmpty ? key : path + "." + key)
    }

    /// The elements of an array (empty for anything else).
    var items: [JSONValue] {
        guard isArray else { return [] }
        return input.document.children(node).enumerated().map { index, child in
            JSONValue(input: input, node: child, path: path + "[\(index)]")
        }
    }

    /// An object's members in file order (empty for anything else).
    var members: [(key: String, value: JSONValue)] {
        guard isObject else { return [] }
        return input.document.children(node).map { child in
            let key = input.document.key(child) ?? ""
            return (key, JSONValue(input: input, node: child, path: path.isEmpty ? key : path + "." + key))
        }
    }

    /// The string, when this is a string.
    var string: String? { kind == .string ? input.document.string(node) : nil }

    /// A scalar as text: strings as they are, numbers as written, booleans as `true`/`false`;
    /// nil for null, arrays and objects. Exports write numbers and booleans where strings belong.
    var text: String? {
        switch kind {
        case .string: input.document.string(node)
        case .number: input.document.numberText(node)
        case .true: "true"
        case .false: "false"
        default: nil
        }
    }

    var bool: Bool? {
        switch kind {
        case .true: true
        case .false: false
        case .string: string.flatMap { $0 == "true" ? true : $0 == "false" ? false : nil }
        default: nil
        }
    }

    var int: Int? {
        guard kind == .number || kind == .string, let text, let value = Double(text), value.isFinite,
            abs(value) < 1e15
        else { return nil }
        return Int(value)
    }

    /// The value as Lazer keeps JSON (key order and number text preserved).
    var stored: StoredJSON {
        switch kind {
        case .null: .null
        case .true: .bool(true)
        case .false: .bool(false)
        case .number: .number(input.document.numberText(node) ?? "0")
        case .string: .string(input.document.string(node) ?? "")
        case .array: .array(items.map(\.stored))
        case .object: .object(members.map { StoredJSON.Member($0.key, $0.value.stored) })
        }
    }

    /// A Postman-style description: a string, or `{"content": …, "type": …}`.
    var descriptionText: String? {
        if let string { return string.isEmpty ? nil : string }
        if let content = self["content"]?.string { return content.isEmpty ? nil : content }
        return nil
    }
}
