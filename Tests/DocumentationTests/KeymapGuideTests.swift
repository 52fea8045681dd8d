import Explorer
import Foundation
import Testing

/// docs/keymap.md is generated from the command table (`KeymapGuide`): a command added, reworded
/// or rebound in the table and not in the committed page fails here.
@Suite struct KeymapGuideTests {
    static let path =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/docs/keymap.md"

    @Test func theCommittedPageIsTheGeneratedOne() throws {
        let generated = KeymapGuide.markdown()
        if ProcessInfo.processInfo.environment["LAZER_WRITE_DOCS"] == "1" {
            try generated.write(toFile: Self.path, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOfFile: Self.path, encoding: .utf8)
        #expect(
            committed == generated,
            """
            docs/keymap.md differs from the command table: regenerate it with
            LAZER_WRITE_DOCS=1 swift test --filter KeymapGuideTests (and commit it)
            """)
    }

    @Test func everyCommandIsDocumentedWithItsWording() {
        let page = KeymapGuide.markdown()
        for command in ExplorerCommand.allCases {
            #expect(page.contains("| `\(command.id)` |"), "\(command.id) is not on the page")
            #expect(
                page.contains(command.spec.title.replacingOccurrences(of: "|", with: "\\|")),
                "\(command.id)'s wording is not on the page")
        }
    }
}
