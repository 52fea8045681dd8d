import Foundation
import JSONTree
import Testing

/// Runs the table in docs/jsonpath-compliance.md: the documentation is the test data.
@Suite("JSONPath RFC 9535 compliance table")
struct JSONPathComplianceTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let area: String
        let query: String
        let document: String
        let result: String
        var testDescription: String { "\(area): \(query)" }
    }

    static let rows: [Row] = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/jsonpath-compliance.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> Row? in
            let cells = splitCells(String(line))
            guard cells.count == 4, cells[0] != "area", !cells[0].hasPrefix("---") else { return nil }
            return Row(area: cells[0], query: cells[1], document: cells[2], result: cells[3])
        }
    }()

    /// Splits a Markdown table row on unescaped `|`, unescapes `\|`, trims and drops backticks.
    static func splitCells(_ line: String) -> [String] {
        guard line.hasPrefix("|") else { return [] }
        var cells: [String] = []
        var current = ""
        var characters = Array(line.dropFirst())
        if characters.last == "|" { characters.removeLast() }
        var index = 0
        while index < characters.count {
            if characters[index] == "\\", index + 1 < characters.count, characters[index + 1] == "|" {
                current.append("|")
                index += 2
                continue
            }
            if characters[index] == "|" {
                cells.append(current)
                current = ""
            } else {
                current.append(characters[index])
            }
            index += 1
        }
        cells.append(current)
        return cells.map { cell in
            var trimmed = cell.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("`"), trimmed.hasSuffix("`"), trimmed.count >= 2 {
                trimmed = String(trimmed.dropFirst().dropLast())
            }
            return trimmed
        }
    }

    @Test("the table is present and substantial")
    func tableLoaded() {
        #expect(Self.rows.count > 150)
    }

    @Test("each query selects exactly the listed values, or is rejected", arguments: rows)
    func row(_ row: Row) throws {
        let document = try JSONDocument(text: row.document)
        if row.result == "invalid" {
            #expect(throws: JSONPathError.self) { try JSONPath(row.query) }
            return
        }
        let path = try JSONPath(row.query)
        let selected = path.select(in: document).map { JSONPrinter.string(document, node: $0, options: .compact) }
        let expectedDocument = try JSONDocument(text: row.result)
        let expected = expectedDocument.children(expectedDocument.root).map {
            JSONPrinter.string(expectedDocument, node: $0, options: .compact)
        }
        #expect(selected == expected)
    }
}
