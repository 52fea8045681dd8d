import HTTPCore

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
    /// Every text looked for but the verbatim values: the secrets and their encoded forms.
    private let needles: Set<String>
    /// Their matchers and their base64 forms', longest first so a secret containing another is masked whole.
    private let matchers: [SecretMatcher]
    /// The bytes any match of `matchers` can start with.
    private let startBytes: [Bool]
    /// Values masked as written only (`adding(verbatim:)`): a few (one signature per request),
    /// longest first, beside `matchers` so that adding one copies neither those nor their table.
    private let verbatim: [SecretMatcher]
    /// The bytes a match of `verbatim` can start with, held inline (copied with no allocation).
    private let verbatimStarts: ByteSet

    package init(secrets: some Sequence<String>) {
        self.init(set: Set(secrets.filter(Self.isLongEnough)))
    }

    private init(set: Set<String>, verbatim: [SecretMatcher] = [], verbatimStarts: ByteSet = ByteSet()) {
        var needles = set
        for secret in set {
            // Escaped once as a needle, so a JSON text inside a JSON string (an echoed body) is
            // read through both layers.
            needles.insert(String(StoredJSON.string(secret).compact().dropFirst().dropLast()))
            needles.formUnion(Self.base64Forms(of: secret))
        }
        let matchers = needles.sorted {
            $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 < $1
        }
        .map(SecretMatcher.init)
        var starts = [Bool](repeating: false, count: 256)
        for matcher in matchers { matcher.markStarts { starts[Int($0)] = true } }
        self.init(
            secrets: set, needles: needles, matchers: matchers, startBytes: starts, verbatim: verbatim,
            verbatimStarts: verbatimStarts)
    }

    private init(
        secrets: Set<String>, needles: Set<String>, matchers: [SecretMatcher], startBytes: [Bool],
        verbatim: [SecretMatcher], verbatimStarts: ByteSet
    ) {
        self.secrets = secrets
        self.needles = needles
        self.matchers = matchers
        self.startBytes = startBytes
        self.verbatim = verbatim
        self.verbatimStarts = verbatimStarts
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
        return new.isEmpty
            ? self : Redactor(set: self.secrets.union(new), verbatim: verbatim, verbatimStarts: verbatimStarts)
    }

    /// This redactor masking `values` as written, without the encoded forms a secret is also
    /// looked for in: for values that travel only as they are, such as an AWS SigV4 signature
    /// (lower-case hex, the same percent-encoded or JSON-escaped) — a rebuild per signed request
    /// that stays cheap.
    /// The secrets' matchers and their start table are shared as they are (copying them for every
    /// signed request of a run cost a third as much as the signature); each new value goes into the
    /// short verbatim list at its place by length.
    package func adding(verbatim values: some Sequence<String>) -> Redactor {
        var added = verbatim
        var starts = verbatimStarts
        for value in values where value.utf8.count >= Self.minimumLength {
            let matcher = SecretMatcher(value)
            guard !added.contains(where: { $0.bytes == matcher.bytes }) else { continue }
            added.insert(
                matcher, at: added.firstIndex { $0.bytes.count < matcher.bytes.count } ?? added.endIndex)
            matcher.markStarts { starts.insert($0) }
        }
        guard added.count > verbatim.count else { return self }
        return Redactor(
            secrets: secrets, needles: needles, matchers: matchers, startBytes: startBytes, verbatim: added,
            verbatimStarts: starts)
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

    package var isEmpty: Bool { matchers.isEmpty && verbatim.isEmpty }

    package func redact(_ text: String) -> String {
        guard !isEmpty else { return text }
        var text = text
        let redacted = text.withUTF8 { redact(bytes: $0) }
        return redacted.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// `bytes` (UTF-8) with every secret masked; nil when there was none, so text read in place
    /// (a snapshot's strings on JSONTree's tape) is copied only when something is masked.
    package func redact(bytes buffer: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard !isEmpty else { return nil }
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        while index < buffer.count {
            let byte = buffer[index]
            guard startBytes[Int(byte)] || verbatimStarts.contains(byte) else {
                index += 1
                continue
            }
            guard let end = matchEnd(in: buffer, at: index) else {
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

    /// Where the match starting at `index` ends: of the needles that match there, the longest (a
    /// secret containing another is masked whole); a secret's before a verbatim value as long.
    private func matchEnd(in buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let byte = buffer[index]
        var found: (end: Int, length: Int)?
        if startBytes[Int(byte)] {
            for matcher in matchers where matcher.mayStart(with: byte) {
                if let end = matcher.match(in: buffer, at: index) {
                    found = (end, matcher.bytes.count)
                    break
                }
            }
        }
        if verbatimStarts.contains(byte) {
            for matcher in verbatim where matcher.bytes.count > found?.length ?? 0 && matcher.mayStart(with: byte) {
                if let end = matcher.match(in: buffer, at: index) {
                    found = (end, matcher.bytes.count)
                    break
                }
            }
        }
        return found?.end
    }

    /// A header value as it may be shown or stored.
    package func redactHeader(name: String, value: String) -> String {
        Self.isCredentialHeader(name) ? Self.mask : redact(value)
    }

    /// Whether `name` is one of `credentialHeaders`, whatever its case (no lower-cased copy: every
    /// header of every exchange recorded is asked). Told apart by length first: no character
    /// outside ASCII lower-cases to any letter of theirs (the Kelvin sign's `k` is not one).
    package static func isCredentialHeader(_ name: String) -> Bool {
        switch name.utf8.count {
        case 13: HTTPHeaders.namesMatch(name, "Authorization")
        case 19: HTTPHeaders.namesMatch(name, "Proxy-Authorization")
        default: name.utf8.contains { $0 >= 0x80 } && credentialHeaders.contains(name.lowercased())
        }
    }

    /// The fixed mask shown for a secret variable's value in the UI.
    package static func masked(_ value: String) -> String { value.isEmpty ? "" : mask }
}
