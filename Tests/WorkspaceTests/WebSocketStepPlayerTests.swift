import Foundation
import HTTPCore
import Synchronization
import Testing
import Workspace

/// `WebSocketStepPlayer` driven by hand (issue 25): sends go in order up to the first expect, a
/// message that does not match is passed over, a capture fills the next message (a secret one is
/// noted for masking), a file message is read beside the collection, a capture whose path selects
/// nothing or a message that cannot be filled fails its step and closes, and a connection that
/// ends early fails the step that was waiting.
@Suite struct WebSocketStepPlayerTests {
    /// Records what the player sends and closes.
    final class RecordingSession: WebSocketSession {
        let handshake = WebSocketHandshake(status: 101, headers: HTTPHeaders(), subprotocol: nil)
        let events = AsyncStream<WebSocketEvent> { $0.finish() }
        private let record = Mutex<(sent: [WebSocketMessage], closes: [UInt16])>(([], []))
        var sent: [WebSocketMessage] { record.withLock { $0.sent } }
        var closes: [UInt16] { record.withLock { $0.closes } }
        func send(_ message: WebSocketMessage) { record.withLock { $0.sent.append(message) } }
        func close(code: UInt16, reason: String) { record.withLock { $0.closes.append(code) } }
    }

    static let messages = [
        WebSocketSavedMessage(name: "login", .json(.object([.init("user", .string("{{user}}"))]))),
        WebSocketSavedMessage(name: "use", .text("session={{session}}")),
        WebSocketSavedMessage(name: "blob", .file(path: "blob.bin")),
    ]

    static func player(_ steps: [WebSocketStep], folder: String = "/nonexistent", closes: Bool = true)
        -> WebSocketStepPlayer
    {
        let scope = VariableScope(environment: [Variable(name: "user", value: "ada")])
        return WebSocketStepPlayer(
            steps: steps, messages: messages, resolver: WebSocketMessageResolver(scope: scope, baseFolder: folder),
            collectionFile: folder + "/c.json", closesWhenDone: closes)
    }

    static let loginAndWait: [WebSocketStep] = [
        .send(.init(message: "login")),
        .expect(
            .init(
                path: "$.session", op: .exists, seconds: 30,
                captures: [WebSocketStepCapture(variable: "session", path: "$.session", secret: true)])),
        .send(.init(message: "use")),
    ]

    @Test func sendsWaitCapturesAndFills() {
        let session = RecordingSession()
        let player = Self.player(Self.loginAndWait)
        player.start(session)
        #expect(session.sent == [.text(#"{"user":"ada"}"#)])
        player.received(.text(#"{"other":1}"#))
        #expect(session.sent.count == 1)
        player.received(.text(#"{"session":"s-secret-9"}"#))
        #expect(session.sent.last == .text("session=s-secret-9"))
        #expect(session.closes == [1000])
        let outcome = player.outcome
        #expect(outcome.checks.map(\.passed) == [true, true, true])
        #expect(outcome.checks[1].actual == "s-secret-9")
        #expect(outcome.captured["session"] == VariableScope.Value("s-secret-9", secret: true))
        #expect(player.secrets.contains("s-secret-9"))
        #expect(player.takeNewChecks().count == 3)
        #expect(player.takeNewChecks().isEmpty)
    }

    @Test func theExplorerKeepsTheConnectionOpenAfterTheLastStep() {
        let session = RecordingSession()
        let player = Self.player([.send(.init(message: "login"))], closes: false)
        player.start(session)
        #expect(session.sent.count == 1)
        #expect(session.closes.isEmpty)
    }

    @Test func aFileMessageIsReadBesideTheCollection() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("steps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0, 1, 2]).write(to: folder.appendingPathComponent("blob.bin"))
        let session = RecordingSession()
        Self.player([.send(.init(message: "blob"))], folder: folder.path).start(session)
        #expect(session.sent == [.binary([0, 1, 2])])
    }

    @Test func aMessageThatCannotBeFilledFailsItsStep() {
        let session = RecordingSession()
        let player = Self.player([.send(.init(message: "use")), .send(.init(message: "login"))])
        player.start(session)
        #expect(session.sent.isEmpty)
        #expect(session.closes == [1000])
        let check = player.outcome.checks.last
        #expect(check?.passed == false)
        #expect(check?.actual.contains("{{session}} is not defined") == true, "\(check?.actual ?? "")")
        #expect(player.outcome.checks.count == 1)
    }

    @Test func aCaptureThatSelectsNothingFailsItsStep() {
        let session = RecordingSession()
        let steps: [WebSocketStep] = [
            .expect(.init(op: .exists, captures: [WebSocketStepCapture(variable: "id", path: "$.id")]))
        ]
        let player = Self.player(steps)
        player.start(session)
        player.received(.text(#"{"name":"x"}"#))
        #expect(player.outcome.checks.map(\.passed) == [false])
        #expect(player.outcome.checks.first?.actual.hasPrefix("captures: $.id selects nothing") == true)
        #expect(session.closes == [1000])
    }

    @Test func aConnectionThatEndsFirstFailsTheWaitingStep() {
        let session = RecordingSession()
        let player = Self.player(Self.loginAndWait)
        player.start(session)
        player.ended(WebSocketClose(code: 1001, reason: "going away", initiator: .server))
        let check = player.outcome.checks.last
        #expect(check?.passed == false)
        #expect(check?.label == "step 2 ↓ $.session")
        #expect(check?.actual.hasPrefix("the connection closed first") == true, "\(check?.actual ?? "")")
        // Nothing it does after that.
        player.received(.text(#"{"session":"late"}"#))
        #expect(session.sent.count == 1)
    }
}
