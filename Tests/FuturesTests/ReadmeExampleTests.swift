import Foundation
import Futures
import FuturesTesting
import Synchronization
import Testing

/// The README's "Futures" example, verbatim, so it always compiles and does what it says.
@Suite struct ReadmeExampleTests {
    @Test func readmeFutureChainSignsIn() {
        // README example begins
        struct Profile: Decodable, Sendable { let name: String }

        let scheduler = ManualScheduler()  // the app injects MainQueueScheduler()
        let statusBar = StatusBar()  // any Sendable sink; here it records lines

        // Producers: cold futures that a transport completes later, from its own thread.
        let login = ResponseFuture<String>(scheduler: scheduler, result: .success("token-123"))
        let fetchProfile: @Sendable (String) -> ResponseFuture<Data> = { authorization in
            ResponseFuture(scheduler: scheduler, result: .success(Data(#"{"name":"Ada"}"#.utf8)))
        }

        login
            .then { token in "Bearer \(token)" }
            .replace { authorization in authorization.isEmpty ? nil : fetchProfile(authorization) }  // nil cancels
            .then { body in try JSONDecoder().decode(Profile.self, from: body) }  // a throw lands in `error`
            .success { profile in statusBar.show("Signed in as \(profile.name)") }
            .error { error in statusBar.show("Sign-in failed: \(error)") }
            .completion { statusBar.show("done") }
            .send()  // nothing ran before this
        scheduler.runAll()  // MainQueueScheduler needs no stepping
        // README example ends

        #expect(statusBar.lines == ["Signed in as Ada", "done"])
    }

    @Test func readmeShowsExactlyThisCode() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let readme = testFile.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let readmeText = try String(contentsOf: readme, encoding: .utf8)
        let testText = try String(contentsOf: testFile, encoding: .utf8)

        let section = try #require(readmeText.components(separatedBy: "## Futures").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first)
        let readmeLines = try #require(block.components(separatedBy: "```").first).trimmedLines
        let example = try #require(
            testText.components(separatedBy: "// README example begins\n").dropFirst().first?
                .components(separatedBy: "// README example ends").first)
        #expect(readmeLines == example.trimmedLines)
    }
}

/// What the README example shows its messages on.
final class StatusBar: Sendable {
    private let storage = Mutex<[String]>([])

    func show(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    var lines: [String] {
        storage.withLock { $0 }
    }
}

extension String {
    /// Non-empty lines with their leading indentation removed (README and test indent differently).
    fileprivate var trimmedLines: [String] {
        split(separator: "\n").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty }.map(String.init)
    }
}
