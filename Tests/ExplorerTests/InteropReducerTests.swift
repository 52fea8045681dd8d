import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import Interop
import TUI
import Testing
import Workspace

/// Interop in the reducer: a curl command pasted into the URL field, "Copy as curl", and the
/// palette's Import… and Export….
struct InteropReducerTests {
    private let users = TestCollections.key("a-users")

    /// Runs a palette entry by typing its title.
    @discardableResult
    private func run(_ title: String, _ fixture: inout ReducerFixture) -> [ExplorerEffect] {
        fixture.driver.press("esc")
        fixture.driver.press("ctrl+p")
        fixture.driver.type(title)
        return fixture.driver.press("enter")
    }

    @Test func aCurlCommandPastedIntoTheURLBecomesTheRequest() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.typeAtEndOfURLPath("")
        let command = """
            curl -X POST 'https://api.test/users?x=1' \\
              -H 'Content-Type: application/json' -H 'X-Trace: 7' \\
              -u ada:pw --data-raw '{"name": "Ada"}' -k
            """
        let effects = fixture.driver.reduce(.event(.paste(command)))
        let draft = try #require(fixture.driver.state.drafts[users])
        #expect(draft.method == .post)
        #expect(draft.url == "https://api.test/users")
        #expect(draft.query == [KeyValueRow(name: "x", value: "1")])
        #expect(draft.headers == [KeyValueRow(name: "X-Trace", value: "7")])
        #expect(draft.body == SavedBody(.jsonText("{\"name\": \"Ada\"}")))
        #expect(draft.auth == SavedAuth(.basic(username: "ada", password: "pw")))
        #expect(draft.options.verifyTLS == false)
        #expect(draft.name == "List users")
        #expect(effects.storedDrafts.last?[users]?.method == .post)
        // The editor shows the new request: the URL field and the query rows.
        #expect(fixture.driver.state.editor.url.text == "https://api.test/users?x=1")
        #expect(fixture.driver.state.toast?.message == "Pasted curl: POST, 1 header, a body")
        let screen = fixture.driver.render()
        #expect(screen.contains("POST"))
        #expect(screen.contains("Params 1"))
        #expect(fixture.driver.state.editor.query.rows.map(\.key) == ["x"])
    }

    @Test func theExportPromptNamesEveryFormatAt80Columns() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24), startup: StartupRequest(request: "a-users"))
        run("Export the collection", &fixture)
        #expect(fixture.driver.render().contains("Export to (.sh .http .json Postman .har .py Locust .js k6)"))
    }

    @Test func aPastedCommandReportsWhatItCouldNotCarry() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.typeAtEndOfURLPath("")
        fixture.driver.reduce(.event(.paste("curl --capath ca -u ada https://a.test\ncurl https://b.test")))
        #expect(fixture.driver.state.drafts[users]?.url == "https://a.test")
        let toast = try #require(fixture.driver.state.toast)
        #expect(toast.kind == .warning)
        #expect(toast.message.contains("the first of 2 commands"))
        #expect(toast.message.contains("not carried: curl option --capath ca"))
        #expect(toast.message.contains("and 1 more"))
        // Longer than the status line: it ends in … (not mid-word), then the key that shows it
        // whole, beside the unsaved count.
        let status = try #require(fixture.driver.render().split(separator: "\n").last)
        #expect(status.hasSuffix("…  F9 more ● 1 unsaved "))
    }

    @Test func aCommandNamingFilesForItsContentAsksTheProgramToReadThem() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users", workingDirectory: "/work/dir"))
        fixture.driver.typeAtEndOfURLPath("")
        let command = "curl -d @body.json --data-urlencode 'note@note.txt' https://a.test/up"
        let effects = fixture.driver.reduce(.event(.paste(command)))
        let reads = effects.compactMap { effect -> PastedCurl? in
            if case .readPastedCurl(let pasted) = effect { return pasted }
            return nil
        }
        #expect(reads.map(\.text) == [command])
        #expect(reads.first?.workingDirectory == "/work/dir")
        #expect(reads.first?.key == users)
        // Nothing changes until the files are read.
        #expect(fixture.driver.state.drafts[users] == nil)
        #expect(fixture.driver.state.toast?.message == "Reading body.json, note.txt for the pasted curl command…")

        // A file that could not be read: the request is kept, and the notice names the file.
        var report = ImportReport()
        report.add(
            "file body.json (not found)", at: ImportLocation(file: "pasted command", line: 1, column: 9),
            kept: "sent empty", unreadFile: "body.json")
        let request = SavedRequest(id: "x", name: "x", method: .post, url: "https://a.test/up")
        fixture.driver.reduce(.curlPasted(users, requests: [request], report: report))
        #expect(fixture.driver.state.drafts[users]?.method == .post)
        #expect(fixture.driver.state.drafts[users]?.url == "https://a.test/up")
        #expect(fixture.driver.state.toast?.kind == .error)
        #expect(
            fixture.driver.state.toast?.message
                == "Pasted curl: POST, 0 headers; could not read file body.json (not found): that content is empty")
    }

    @Test func aBrokenCommandIsAnErrorAndChangesNothing() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.typeAtEndOfURLPath("")
        fixture.driver.reduce(.event(.paste("curl 'https://a.test")))
        #expect(fixture.driver.state.drafts.isEmpty)
        #expect(fixture.driver.state.toast?.kind == .error)
        #expect(fixture.driver.state.toast?.message.contains("unterminated single quote") == true)
        // Text that is not a curl command is pasted as text.
        fixture.driver.reduce(.event(.paste("/curly")))
        #expect(fixture.driver.state.drafts[users]?.url == "/users/curly")
    }

    @Test func copyAsCurlUsesTheExporter() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let effects = run("Copy as curl (secrets as shell variables)", &fixture)
        let copied = try #require(effects.copies.first)
        #expect(copied.hasPrefix("curl '"))
        #expect(copied.hasSuffix("--compressed"))
        #expect(!copied.contains("\n"))
    }

    @Test("what a Postman export cannot carry is listed in full once it is written, not dropped silently")
    func exportNamesWhatIsNotCarried() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        run("Export the collection", &fixture)
        fixture.driver.press("ctrl+a")
        fixture.driver.type("/tmp/alpha.postman_collection.json")
        let effects = fixture.driver.press("enter")
        guard
            case .writeFile(let path, _, let notCarried, _)? = effects.first(where: {
                if case .writeFile = $0 { true } else { false }
            })
        else {
            Issue.record("the export is written")
            return
        }
        #expect(notCarried.count == 2)
        #expect(notCarried.contains("environment dev: 5 mock routes (left out)"))
        #expect(notCarried.contains { $0.hasPrefix("environment prod") })

        // Written: the status bar counts them, a viewer lists every one.
        fixture.driver.reduce(.fileWritten(path: path, size: 2048, notCarried: notCarried))
        let saved = "Saved 2.0 KB to /tmp/alpha.postman_collection.json"
        #expect(fixture.driver.state.toast?.message == "2 not carried (F9 lists them) · " + saved)
        guard case .viewer(let title, let text, _)? = fixture.driver.state.overlay else {
            Issue.record("the list is shown")
            return
        }
        #expect(title == "Not carried by the export")
        #expect(text.contains("• environment dev: 5 mock routes (left out)"))
        let screen = fixture.driver.render()
        #expect(screen.contains("environment dev: 5 mock routes (left out)"))
        #expect(fixture.driver.press("y").copies == [text])
        #expect(fixture.driver.state.toast?.message == "Copied: Not carried by the export")
        #expect(fixture.driver.state.overlay == nil)
    }

    @Test func exportAsksForAFileAndWritesIt() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        run("Export the collection", &fixture)
        guard case .prompt(let prompt)? = fixture.driver.state.overlay else {
            Issue.record("the export prompt is open")
            return
        }
        #expect(prompt.field.text.hasSuffix("/alpha.http"))
        let effects = fixture.driver.press("enter")
        #expect(fixture.driver.state.overlay == nil)
        guard
            case .writeFile(let path, let bytes, let notCarried, _)? = effects.first(where: {
                if case .writeFile = $0 { true } else { false }
            })
        else {
            Issue.record("the export is written")
            return
        }
        #expect(path.hasSuffix("/alpha.http"))
        #expect(notCarried.isEmpty)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("### Users/List users"))
        // An extension that names no format keeps the prompt open with the reason.
        run("Export the collection", &fixture)
        fixture.driver.press("ctrl+a")
        fixture.driver.type("out.doc")
        fixture.driver.press("enter")
        guard case .prompt(let refused)? = fixture.driver.state.overlay else {
            Issue.record("the prompt stays open")
            return
        }
        #expect(refused.error?.hasPrefix("Name the format by the extension") == true)
    }

    @Test func exportWritesALocustOrK6ScriptNamedByItsExtension() throws {
        for (name, opening) in [
            ("load.py", "# Written by lazer export --format locust"),
            ("load.js", "// Written by lazer export --format k6"),
        ] {
            var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
            run("Export the collection", &fixture)
            fixture.driver.press("ctrl+a")
            fixture.driver.type("/tmp/" + name)
            let effects = fixture.driver.press("enter")
            guard
                case .writeFile(let path, let bytes, _, _)? = effects.first(where: {
                    if case .writeFile = $0 { true } else { false }
                })
            else {
                Issue.record("\(name) is written")
                continue
            }
            #expect(path == "/tmp/" + name)
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(opening), "\(name)")
        }
    }

    @Test func importAsksForAFileAndHandsItToTheProgram() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        run("Import a file", &fixture)
        fixture.driver.type("requests.http")
        let effects = fixture.driver.press("enter")
        guard
            case .importFile(let path, let folder)? = effects.first(where: {
                if case .importFile = $0 { true } else { false }
            })
        else {
            Issue.record("the import is handed to the program")
            return
        }
        #expect(path == "requests.http")
        #expect(folder == fixture.folder.collections)
    }
}
