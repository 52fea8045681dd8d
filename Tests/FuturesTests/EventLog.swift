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

/// A thread-safe counter.
final class Counter: Sendable {
    private let storage = Mutex(0)

    func increment() {
        storage.withLock { $0 += 1 }
    }

    var value: Int {
        storage.withLock { $0 }
    }
}
