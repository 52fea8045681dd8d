/// Replaces secret values with a mask wherever text leaves Lazer's memory for a person or a file:
/// the screen, history, exports, reports, logs.
///
/// Values shorter than `minimumLength` are not redacted (masking every "a" would garble
/// everything and protect nothing). Every encoding a request or a response can carry a secret in
/// is masked: as written, percent-encoded (a query value, a path segment, any choice of escaped
/// characters), form-encoded (`+` for a space), escaped in a JSON string, once or twice (a JSON
/// body echoed inside a JSON response) — `SecretMatcher` reads each character through any of
/// these — and in base64 — whole, or inside a longer base64 text
/// such as a Basic credential `user:secret!` (`base64Forms`).
package struct Redactor: Sendable {
    package static let mask = "••••••"
    package static let minimumLength = 3
    /// Headers whose values are credentials whether or not they came from a secret variable.
    package static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization"]
    /// The shortest piece of base64 masked inside a longer base64 text: shorter ones would match by chance.
    static let minimumBase64Length = 6

    /// The secret values (each at least `minimumLength` long).
    private let secrets: Set<String>
    /// Values masked as written only (`adding(verbatim:)`): a few (one signature per request),
    /// kept in a list so that adding one copies no set.
    private let verbatim: [String]
    /// Every text looked for but the verbatim values: the secrets and their encoded forms.
    private let needles: Set<String>
    /// Their matchers and their base64 forms', longest first so a secret containing another is masked whole.
    private let matchers: [SecretMatcher]
    /// The bytes any match can start with.
    private let startBytes: [Bool]

    package init(secrets: some Sequence<String>) {
        self.init(set: Set(secrets.filter(Self.isLongEnough)))
    }

    private init(set: Set<String>, verbatim: [String] = []) {
        var needles = set
        for secret in set {
            // Escaped once as a needle, so a JSON text inside a JSON string (an echoed body) is
            // read through both layers.
            needles.insert(String(StoredJSON.string(secret).compact().dropFirst().dropLast()))
            needles.formUnion(Self.base64Forms(of: secret))
        }
        self.init(secrets: set, verbatim: verbatim, needles: needles)
    }

    /// From the needles already worked out (their encoded forms cost the most to make).
    private init(secrets: Set<String>, verbatim: [String], needles: Set<String>) {
        let matchers = needles.union(verbatim).sorted {
            $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 < $1
        }
        .map(SecretMatcher.init)
        var starts = [Bool](repeating: false, count: 256)
        for matcher in matchers { Self.mark(matcher, in: &starts) }
        self.init(secrets: secrets, verbatim: verbatim, needles: needles, matchers: matchers, startBytes: starts)
    }

    private init(
        secrets: Set<String>, verbatim: [String], needles: Set<String>, matchers: [SecretMatcher], startBytes: [Bool]
    ) {
        self.secrets = secrets
        self.verbatim = verbatim
        self.needles = needles
        self.matchers = matchers
        self.startBytes = startBytes
    }

    /// Marks the bytes `matcher` may start a match with (those `SecretMatcher.mayStart` accepts);
    /// a table that has them all already is not copied.
    private static func mark(_ matcher: SecretMatcher, in starts: inout [Bool]) {
        for byte in matcher.startBytes where !starts[Int(byte)] { starts[Int(byte)] = true }
    }

    /// At least `minimumLength` characters, counting no further (a signed run asks per request).
    private static func isLongEnough(_ value: String) -> Bool {
        !value.dropFirst(minimumLength - 1).isEmpty
    }

    /// This redactor masking `secrets` too (values a response just gave to secret captures).
    /// Itself when it masks them all already: a request using the collection's own secrets (every
    /// request of a signed run) rebuilds no matcher.
    package func adding(_ secrets: some Sequence<String>) -> Redactor {
        let new = secrets.filter { !self.secrets.contains($0) && Self.isLongEnough($0) }
        return new.isEmpty ? self : Redactor(set: self.secrets.union(new), verbatim: verbatim)
    }

    /// This redactor masking `values` as written, without the encoded forms a secret is also
    /// looked for in: for values that travel only as they are, such as an AWS SigV4 signature
    /// (lower-case hex, the same percent-encoded or JSON-escaped) — a rebuild per signed request
    /// that stays cheap.
    /// The existing matchers are kept as they are (sorting and remaking them for every signed
    /// request of a run cost more than the signature); each new one goes in at its place by length.
    package func adding(verbatim values: some Sequence<String>) -> Redactor {
        var added = verbatim
        var matchers = matchers
        var starts = startBytes
        for value in values
        where Self.isLongEnough(value) && !needles.contains(value) && !added.contains(value) {
            added.append(value)
            let matcher = SecretMatcher(value)
            let position = matchers.firstIndex { $0.bytes.count < matcher.bytes.count } ?? matchers.endIndex
            matchers.insert(matcher, at: position)
            Self.mark(matcher, in: &starts)
        }
        guard added.count > verbatim.count else { return self }
        return Redactor(
            secrets: secrets, verbatim: added, needles: needles, matchers: matchers, startBytes: starts)
    }

    /// The secret in base64 (standard and URL-safe alphabets) at each of the three alignments it
    /// can have inside a longer base64 text, cut to the characters that depend on its bytes only
    /// (`user:hunter2!` encoded holds `aHVudGVyM` whichever way it was cut): what an echoed Basic
    /// credential or a token holding the secret shows.
    static func base64Forms(of secret: String) -> Set<String> {
        let bytes = Array(secret.utf8)
        var forms: Set<String> = []
        for offset in 0..<3 {
            let encoded = Array(Base64.encode([UInt8](repeating: 0, count: offset) + bytes).utf8)
            let first = (8 * offset + 5) / 6
            let last = (8 * (offset + bytes.count) - 6) / 6
            guard last - first + 1 >= minimumBase64Length, last < encoded.count else { continue }
            let core = String(decoding: encoded[first...last], as: UTF8.self)
            forms.insert(core)
            forms.insert(String(core.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }))
        }
        return forms
    }

    package static let none = Redactor(secrets: [String]())

    /// The secrets it masks (to tell whether two redactors were made from the same ones).
    package var maskedSecrets: Set<String> { secrets }

    package var isEmpty: Bool { matchers.isEmpty }

    package func redact(_ text: String) -> String {
        guard !matchers.isEmpty else { return text }
        var text = text
        let redacted = text.withUTF8 { redact(bytes: $0) }
        return redacted.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// `bytes` (UTF-8) with every secret masked; nil when there was none, so text read in place
    /// (a snapshot's strings on JSONTree's tape) is copied only when something is masked.
    package func redact(bytes buffer: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard !matchers.isEmpty else { return nil }
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        while index < buffer.count {
            guard startBytes[Int(buffer[index])] else {
                index += 1
                continue
            }
            var end: Int?
            for matcher in matchers where matcher.mayStart(with: buffer[index]) {
                if let found = matcher.match(in: buffer, at: index) {
                    end = found
                    break
                }
            }
            guard let end else {
                index += 1
                continue
            }
            if output.isEmpty { output.reserveCapacity(buffer.count) }
            output.append(contentsOf: buffer[copied..<index])
            output.append(contentsOf: Self.mask.utf8)
            index = end
            copied = end
        }
        guard copied > 0 else { return nil }
        output.append(contentsOf: buffer[copied..<buffer.count])
        return output
    }

    /// A header value as it may be shown or stored.
    package func redactHeader(name: String, value: String) -> String {
        Self.credentialHeaders.contains(name.lowercased()) ? Self.mask : redact(value)
    }

    /// The fixed mask shown for a secret variable's value in the UI.
    package static func masked(_ value: String) -> String { value.isEmpty ? "" : mask }
}
