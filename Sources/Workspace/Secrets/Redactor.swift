/// Replaces secret values with a mask wherever text leaves Lazer's memory for a person or a file:
/// the screen, history, exports, reports, logs.
///
/// Values shorter than `minimumLength` are not redacted (masking every "a" would garble
/// everything and protect nothing); the percent-encoded and JSON-escaped forms of each value are
/// redacted too, since that is how secrets appear in URLs and bodies.
package struct Redactor: Sendable {
    package static let mask = "••••••"
    package static let minimumLength = 3
    /// Headers whose values are credentials whether or not they came from a secret variable.
    package static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization"]

    private let needles: [String]

    package init(secrets: some Sequence<String>) {
        self.init(forms: Self.forms(of: secrets))
    }

    private init(forms: Set<String>) {
        // Longest first, so a secret containing another is masked whole.
        needles = forms.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    /// This redactor masking `secrets` too (values a response just gave to secret captures).
    package func adding(_ secrets: some Sequence<String>) -> Redactor {
        Redactor(forms: Set(needles).union(Self.forms(of: secrets)))
    }

    /// Each secret as written, percent-encoded, and escaped inside a JSON string.
    private static func forms(of secrets: some Sequence<String>) -> Set<String> {
        var forms: Set<String> = []
        for secret in secrets where secret.count >= minimumLength {
            forms.insert(secret)
            forms.insert(PercentEncoding.encodeQuery(secret))
            forms.insert(String(StoredJSON.string(secret).compact().dropFirst().dropLast()))
        }
        return forms
    }

    package static let none = Redactor(secrets: [String]())

    package var isEmpty: Bool { needles.isEmpty }

    package func redact(_ text: String) -> String {
        guard !needles.isEmpty else { return text }
        var output = text
        for needle in needles where output.contains(needle) {
            output = output.replacing(needle, with: Self.mask)
        }
        return output
    }

    /// A header value as it may be shown or stored.
    package func redactHeader(name: String, value: String) -> String {
        Self.credentialHeaders.contains(name.lowercased()) ? Self.mask : redact(value)
    }

    /// The fixed mask shown for a secret variable's value in the UI.
    package static func masked(_ value: String) -> String { value.isEmpty ? "" : mask }
}
