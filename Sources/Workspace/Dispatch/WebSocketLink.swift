import AnnotatedLocks
package import HTTPCore
import Synchronization

/// The way into an open WebSocket conversation from outside its exchange future (issue 25): the
/// explorer's composer sends typed and saved messages through it while the future owns the
/// connection. Attached once connected, detached when the conversation ends. Thread-safe.
package final class WebSocketLink: Sendable {
    private let session = Mutex<(any WebSocketSession)?>(nil)
    private let steps = Mutex<WebSocketStepPlayer?>(nil)
    private let resolver: WebSocketMessageResolver?

    /// - Parameter resolver: fills a message sent through the link (with what the conversation's
    ///   steps captured).
    package init(resolver: WebSocketMessageResolver? = nil) {
        self.resolver = resolver
    }

    func attach(_ session: any WebSocketSession, steps: WebSocketStepPlayer? = nil) {
        self.session.withLock(ownedBy: self) { $0 = session }
        self.steps.withLock(ownedBy: self) { $0 = steps }
    }

    /// A message filled (`location` names it in a problem) and read (a file beside
    /// `collectionFile`), ready for `send`.
    package func message(_ saved: WebSocketSavedMessage, at location: String, collectionFile: String) -> Result<
        WebSocketMessage, WebSocketMessageError
    > {
        let captured = steps.withLock(ownedBy: self) { $0 }?.outcome.captured ?? [:]
        return WebSocketMessageResolver.message(
            saved, at: location, resolver: resolver, collectionFile: collectionFile, captures: captured
        ).map(\.message)
    }

    func detach() {
        session.withLock(ownedBy: self) { $0 = nil }
        steps.withLock(ownedBy: self) { $0 = nil }
    }

    /// Sends on the open connection (it comes back as a `.sent` event); false when none is open.
    package func send(_ message: WebSocketMessage) -> Bool {
        guard let open = session.withLock(ownedBy: self, { $0 }) else { return false }
        open.send(message)
        return true
    }

    /// Closes the open connection with `code` and `reason` (the composer's `/close`); false when
    /// none is open.
    package func close(code: UInt16, reason: String) -> Bool {
        guard let open = session.withLock(ownedBy: self, { $0 }) else { return false }
        open.close(code: code, reason: reason)
        return true
    }
}
