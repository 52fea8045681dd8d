/// Text a load script builds when it runs: literal parts, secrets read from the process
/// environment of the load test, and variables captured by earlier requests of the same user.
enum ScriptPiece: Sendable, Equatable {
    case text(String)
    /// A secret variable: read from the environment variable (`LAZER_VAR_token`) when the script
    /// runs, never written in the file.
    case secret(variable: String)
    /// A variable a capture sets: the user's own value, the placeholder as written until then.
    case capture(String)
    /// The pieces percent-encoded as a query name or value.
    case queryEncoded([ScriptPiece])
    /// The pieces escaped for the inside of a JSON string (a variable in a JSON body's string).
    case jsonEscaped([ScriptPiece])
    /// The pieces in base64 (a Basic credential holding a secret or a captured value).
    case base64([ScriptPiece])

    /// Marks a secret (`s`) or captured (`c`) variable in resolved text: private-use characters
    /// that no collection text is expected to hold, around the name.
    static func marker(_ kind: Character, _ name: String) -> String {
        "\u{E000}\(kind)\(name)\u{E001}"
    }

    /// `text` cut at the markers; literal parts passed through `literal` (the redactor).
    static func split(_ text: String, literal: (String) -> String) -> [ScriptPiece] {
        var pieces: [ScriptPiece] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "\u{E000}"), let close = rest[open...].firstIndex(of: "\u{E001}") {
            if open > rest.startIndex { pieces.append(.text(literal(String(rest[..<open])))) }
            let inside = rest[rest.index(after: open)..<close]
            if let kind = inside.first {
                let name = String(inside.dropFirst())
                pieces.append(kind == "s" ? .secret(variable: name) : .capture(name))
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty || pieces.isEmpty { pieces.append(.text(literal(String(rest)))) }
        return pieces
    }
}
