import AnnotatedLocks
import Foundation
import Synchronization

/// Feeds a run's results to its reporters, each writing to its own destination: the human
/// reporter's lines as each request finishes, every report at the end. Thread-safe: results may
/// arrive from any thread (one at a time or not).
public final class RunOutput: Sendable {
    /// Where a reporter's text goes.
    public enum Destination: Sendable, Equatable {
        case standardOutput
        /// Written once, at the end of the run.
        case file(String)
    }

    public struct Channel: Sendable {
        public var reporter: any RunReporter
        public var destination: Destination

        public init(reporter: any RunReporter, destination: Destination) {
            self.reporter = reporter
            self.destination = destination
        }
    }

    private struct State {
        var previous: RequestResult?
        var pending: [String]
    }

    private let channels: [Channel]
    private let write: @Sendable (String) -> Void
    private let state: Mutex<State>

    /// - Parameter write: writes to standard output (a test collects it instead).
    public init(channels: [Channel], write: @escaping @Sendable (String) -> Void) {
        self.channels = channels
        self.write = write
        state = Mutex(State(previous: nil, pending: Array(repeating: "", count: channels.count)))
    }

    public func finished(_ result: RequestResult) {
        state.withLock(ownedBy: self) { state in
            for (index, channel) in channels.enumerated() {
                let text = channel.reporter.finished(result, previous: state.previous)
                guard !text.isEmpty else { continue }
                if channel.destination == .standardOutput { write(text) } else { state.pending[index] += text }
            }
            state.previous = result
        }
    }

    /// Writes every report; throws when a file cannot be written.
    public func finish(_ report: RunReport) throws {
        let pending = state.withLock(ownedBy: self) { $0.pending }
        for (index, channel) in channels.enumerated() {
            let text = channel.reporter.report(report)
            switch channel.destination {
            case .standardOutput: write(text)
            case .file(let path):
                try Data((pending[index] + text).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            }
        }
    }
}
