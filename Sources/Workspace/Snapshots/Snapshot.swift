import Foundation
import HTTPCore
import JSONTree

/// A response as a snapshot file keeps it: the status, the chosen headers and the body as
/// canonical JSON (`SnapshotCanonicalizer`), written as one pretty, byte-stable JSON file so a
/// change to the API shows as a few lines in `git diff`.
///
/// ```json
/// {
///   "formatVersion": 1,
///   "request": "list-posts",
///   "status": 200,
///   "headers": { "content-type": "application/json" },
///   "body": [ … ]
/// }
/// ```
/// A body that is not JSON is kept as `"text"` (UTF-8) or `"base64"`; an empty body as neither.
package struct Snapshot: Sendable, Equatable {
    package enum Body: Sendable, Equatable {
        case none
        case json(StoredJSON)
        case text(String)
        case base64(String)
    }

    package static let formatVersion = 1

    package var requestID: String
    package var status: Int
    /// The kept headers, lower-cased names in the order the options list them.
    package var headers: [StoredJSON.Member]
    package var body: Body

    package init(requestID: String, status: Int, headers: [StoredJSON.Member], body: Body) {
        self.requestID = requestID
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The snapshot of a response: kept headers (repeated ones joined with ", "), the body made
    /// canonical, every secret masked.
    package init(
        response facts: ResponseFacts, requestID: String, options: SnapshotOptions, redactor: Redactor
    ) throws(SnapshotError) {
        self.requestID = requestID
        status = facts.status
        headers = options.keptHeaders.compactMap { name in
            let values = facts.headers.values(for: name)
            guard !values.isEmpty else { return nil }
            return StoredJSON.Member(
                name, .string(redactor.redactHeader(name: name, value: values.joined(separator: ", "))))
        }
        if facts.body.isEmpty {
            body = .none
        } else if let document = facts.document {
            body = .json(try SnapshotCanonicalizer(document: document, options: options, redactor: redactor).value())
        } else if let text = String(validating: facts.body, as: UTF8.self) {
            body = .text(redactor.redact(text))
        } else {
            body = .base64(Base64.encode(facts.body))
        }
    }

    /// The file's text: pretty JSON, members in a fixed order, a trailing newline.
    package var fileText: String {
        var object = ObjectBuilder()
        object.add("formatVersion", Self.formatVersion)
        object.add("request", requestID)
        object.add("status", status)
        object.add("headers", StoredJSON.object(headers))
        switch body {
        case .none: break
        case .json(let value): object.add("body", value)
        case .text(let text): object.add("text", text)
        case .base64(let text): object.add("base64", text)
        }
        return object.json.prettyPrinted()
    }

    /// Reads a snapshot file; a file that is not one says what is wrong with it.
    package init(fileBytes: [UInt8]) throws(SnapshotError) {
        let parsed: StoredJSON
        do throws(JSONParseError) {
            parsed = try StoredJSON(parsing: String(decoding: fileBytes, as: UTF8.self))
        } catch {
            throw SnapshotError("not valid JSON: \(error.message)")
        }
        guard case .object(let members) = parsed else { throw SnapshotError("not a snapshot: expected an object") }
        let known = ["formatVersion", "request", "status", "headers", "body", "text", "base64"]
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            throw SnapshotError("unknown field \"\(unknown.key)\"")
        }
        guard case .number(let version)? = parsed["formatVersion"], Int(version) == Self.formatVersion else {
            throw SnapshotError("\"formatVersion\" must be \(Self.formatVersion)")
        }
        guard case .number(let statusText)? = parsed["status"], let status = Int(statusText) else {
            throw SnapshotError("\"status\" must be a number")
        }
        self.status = status
        requestID = parsed["request"]?.stringValue ?? ""
        switch parsed["headers"] {
        case nil: headers = []
        case .object(let headers)?:
            guard headers.allSatisfy({ $0.value.stringValue != nil }) else {
                throw SnapshotError("\"headers\" must map names to strings")
            }
            self.headers = headers.map { StoredJSON.Member($0.key.lowercased(), $0.value) }
        default: throw SnapshotError("\"headers\" must be an object")
        }
        if let value = parsed["body"] {
            body = .json(value)
        } else if let text = parsed["text"] {
            guard let string = text.stringValue else { throw SnapshotError("\"text\" must be a string") }
            body = .text(string)
        } else if let text = parsed["base64"] {
            guard let string = text.stringValue else { throw SnapshotError("\"base64\" must be a string") }
            body = .base64(string)
        } else {
            body = .none
        }
    }

    /// This snapshot with `options` applied again to its JSON body (ignored paths, keyed arrays):
    /// a stored snapshot compared after its expectation's options changed.
    package func applying(_ options: SnapshotOptions) -> Snapshot {
        guard case .json(let value) = body, !options.ignore.isEmpty || !options.keys.isEmpty,
            let document = try? JSONDocument(bytes: Array(value.compact().utf8)),
            let canonical = try? SnapshotCanonicalizer(document: document, options: options, redactor: .none).value()
        else { return self }
        var copy = self
        copy.body = .json(canonical)
        return copy
    }
}
