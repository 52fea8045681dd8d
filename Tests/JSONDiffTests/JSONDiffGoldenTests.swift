import Foundation
import JSONDiff
import JSONTree
import Testing

/// The printed forms of one realistic diff, compared with files a person has read
/// (`RECORD_GOLDEN=1` rewrites them; look at them before committing).
@Suite struct JSONDiffGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Golden/"

    static func result() throws -> JSONDiffResult {
        let left = try JSONDocument(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "left.json"))))
        let right = try JSONDocument(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "right.json"))))
        let options = try JSONDiffOptions(ignoring: ["$.createdAt"], arrayKeys: ["$.items=sku"])
        return JSONDiff.compare(left, right, options: options)
    }

    static func expectGolden(_ text: String, _ name: String) throws {
        let path = folder + name
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == golden, "\(name) differs from the golden file:\n\(text)")
    }

    @Test func plainText() throws {
        let text = JSONDiffPrinter.text(
            try Self.result(), leftName: "left.json", rightName: "right.json", colored: false)
        try Self.expectGolden(text, "diff.txt")
    }

    @Test func coloredText() throws {
        let text = JSONDiffPrinter.text(
            try Self.result(), leftName: "left.json", rightName: "right.json", colored: true)
        try Self.expectGolden(text, "diff-color.txt")
    }

    @Test func jsonReport() throws {
        let text = JSONDiffJSONReport.render(try Self.result(), leftName: "left.json", rightName: "right.json")
        try Self.expectGolden(text, "diff.json")
        // Valid JSON, with the values as sent.
        let report = try JSONDocument(text: text)
        #expect(report.child(report.root, key: "same").flatMap { report.bool($0) } == false)
    }

    @Test func nothingIsPrintedWhenTheDocumentsAreTheSame() throws {
        let document = try JSONDocument(text: #"{"a": 1}"#)
        let result = JSONDiff.compare(document, document)
        #expect(JSONDiffPrinter.text(result, leftName: "a", rightName: "b", colored: false).isEmpty)
    }

    @Test func namesAndValuesCannotDriveTheTerminal() throws {
        let left = try JSONDocument(text: #"{"k\u001b[2J": "\u009b31m", "s": 1}"#)
        let right = try JSONDocument(text: #"{"k\u001b[2J": "\u202ex", "s": 2}"#)
        let result = JSONDiff.compare(left, right)
        for colored in [false, true] {
            let text = JSONDiffPrinter.text(result, leftName: "a\u{1B}]0;x\u{7}", rightName: "b", colored: colored)
            let stripped = text.replacingOccurrences(of: "\u{1B}[", with: "")
            #expect(!stripped.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E })
        }
        let json = JSONDiffJSONReport.render(result, leftName: "a\u{1B}", rightName: "b")
        #expect(!json.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E })
        _ = try JSONDocument(text: json)
    }
}
