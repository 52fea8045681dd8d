import Foundation
import Testing

/// The explorer's layers as docs/architecture.md draws them: views only read the state and never
/// name the reducer; the reducer and the layout never name a view. A view that writes the state
/// again, or a reducer that reaches into a view, fails here.
@Suite struct ExplorerLayersTests {
    static let explorer =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Sources/Explorer"

    /// Every Swift file of a folder of the explorer and its subfolders (`Reducer/Response/…`),
    /// named by its path in the folder, with its text without comments.
    static func files(in folder: String) throws -> [(name: String, code: String)] {
        let path = explorer + "/" + folder
        return try FileManager.default.subpathsOfDirectory(atPath: path).sorted().filter { $0.hasSuffix(".swift") }
            .map { name in
                let text = try String(contentsOfFile: path + "/" + name, encoding: .utf8)
                let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
                return (name, code)
            }
    }

    /// The types `Views/` declares (`enum RawView`, …).
    static func viewTypes() throws -> [String] {
        try files(in: "Views").flatMap { file in
            file.code.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard let kind = words.firstIndex(where: { ["enum", "struct", "class"].contains($0) }),
                    kind + 1 < words.count
                else { return nil }
                return String(words[kind + 1].prefix { $0.isLetter || $0.isNumber })
            }
        }
    }

    @Test func viewsTakeTheStateByValueAndNeverNameTheReducer() throws {
        let views = try Self.files(in: "Views")
        #expect(!views.isEmpty)
        for file in views {
            if file.code.contains("inout ExplorerState") { Issue.record("Views/\(file.name) takes the state inout") }
            if file.code.contains("ExplorerReducer") { Issue.record("Views/\(file.name) names the reducer") }
        }
    }

    @Test func theReducerAndTheLayoutNeverNameAView() throws {
        let views = try Self.viewTypes()
        #expect(views.contains("RawView"))
        for folder in ["Reducer", "Layout", "State"] {
            for file in try Self.files(in: folder) {
                for view in views where file.code.range(of: "\\b\(view)\\b", options: .regularExpression) != nil {
                    Issue.record("\(folder)/\(file.name) names the view \(view)")
                }
            }
        }
        for file in try Self.files(in: "Layout") {
            if file.code.contains("ExplorerReducer") { Issue.record("Layout/\(file.name) names the reducer") }
        }
    }

    /// A slice's reducer (`Reducer/<Slice>/`) reduces its own state from a Context: only the
    /// root's door to it (`ExplorerReducer+…` files) names the whole `ExplorerState`.
    @Test func sliceReducersNeverNameTheWholeState() throws {
        let slices = try Self.files(in: "Reducer").filter { $0.name.contains("/") }
        #expect(slices.contains { $0.name == "Response/ResponseReducer.swift" })
        for file in slices where !file.name.split(separator: "/").last!.hasPrefix("ExplorerReducer+") {
            if file.code.contains("ExplorerState") { Issue.record("Reducer/\(file.name) names ExplorerState") }
        }
    }

    /// The root (`ExplorerReducer` and its `+…` files) only routes: it changes its own state (the
    /// selection, the key resolver, the toast, `quitting`) and hands every other change to the
    /// slice that owns it; a root function that writes a slice's state fails here.
    @Test func theRootWritesOnlyItsOwnState() throws {
        let own: Set<String> = ["selection", "keys", "toast", "messages", "quitting"]
        let assignment = #/\bstate\.(\w+)[\w.?\[\]]*\s*(=|\+=|-=)[^=]/#
        let mutation =
            #/\bstate\.(\w+)[\w.?\[\]]*\.(toggle|insert|remove\w*|append|merge|formUnion|load|select\w*|with\w+)\(/#
        let root = try Self.files(in: "Reducer").filter {
            $0.name.split(separator: "/").last!.hasPrefix("ExplorerReducer")
        }
        #expect(root.contains { $0.name == "ExplorerReducer.swift" })
        for file in root {
            for line in file.code.split(separator: "\n") {
                let written = [line.firstMatch(of: assignment)?.output.1, line.firstMatch(of: mutation)?.output.1]
                for property in written.compactMap({ $0 }) where !own.contains(String(property)) {
                    Issue.record(
                        "Reducer/\(file.name) writes state.\(property): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
    }
}
