/// The keys of a JSON document's top-level object, read in one pass over the bytes without
/// building a tree: format detection asks which keys a document has, wherever they sit (a
/// generator that sorts keys writes `openapi` after hundreds of kilobytes of `components`) and
/// never confusing a nested key with a top-level one.
///
/// Strings are skipped with their escapes, nested values by depth; a key is read only at depth 1.
/// Linear in the document's size, with no recursion. Returns nil when the text does not start
/// with an object; a document cut short or malformed gives the keys read before the problem (the
/// importer reports the problem itself, positioned).
enum TopLevelKeys {
    static func scan(_ bytes: some Collection<UInt8>) -> Set<String>? {
        var keys: Set<String> = []
        var iterator = bytes.makeIterator()
        // Skip a byte order mark and blanks up to the opening brace.
        var first: UInt8?
        while let byte = iterator.next() {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF || byte == 0xBB
                || byte == 0xBF
            {
                continue
            }
            first = byte
            break
        }
        guard first == UInt8(ascii: "{") else { return nil }
        var depth = 1
        // At depth 1, a string is a key when it comes where a key is expected (after `{` or `,`).
        var expectingKey = true
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "\""):
                let isKey = depth == 1 && expectingKey
                var text: [UInt8] = []
                var escaped = false
                while let next = iterator.next() {
                    if escaped {
                        escaped = false
                    } else if next == UInt8(ascii: "\\") {
                        escaped = true
                    } else if next == UInt8(ascii: "\"") {
                        break
                    }
                    // Keys that matter are short and plain; a long one is kept only up to 64 bytes.
                    if isKey, text.count < 64 { text.append(next) }
                }
                if isKey {
                    keys.insert(String(decoding: text, as: UTF8.self))
                    expectingKey = false
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return keys }
            case UInt8(ascii: ","):
                if depth == 1 { expectingKey = true }
            default:
                break
            }
        }
        return keys
    }
}
