import AnnotatedLocks
import HTTPCore
import Synchronization

/// The events of a streamed answer as they came, for `lazer record` (the first 100,000).
final class StreamEventLog: Sendable {
    static let limit = 100_000
    private let collected = Mutex<[StreamEvent]>([])

    /// Nil when none came (the answer was not a stream).
    var events: [StreamEvent]? {
        let events = collected.withLock(ownedBy: self) { $0 }
        return events.isEmpty ? nil : events
    }

    @Sendable func add(_ events: [StreamEvent]) {
        collected.withLock(ownedBy: self) { collected in
            collected.append(contentsOf: events.prefix(max(0, Self.limit - collected.count)))
        }
    }
}
