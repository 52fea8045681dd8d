import Foundation
import TerminalText
package import Workspace

/// The shell words of a masked curl command: where a secret variable's value would go, the shell
/// variable `LAZER_VAR_<name>` is written instead (`-H "Authorization: Bearer $LAZER_VAR_token"`),
/// so the pasted command sends the real value once the user sets it — the same variable
/// `lazer send`, `run` and the explorer read a secret from. A masked `••••••` sent a 401.
///
/// Secrets without a variable (a Basic credential, a value only the redactor recognises in
/// another encoding) stay masked. With `reveal`, every value is written as it is.
package struct CurlSecretWords {
    package enum Piece: Equatable {
        case text(String)
        /// A shell variable name.
        case variable(String)
    }

    private let redactor: Redactor
    private let reveal: Bool
    /// Secret values with their variables, longest first (a value inside another loses to it).
    private let secrets: [(value: String, name: String)]
    /// The shell variables written so far, in order of first use.
    package private(set) var variables: [String] = []

    package init(request: ResolvedRequest, redactor: Redactor, reveal: Bool) {
        self.redactor = redactor
        self.reveal = reveal
        secrets = request.secretNames.map { (value: $0.key, name: $0.value) }
            .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.value < $1.value }
    }

    /// `LAZER_VAR_<name>`, every character a shell name cannot hold (`.`, `-`) made `_`.
    package static func shellVariable(for name: String) -> String {
        ProcessVariables.prefix
            + String(
                String.UnicodeScalarView(
                    name.unicodeScalars.map { scalar in
                        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                            || scalar == "_" ? scalar : "_"
                    }))
    }

    /// One quoted word for `text`: its secrets as variables, other secrets masked.
    package mutating func word(_ text: String) -> String {
        if reveal { return CurlExport.quote(text) }
        let pieces = split(text)
        guard pieces.contains(where: { if case .variable = $0 { true } else { false } }) else {
            return CurlExport.quote(redactor.redact(text))
        }
        return shellWord(
            pieces.map { piece in if case .text(let literal) = piece { .text(redactor.redact(literal)) } else { piece }
            })
    }

    /// The word of `-H`: `Name: value`, a credential header masked whole unless its secret has a variable.
    package mutating func header(name: String, value: String) -> String {
        if value.isEmpty { return CurlExport.quote("\(name);") }
        if reveal { return CurlExport.quote("\(name): \(value)") }
        let pieces = split(value)
        guard pieces.contains(where: { if case .variable = $0 { true } else { false } }) else {
            return CurlExport.quote("\(name): \(redactor.redactHeader(name: name, value: value))")
        }
        let masked = pieces.map { piece in
            if case .text(let literal) = piece { Piece.text(redactor.redact(literal)) } else { piece }
        }
        return shellWord([.text("\(name): ")] + masked)
    }

    /// `text` cut where a secret value with a variable appears.
    mutating func split(_ text: String) -> [Piece] {
        guard !secrets.isEmpty else { return [.text(text)] }
        var pieces: [Piece] = []
        var rest = text[...]
        while !rest.isEmpty {
            var best: (range: Range<Substring.Index>, name: String)?
            for secret in secrets {
                guard let range = rest.range(of: secret.value) else { continue }
                if let current = best, current.range.lowerBound <= range.lowerBound { continue }
                best = (range, secret.name)
            }
            guard let found = best else { break }
            if found.range.lowerBound > rest.startIndex {
                pieces.append(.text(String(rest[..<found.range.lowerBound])))
            }
            let variable = Self.shellVariable(for: found.name)
            if !variables.contains(variable) { variables.append(variable) }
            pieces.append(.variable(variable))
            rest = rest[found.range.upperBound...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }

    /// The pieces as one shell word: in double quotes when the literal text needs no escape there
    /// (`"Authorization: Bearer $LAZER_VAR_token"`), else single-quoted literals joined to
    /// double-quoted variables (`'{"pw": "'"$LAZER_VAR_pw"'"}'`).
    func shellWord(_ pieces: [Piece]) -> String {
        let plain = pieces.allSatisfy { piece in
            guard case .text(let literal) = piece else { return true }
            var previous: Unicode.Scalar?
            return literal.unicodeScalars.allSatisfy { scalar in
                defer { previous = scalar }
                return !"$`\"\\!".unicodeScalars.contains(scalar) && !TerminalText.isUnsafe(scalar, after: previous)
                    && scalar != "\n" && scalar != "\t"
            }
        }
        if plain {
            var word = "\""
            for (index, piece) in pieces.enumerated() {
                switch piece {
                case .text(let literal): word += literal
                case .variable(let name):
                    // `${name}` only where the next character would otherwise continue the name.
                    let next = index + 1 < pieces.count ? pieces[index + 1] : nil
                    if case .text(let following)? = next, let first = following.unicodeScalars.first,
                        first == "_"
                            || (first.isASCII && (first.properties.isAlphabetic || ("0"..."9").contains(first)))
                    {
                        word += "${\(name)}"
                    } else {
                        word += "$\(name)"
                    }
                }
            }
            return word + "\""
        }
        return pieces.map { piece in
            switch piece {
            case .text(let literal): literal.isEmpty ? "" : CurlExport.quote(literal)
            case .variable(let name): "\"$\(name)\""
            }
        }.joined()
    }
}
