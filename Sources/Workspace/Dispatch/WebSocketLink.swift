import AnnotatedLocks
package import HTTPCore
import Synchronization

/// The way into an open WebSocket conversation from outside its exchange future (issue 25): the
/// explorer's composer sends typed and saved messages through it while the future owns the
/// connection. Attached once connected, detached when the conversation ends. Thread-safe.
package final class WebSocketLink: Sendable {
    private let session = Mutex<(any WebSocketSession)?>(nil)

    package init() {}

    func attach(_ session: any WebSocketSession) {
        self.session.withLock(ownedBy: self) { $0 = session }
    }

    func detach() {
        session.withLock(ownedBy: self) { $0 = nil }
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
