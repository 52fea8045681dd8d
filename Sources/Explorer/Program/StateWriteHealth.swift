import AnnotatedLocks
import Synchronization

/// Which kinds of state writes (drafts, history, captures) are failing, so that a failure is
/// a notice the user sees once — not one per keystroke or per send — and a recovery is noticed
/// too. Written from the work queue, read when a write ends.
final class StateWriteHealth: Sendable {
    enum Kind: String, Sendable {
        case drafts, history, captures, cookies
    }

    private let failing = Mutex<Set<Kind>>([])

    /// Notes a failed write; true when it is the first since the last success (say so then).
    func failed(_ kind: Kind) -> Bool {
        failing.withLock(ownedBy: self) { $0.insert(kind).inserted }
    }

    /// Notes a write that worked; true when writes of that kind had been failing.
    func succeeded(_ kind: Kind) -> Bool {
        failing.withLock(ownedBy: self) { $0.remove(kind) != nil }
    }

    /// The notice for a failed write: what is not kept, then the cause, then the file (so a
    /// status line cut short keeps the cause).
    static func message(_ kind: Kind, _ error: String) -> String {
        switch kind {
        case .drafts: "Drafts not saved, crash recovery is off: \(error)"
        case .history: "History not saved: \(error)"
        case .captures: "Captured values not kept: \(error)"
        case .cookies: "Cookies not saved: \(error)"
        }
    }
}
