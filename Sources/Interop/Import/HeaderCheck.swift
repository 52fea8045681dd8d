import HTTPCore

/// Which imported headers Lazer can send: a name that is an HTTP token and a value without
/// control characters (RFC 9110), `{{placeholders}}` allowed in both. Importers report the others
/// instead of writing a request that would fail when sent.
package enum HeaderCheck {
    /// Nil when the header can be sent; else why not, for the report.
    package static func problem(name: String, value: String) -> String? {
        var nameIsValid = !name.isEmpty
        _ = PlaceholderText.mapLiterals(name) { literal in
            if !literal.isEmpty, !HTTPToken.isValid(literal) { nameIsValid = false }
            return literal
        }
        if !nameIsValid { return "header name \"\(name)\" is not a valid HTTP field name" }
        if !HTTPToken.isValidFieldValue(value) {
            return "header \(name) has a line break or control character in its value"
        }
        return nil
    }
}
