import Foundation
import RegularFiles
import Workspace

/// The body of a curl invocation: `-d` pieces joined as curl joins them, `--data-urlencode`
/// encoded as curl encodes, `-F` parts, and the files `@path` names.
extension CurlRequestBuilder {
    // MARK: - Data

    /// The joined data, as text when it is UTF-8, and the file when it is exactly one `--data-binary @file`.
    struct DataText {
        var text: String?
        var singleFile: String?
    }

    mutating func dataText(_ pieces: [(kind: CurlInvocation.DataKind, value: CurlInvocation.Value)])
        throws(ImportError) -> DataText
    {
        var bytes: [UInt8] = []
        var singleFile: String?
        for (number, piece) in pieces.enumerated() {
            if number > 0, !(piece.kind == .json && pieces[number - 1].kind == .json) {
                bytes.append(UInt8(ascii: "&"))
            }
            let text = piece.value.text
            switch piece.kind {
            case .raw:
                bytes += Array(text.utf8)
            case .ascii, .binary, .json:
                if text.hasPrefix("@") {
                    let path = String(text.dropFirst())
                    guard var content = read(path, piece.value) else { continue }
                    if piece.kind == .ascii { content.removeAll { $0 == 0x0D || $0 == 0x0A || $0 == 0 } }
                    if pieces.count == 1, piece.kind != .ascii, path != "-" { singleFile = path }
                    bytes += content
                } else {
                    bytes += Array(text.utf8)
                }
            case .urlencode:
                bytes += Array(try urlencoded(piece.value).utf8)
            }
        }
        let text = String(validating: bytes, as: UTF8.self)
        if text == nil, singleFile == nil {
            report.add("binary request data", at: location(pieces[0].value.word), kept: "not carried")
        }
        return DataText(text: text, singleFile: singleFile)
    }

    /// curl's `--data-urlencode` forms.
    mutating func urlencoded(_ value: CurlInvocation.Value) throws(ImportError) -> String {
        let text = value.text
        let separator = text.firstIndex(of: "=") ?? text.firstIndex(of: "@")
        guard let separator else { return Self.curlEscape(Array(text.utf8)) }
        let name = String(text[..<separator])
        let rest = String(text[text.index(after: separator)...])
        let content: [UInt8]
        if text[separator] == "@" {
            content = read(rest, value) ?? []
        } else {
            content = Array(rest.utf8)
        }
        let encoded = Self.curlEscape(content)
        return name.isEmpty ? encoded : name + "=" + encoded
    }

    /// The body for joined `-d` data: see the type's comment for which form keeps the bytes.
    func dataBody(_ data: DataText, json: Bool, contentType: String?, headers: inout [KeyValueRow]) -> SavedBody {
        let formType = "application/x-www-form-urlencoded"
        if let file = data.singleFile {
            return SavedBody(
                .file(
                    path: options.collectionPath(file, from: source),
                    contentType: contentType == nil ? (json ? "application/json" : formType) : nil))
        }
        guard let text = data.text else { return .empty }
        let type = contentType?.lowercased()
        func dropContentType() { headers.removeAll { $0.name.lowercased() == "content-type" } }
        if json && type == nil || type == "application/json" {
            dropContentType()
            return SavedBody(.jsonText(text))
        }
        if type == nil || type == formType {
            dropContentType()
            if let rows = Self.canonicalFormRows(text) { return SavedBody(.formURLEncoded(rows)) }
            return SavedBody(.text(text, contentType: formType))
        }
        return SavedBody(.text(text, contentType: nil))
    }

    /// The rows of `text` when encoding them back gives exactly `text` (so the table sends the same bytes).
    static func canonicalFormRows(_ text: String) -> [KeyValueRow]? {
        guard !text.isEmpty else { return nil }
        var rows: [KeyValueRow] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            guard let name = formDecode(pair[..<equals]), let value = formDecode(pair[pair.index(after: equals)...])
            else {
                return nil
            }
            rows.append(KeyValueRow(name: name, value: value))
        }
        let encoded = rows.map { PlaceholderText.formEncoded($0.name) + "=" + PlaceholderText.formEncoded($0.value) }
        return encoded.joined(separator: "&") == text ? rows : nil
    }

    private static func formDecode(_ text: Substring) -> String? {
        PlaceholderText.mapLiterals(String(text)) {
            $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "\u{FFFD}"
        }
    }

    // MARK: - Multipart

    mutating func parts(_ forms: [(value: CurlInvocation.Value, literal: Bool)]) throws(ImportError)
        -> [SavedPart]
    {
        var parts: [SavedPart] = []
        for (value, literal) in forms {
            let text = value.text
            guard let equals = text.firstIndex(of: "=") else {
                throw ImportError("-F \(text): expected name=content", at: location(value.word))
            }
            let name = String(text[..<equals])
            var content = String(text[text.index(after: equals)...])
            if literal {
                parts.append(SavedPart(name: name, source: .text(content)))
                continue
            }
            let kind = content.first
            if kind == "@" || kind == "<" { content.removeFirst() }
            let (main, parameters) = CurlFormField.split(content)
            var part: SavedPart
            switch kind {
            case "@":
                part = SavedPart(name: name, source: .file(path: options.collectionPath(main, from: source)))
                part.fileName = parameters["filename"]
            case "<":
                let bytes = read(main, value) ?? []
                part = SavedPart(name: name, source: .text(String(decoding: bytes, as: UTF8.self)))
            default:
                part = SavedPart(name: name, source: .text(main))
            }
            part.contentType = parameters["type"]
            if parameters["headers"] != nil {
                report.add("-F part headers (\(name))", at: location(value.word), kept: "not carried")
            }
            parts.append(part)
        }
        return parts
    }

    // MARK: - Files

    /// The most a file named for content (`-d @file`) may hold: 16 MiB; a larger body belongs in a
    /// file body (`-T`, `--data-binary` as a reference), which is streamed.
    static let fileLimit = 16 << 20

    /// A file `@path` names, read at import time (relative to the source's folder). Missing or
    /// unreadable files are reported: curl would send nothing for them.
    mutating func read(_ path: String, _ value: CurlInvocation.Value) -> [UInt8]? {
        if path == "-" {
            report.add("data from standard input (@-)", at: location(value.word), kept: "sent empty")
            return nil
        }
        guard options.readsFiles else {
            report.add(
                "file \(path) (not read yet)", at: location(value.word), kept: "sent empty", unreadFile: path)
            return nil
        }
        let absolute = path.hasPrefix("/") ? path : (source.baseFolder as NSString).appendingPathComponent(path)
        do {
            guard let bytes = try RegularFile.read(absolute, limit: Self.fileLimit) else {
                report.add("file \(path) (not found)", at: location(value.word), kept: "sent empty", unreadFile: path)
                return nil
            }
            return bytes
        } catch {
            report.add(
                "file \(path) (\(error.reason))", at: location(value.word), kept: "sent empty", unreadFile: path)
            return nil
        }
    }
}
