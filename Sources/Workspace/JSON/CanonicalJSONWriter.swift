import TerminalText

/// Writes `StoredJSON` as text in exactly one way, so saving an unchanged collection reproduces
/// the file byte for byte and an edit to one field changes one line.
struct CanonicalJSONWriter {
    let pretty: Bool
    private(set) var output = ""

    init(pretty: Bool) {
        self.pretty = pretty
    }

    mutating func write(_ value: StoredJSON, depth: Int = 0) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): writeString(text)
        case .array(let items):
            guard !items.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                newline(depth + 1)
                write(item, depth: depth + 1)
            }
            newline(depth)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                newline(depth + 1)
                writeString(member.key)
                output += pretty ? ": " : ":"
                write(member.value, depth: depth + 1)
            }
            newline(depth)
            output += "}"
        }
    }

    private mutating func newline(_ depth: Int) {
        guard pretty else { return }
        output += "\n"
        output += String(repeating: "  ", count: depth)
    }

    private mutating func writeString(_ text: String) {
        Self.appendString(text, to: &output)
    }

    /// Appends `text` as a JSON string literal. Escapes what JSON requires (quote, backslash,
    /// control characters) and what a terminal must not get raw (`TerminalText`). Other non-ASCII
    /// text is written as UTF-8 so names in other scripts stay readable in diffs.
    static func appendString(_ text: String, to output: inout String) {
        output += "\""
        TerminalText.appendJSONStringContent(text, to: &output, uppercase: false)
        output += "\""
    }
}
