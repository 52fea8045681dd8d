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
        case json(SnapshotJSON)
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
            body = .base64(Base64.encode(facts.body.arrayValue))
        }
    }

    /// The file's text: pretty JSON, members in a fixed order, a trailing newline.
    package var fileText: String { String(decoding: fileBytes, as: UTF8.self) }

    /// The file's bytes. A JSON body is last: its canonical text goes in as it is.
    package var fileBytes: [UInt8] {
        var object = ObjectBuilder()
        object.add("formatVersion", Self.formatVersion)
        object.add("request", requestID)
        object.add("status", status)
        object.add("headers", StoredJSON.object(headers))
        switch body {
        case .none, .json: break
        case .text(let text): object.add("text", text)
        case .base64(let text): object.add("base64", text)
        }
        var bytes = Array(object.json.prettyPrinted().utf8)
        guard case .json(let value) = body else { return bytes }
        bytes.removeLast(3)  // "\n}\n"
        bytes.reserveCapacity(bytes.count + value.text.count + 16)
        bytes.append(contentsOf: ",\n  \"body\": ".utf8)
        bytes.append(contentsOf: value.text)
        bytes.append(contentsOf: "\n}\n".utf8)
        return bytes
    }

    /// Reads a snapshot file; a file that is not one says what is wrong with it. The body is made
    /// canonical again with `options` (read on JSONTree's tape, never through a slower tree), so a
    /// stored snapshot is compared under its expectation's current `ignore` and `keys`.
    package init(fileBytes: [UInt8], options: SnapshotOptions = SnapshotOptions()) throws(SnapshotError) {
        let document: JSONDocument
        do throws(JSONParseError) {
            document = try JSONDocument(bytes: fileBytes)
        } catch {
            throw SnapshotError("not valid JSON: \(error.message)")
        }
        let root = document.root
        guard document.kind(root) == .object else { throw SnapshotError("not a snapshot: expected an object") }
        let known = ["formatVersion", "request", "status", "headers", "body", "text", "base64"]
        for child in document.children(root) {
            let key = document.key(child) ?? ""
            if !known.contains(key) { throw SnapshotError("unknown field \"\(key)\"") }
        }
        func member(_ key: String) -> JSONNode? { document.child(root, key: key) }
        func string(_ key: String) throws(SnapshotError) -> String? {
            guard let node = member(key) else { return nil }
            guard document.kind(node) == .string, let text = document.string(node) else {
                throw SnapshotError("\"\(key)\" must be a string")
            }
            return text
        }
        guard let version = member("formatVersion").flatMap(document.numberText), Int(version) == Self.formatVersion
        else { throw SnapshotError("\"formatVersion\" must be \(Self.formatVersion)") }
        guard let statusText = member("status").flatMap(document.numberText), let status = Int(statusText) else {
            throw SnapshotError("\"status\" must be a number")
        }
        self.status = status
        requestID = try string("request") ?? ""
        headers = []
        if let node = member("headers") {
            guard document.kind(node) == .object else { throw SnapshotError("\"headers\" must be an object") }
            for child in document.children(node) {
                guard document.kind(child) == .string, let value = document.string(child) else {
                    throw SnapshotError("\"headers\" must map names to strings")
                }
                headers.append(StoredJSON.Member((document.key(child) ?? "").lowercased(), .string(value)))
            }
        }
        if let node = member("body") {
            // Read in place when no JSONPath applies; else as a document of its own, so the
            // options' paths start at the body.
            if options.ignore.isEmpty, options.keys.isEmpty {
                self.body = .json(try SnapshotCanonicalizer(document: document, value: node, redactor: .none).value())
            } else {
                let bytes = Array(document.bytes[document.byteRange(node)])
                guard let body = try? JSONDocument(bytes: bytes) else {
                    throw SnapshotError("\"body\" is not valid JSON")
                }
                self.body = .json(try SnapshotCanonicalizer(document: body, options: options, redactor: .none).value())
            }
        } else if let text = try string("text") {
            body = .text(text)
        } else if let text = try string("base64") {
            body = .base64(text)
        } else {
            body = .none
        }
    }
}
