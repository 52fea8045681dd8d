import AnnotatedLocks
import Foundation
package import HTTPCore
import JSONTree
import Synchronization

/// Plays a WebSocket request's `steps` on its open connection (issue 25), for `lazer run` and the
/// explorer alike: send steps go at once (their message filled with what earlier steps captured),
/// an expect step waits for a received message that satisfies it, up to its seconds. A step that
/// fails (no match in time, a message that cannot be filled, the connection closing first) ends
/// the conversation with a clean close; so does the last step when `closesWhenDone`. Each step
/// becomes a check (`step 2 ↓ $.type`); `takeNewChecks` hands over those decided since it was
/// last asked, for a view that lists them as they come. Thread-safe: fed from the connection's
/// thread, its timers from others.
package final class WebSocketStepPlayer: Sendable {
    /// What the steps decided and took.
    package struct Outcome: Sendable, Equatable {
        package var checks: [ExpectationCheck]
        package var captured: [String: VariableScope.Value]
    }

    private struct State: Sendable {
        var next = 0
        var ended = false
        var passedOver = 0
        var checks: [ExpectationCheck] = []
        var taken = 0
        var captured: [String: VariableScope.Value] = [:]
        /// Secret values that went into sent messages or were captured as secrets.
        var secrets: Set<String> = []
        var session: (any WebSocketSession)?
        var timer: Task<Void, Never>?
    }

    private enum Effect {
        case send(WebSocketMessage)
        case close
        case wait(step: Int, seconds: Double)
    }

    /// What a send step's check expects, and says once its message went.
    static let sent = "sent"

    private let steps: [WebSocketStep]
    private let messages: [WebSocketSavedMessage]
    private let resolver: WebSocketMessageResolver?
    private let collectionFile: String
    private let closesWhenDone: Bool
    private let state = Mutex(State())

    /// - Parameter messages: the request's saved messages as written (a step fills its own).
    package init(
        steps: [WebSocketStep], messages: [WebSocketSavedMessage], resolver: WebSocketMessageResolver?,
        collectionFile: String, closesWhenDone: Bool
    ) {
        self.steps = steps
        self.messages = messages
        self.resolver = resolver
        self.collectionFile = collectionFile
        self.closesWhenDone = closesWhenDone
    }

    package var outcome: Outcome {
        state.withLock(ownedBy: self) { Outcome(checks: $0.checks, captured: $0.captured) }
    }

    /// The secret values in what the steps sent or captured, to mask wherever they are shown.
    package var secrets: Set<String> { state.withLock(ownedBy: self) { $0.secrets } }

    /// The checks decided since the last call.
    package func takeNewChecks() -> [ExpectationCheck] {
        state.withLock(ownedBy: self) { state in
            defer { state.taken = state.checks.count }
            return Array(state.checks[state.taken...])
        }
    }

    /// The connection opened: the first steps run.
    package func start(_ session: any WebSocketSession) {
        perform(
            state.withLock(ownedBy: self) { state in
                state.session = session
                return advance(&state)
            })
    }

    /// A message arrived: it satisfies the waiting step, or is passed over.
    package func received(_ message: WebSocketMessage) {
        perform(state.withLock(ownedBy: self) { take(message, &$0) })
    }

    /// The connection ended: a step still to run fails with how it ended.
    package func ended(_ close: WebSocketClose) {
        perform(
            state.withLock(ownedBy: self) { state in
                state.timer?.cancel()
                guard !state.ended, state.next < steps.count else { return [] }
                return fail(&state, actual: "the connection closed first: \(close.description)", closes: false)
            })
    }

    // MARK: - Steps

    private func take(_ message: WebSocketMessage, _ state: inout State) -> [Effect] {
        guard !state.ended, state.next < steps.count, case .expect(let step) = steps[state.next] else { return [] }
        let data = WebSocketTranscript.data(of: message)
        guard let shown = ExpectationCheck.eventMatch(data, path: step.path, op: step.op, value: step.value) else {
            state.passedOver += 1
            return []
        }
        state.timer?.cancel()
        for capture in step.captures {
            guard let taken = ExpectationCheck.eventValue(data, path: capture.path) else {
                return fail(
                    &state, actual: "captures: \(capture.path ?? "the message") selects nothing in \(Self.cut(data))",
                    closes: true)
            }
            state.captured[capture.variable] = VariableScope.Value(taken, secret: capture.secret)
            if capture.secret { state.secrets.insert(taken) }
        }
        let check = ExpectationCheck(
            label: label(state.next), passed: true, expected: expected(step), actual: Self.cut(shown))
        state.checks.append(check)
        state.next += 1
        state.passedOver = 0
        return advance(&state)
    }

    /// Runs send steps until one waits or the steps end.
    private func advance(_ state: inout State) -> [Effect] {
        var effects: [Effect] = []
        while state.next < steps.count {
            switch steps[state.next] {
            case .expect(let step):
                return effects + [.wait(step: state.next, seconds: step.waitSeconds)]
            case .send(let step):
                switch filled(step.message, captured: state.captured, secrets: &state.secrets) {
                case .failure(let problem):
                    return effects + fail(&state, actual: "not sent: \(problem.description)", closes: true)
                case .success(let message):
                    let check = ExpectationCheck(
                        label: label(state.next), passed: true, expected: Self.sent, actual: Self.sent)
                    state.checks.append(check)
                    effects.append(.send(message))
                    state.next += 1
                }
            }
        }
        state.ended = true
        return closesWhenDone ? effects + [.close] : effects
    }

    private func fail(_ state: inout State, actual: String, closes: Bool) -> [Effect] {
        let expectedText: String
        if case .expect(let step) = steps[state.next] {
            expectedText = expected(step)
        } else {
            expectedText = Self.sent
        }
        let check = ExpectationCheck(label: label(state.next), passed: false, expected: expectedText, actual: actual)
        state.checks.append(check)
        state.ended = true
        return closes ? [.close] : []
    }

    private func expire(step index: Int) {
        perform(
            state.withLock(ownedBy: self) { state in
                guard !state.ended, state.next == index, case .expect(let step) = steps[index] else { return [] }
                let seen = state.passedOver
                return fail(
                    &state,
                    actual: "nothing matched within \(SecondsText.format(step.waitSeconds)) s "
                        + "(\(seen) message\(seen == 1 ? "" : "s") passed over)",
                    closes: true)
            })
    }

    private func perform(_ effects: [Effect]) {
        guard !effects.isEmpty else { return }
        let session = state.withLock(ownedBy: self) { $0.session }
        for effect in effects {
            switch effect {
            case .send(let message): session?.send(message)
            case .close: session?.close(code: 1000, reason: "")
            case .wait(let step, let seconds):
                let timer = Task { [weak self] in
                    try? await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
                    guard !Task.isCancelled else { return }
                    self?.expire(step: step)
                }
                state.withLock(ownedBy: self) { $0.timer = timer }
            }
        }
    }

    /// The saved message `name` filled and read (a file's bytes), or why it cannot go.
    private func filled(_ name: String, captured: [String: VariableScope.Value], secrets: inout Set<String>) -> Result<
        WebSocketMessage, WebSocketMessageError
    > {
        guard let index = messages.firstIndex(where: { $0.name == name }) else {
            return .failure(WebSocketMessageError(message: name, reason: "no saved message has this name"))
        }
        return WebSocketMessageResolver.message(
            messages[index], at: "websocket.messages[\(index)]", resolver: resolver, collectionFile: collectionFile,
            captures: captured
        ).map { ready in
            secrets.formUnion(ready.secrets)
            return ready.message
        }
    }

    // MARK: - Text

    private func label(_ index: Int) -> String {
        switch steps[index] {
        case .send(let step): "step \(index + 1) ↑ \(step.message)"
        case .expect(let step): "step \(index + 1) ↓ \(step.path ?? "message")"
        }
    }

    private func expected(_ step: WebSocketStep.ExpectStep) -> String {
        ExpectationCheck.expectedText(step.op, step.value) + " within \(SecondsText.format(step.waitSeconds)) s"
    }

    /// A message as a check shows it: its first 200 characters.
    private static func cut(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

}

/// The step checks a conversation view has yet to list, in order: a send step's row follows the ↑
/// row of its message (the step is decided when the send is made, before the `.sent` event).
struct StepRowQueue {
    private var waiting: [ExpectationCheck] = []

    /// The checks to list after `event`, `new` (decided meanwhile) queued behind those waiting;
    /// all that are left once the connection closed.
    mutating func rows(adding new: [ExpectationCheck], after event: WebSocketEvent) -> [ExpectationCheck] {
        waiting += new
        var ready: [ExpectationCheck] = []
        var sentUsed = false
        while let check = waiting.first {
            if check.passed, check.expected == WebSocketStepPlayer.sent {
                guard case .sent = event, !sentUsed else { break }
                sentUsed = true
            }
            ready.append(waiting.removeFirst())
        }
        if case .closed = event {
            ready += waiting
            waiting = []
        }
        return ready
    }
}
