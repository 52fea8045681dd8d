import Foundation

/// A fresh folder under the system temporary directory, removed when the test is done.
final class TemporaryFolder {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-workspace-tests")
        let url = base.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: file(name), encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
