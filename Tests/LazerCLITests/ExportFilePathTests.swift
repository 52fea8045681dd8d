import Foundation
import Testing

/// Files a request uploads survive an export to another folder and the import back: exports
/// write them as absolute paths (a relative one was read back against the exported file's
/// folder, and pointed at another file without a word).
@Suite("Exported upload paths")
struct ExportFilePathTests {
    @Test("curl, .http and Postman exports in another folder import back to the same upload file")
    func roundTrip() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-paths-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["col", "out/deep"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try Data("hi\n".utf8).write(to: URL(fileURLWithPath: root + "/up.txt"))
        try Data(
            """
            {"formatVersion": 1, "id": "paths", "name": "Paths", "requests": [
              {"id": "u", "name": "Upload", "method": "POST", "url": "http://127.0.0.1:9/u",
               "body": {"type": "multipart", "parts": [{"name": "f", "file": "../up.txt"}]}},
              {"id": "b", "name": "Binary", "method": "PUT", "url": "http://127.0.0.1:9/b",
               "body": {"type": "file", "path": "../up.txt"}}]}
            """.utf8
        ).write(to: URL(fileURLWithPath: root + "/col/c.json"))
        let environment = ["HOME": root, "XDG_STATE_HOME": root + "/state", "XDG_CONFIG_HOME": root + "/config"]
        for format in ["curl", "http", "postman"] {
            let exported = "out/deep/x.\(format)"
            let export = try LazerBinary.run(
                ["export", "col/c.json", "--format", format, "-o", exported], environment: environment,
                currentDirectory: root)
            #expect(export.status == 0, "\(format): \(export.stderr)")
            let back = "col/back-\(format).json"
            let imported = try LazerBinary.run(
                ["import", exported, "--format", format, "--into", back], environment: environment,
                currentDirectory: root)
            #expect(imported.status == 0, "\(format): \(imported.stderr)")
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/" + back)), as: UTF8.self)
            let paths = Self.filePaths(in: text)
            #expect(paths.count == 2, "\(format): \(text)")
            for path in paths {
                let resolved = path.hasPrefix("/") ? path : root + "/col/" + path
                #expect(
                    URL(fileURLWithPath: resolved).standardized.path == URL(fileURLWithPath: root + "/up.txt").path,
                    "\(format): \(path)")
            }
        }
    }

    /// The `"file"` and `"path"` values of a collection's bodies.
    static func filePaths(in text: String) -> [String] {
        let pattern = /"(?:file|path)": "([^"]*)"/
        return text.matches(of: pattern).map { String($0.output.1) }
    }
}
