import Synchronization

/// A thread-safe list of events that observers append to, so tests can assert order.
final class EventLog: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ event: String) {
        storage.withLock { $0.append(event) }
    }

    var events: [String] {
        storage.withLock { $0 }
    }
}

/// An error with a name, for asserting which failure arrived where.
struct TestError: Error, Equatable {
    let name: String

    init(_ name: String) {
        self.name = name
    }
}

/// A thread-safe counter. Atomic rather than a `Mutex`, so ThreadSanitizer sees its
/// synchronisation in the stress tests (see `ThreadSanitizerAnnotations`).
final class Counter: Sendable {
    private let storage = Atomic(0)

    func increment() {
        storage.add(1, ordering: .sequentiallyConsistent)
    }

    var value: Int {
        storage.load(ordering: .sequentiallyConsistent)
    }
}
