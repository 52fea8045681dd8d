import Foundation
import Interop
import Testing
import Workspace

/// Conformance over the real files of ../shared/interop-samples that does not depend on how their
/// writers laid them out: each JSON and YAML document, with its top-level keys in the reverse
/// order and with hundreds of kilobytes before the key that identifies its format, is recognised
/// as the same format and (reordered only) imports to the same collection.
@Suite(.enabled(if: InteropSamples.isPresent, "../shared/interop-samples is not on this machine"))
struct InteropSamplesOrderTests {
    static let jsonSamples = [
        "postman20_newman_echo_v2.postman_collection.json", "postman21_insomnia_complex.postman_collection.json",
        "postman21_realworld_conduit.postman_collection.json", "postman21_redocly_museum.postman_collection.json",
        "har_mitmproxy_firefox.har", "har_mitmproxy_postdata.har",
    ]
    static let yamlSamples = [
        "oas30_insomnia_endpoint_security.yaml", "oas30_oai_petstore.yaml", "oas31_realworld_conduit.yml",
        "swagger20_oai_petstore-expanded.yaml",
    ]

    /// `source` as JSON text with its top-level members in reverse order, after `padding` bytes
    /// of a first member that identifies nothing.
    private func reordered(_ source: ImportSource, padding: Int = 0) throws -> ImportSource {
        let text = source.text
        var members = try topLevelMembers(text)
        members.reverse()
        if padding > 0 {
            members.insert("\"x-padding\": \"" + String(repeating: "p", count: padding) + "\"", at: 0)
        }
        let json = "{\n" + members.joined(separator: ",\n") + "\n}\n"
        // The same name without the extension that names the format: only the content decides.
        return ImportSource(name: "sample", bytes: Array(json.utf8), baseFolder: source.baseFolder)
    }

    /// The `"key": value` texts of a JSON object's top level, as written.
    private func topLevelMembers(_ text: String) throws -> [String] {
        let bytes = Array(text.utf8)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "{")) else { throw CocoaError(.fileReadCorruptFile) }
        var members: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start = open + 1
        for index in open..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    members.append(String(decoding: bytes[start..<index], as: UTF8.self))
                    return members.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                }
            case UInt8(ascii: ","):
                if depth == 1 {
                    members.append(String(decoding: bytes[start..<index], as: UTF8.self))
                    start = index + 1
                }
            default: break
            }
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    /// A YAML document's top-level blocks (a key at column 0 and its indented lines) in reverse order.
    private func reorderedYAML(_ source: ImportSource, padding: Int = 0) -> ImportSource {
        var blocks: [[Substring]] = []
        for line in source.text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first != " ", first != "#", first != "-" {
                blocks.append([line])
            } else if !blocks.isEmpty {
                blocks[blocks.count - 1].append(line)
            }
        }
        var lines = blocks.reversed().flatMap { $0 }.map(String.init)
        if padding > 0 {
            let filler = (0..<(padding / 40)).map { "  k\($0): \(String(repeating: "p", count: 30))" }
            lines = ["x-padding:"] + filler + lines
        }
        return ImportSource(
            name: "sample", bytes: Array(lines.joined(separator: "\n").utf8), baseFolder: source.baseFolder)
    }

    @Test(
        "JSON samples: the same format and the same collection with their keys reversed; recognised after 300 KB of padding"
    )
    func jsonKeyOrder() throws {
        for name in Self.jsonSamples {
            let original = try InteropSamples.load(name)
            let format = FormatDetection.detect(original)
            let reversed = try reordered(original)
            #expect(FormatDetection.detect(reversed) == format, "\(name)")
            #expect(FormatDetection.detect(try reordered(original, padding: 300_000)) == format, "\(name)")
            let expected = try Importer.importSource(original, format: format).collection
            let actual = try Importer.importSource(reversed).collection
            #expect(actual.allRequests.map(\.request.url) == expected.allRequests.map(\.request.url), "\(name)")
            #expect(actual.allRequests.map(\.request.method) == expected.allRequests.map(\.request.method), "\(name)")
        }
    }

    @Test(
        "YAML samples: recognised with openapi/swagger as their last key, after 300 KB of other keys, and import the same"
    )
    func yamlKeyOrder() throws {
        for name in Self.yamlSamples {
            let original = try InteropSamples.load(name)
            let reversed = reorderedYAML(original)
            #expect(FormatDetection.detect(reversed) == .openapi, "\(name)")
            #expect(FormatDetection.detect(reorderedYAML(original, padding: 300_000)) == .openapi, "\(name)")
            let expected = try Importer.importSource(original).collection
            let actual = try Importer.importSource(reversed).collection
            #expect(actual.allRequests.map(\.request.url) == expected.allRequests.map(\.request.url), "\(name)")
        }
    }
}
