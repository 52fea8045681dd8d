import JSONTree

/// A snapshot's JSON body as its canonical text (`SnapshotCanonicalizer`), exactly as the
/// snapshot file holds it under `"body"`: pretty, nested lines indented one level. Canonical text
/// is one per value, so two bodies are the same when their bytes are, and the file is written
/// without building a tree of the body.
package struct SnapshotJSON: Sendable, Equatable {
    /// UTF-8, without a trailing newline.
    package let text: [UInt8]

    init(text: [UInt8]) {
        self.text = text
    }

    /// The text of a value made in code, written as it is (its members in their order): for
    /// values already canonical, as tests and the explorer's fixtures write them.
    package init(_ value: StoredJSON) {
        var writer = CanonicalJSONWriter(pretty: true)
        writer.write(value, depth: 1)
        text = Array(writer.output.utf8)
    }

    /// The body parsed again, for the diff of two bodies that differ.
    func document() -> JSONDocument? {
        try? JSONDocument(bytes: text)
    }

    /// The start of the compact text (the spaces and line breaks between values dropped), at
    /// most `limit` bytes of it: a preview costs no more for a large body than for a small one.
    func compactPrefix(limit: Int) -> String {
        var output: [UInt8] = []
        var inString = false
        var index = 0
        while index < text.count, output.count < limit {
            let byte = text[index]
            index += 1
            if inString {
                output.append(byte)
                if byte == UInt8(ascii: "\\"), index < text.count {
                    output.append(text[index])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte != UInt8(ascii: " "), byte != 0x0A {
                output.append(byte)
                inString = byte == UInt8(ascii: "\"")
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
