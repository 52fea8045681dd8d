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
        var done = 0
        var progressShown = false
    }

    /// Runs at least this long get a progress bar (on a terminal).
    public static let progressThreshold = 20

    private let channels: [Channel]
    private let write: @Sendable (String) -> Void
    private let progressTotal: Int?
    private let state: Mutex<State>

    /// - Parameters:
    ///   - write: writes to standard output (a test collects it instead).
    ///   - progressTotal: the number of results to come, for a progress bar on the last line of
    ///     standard output (only for a terminal: the bar is redrawn with a carriage return); nil for none.
    public init(channels: [Channel], progressTotal: Int? = nil, write: @escaping @Sendable (String) -> Void) {
        self.channels = channels
        self.write = write
        self.progressTotal = progressTotal.flatMap { $0 >= Self.progressThreshold ? $0 : nil }
        state = Mutex(State(previous: nil, pending: Array(repeating: "", count: channels.count)))
    }

    public func finished(_ result: RequestResult) {
        state.withLock(ownedBy: self) { state in
            var shown = ""
            for (index, channel) in channels.enumerated() {
                let text = channel.reporter.finished(result, previous: state.previous)
                guard !text.isEmpty else { continue }
                if channel.destination == .standardOutput { shown += text } else { state.pending[index] += text }
            }
            state.previous = result
            state.done += 1
            guard let total = progressTotal else {
                if !shown.isEmpty { write(shown) }
                return
            }
            // Clear the bar, write the lines, draw the bar again below them.
            let clear = state.progressShown ? "\r\u{1B}[K" : ""
            write(clear + shown + Self.bar(done: state.done, total: total))
            state.progressShown = true
        }
    }

    /// `[#####-----] 120/1000`, 30 cells wide, without a newline.
    static func bar(done: Int, total: Int) -> String {
        let width = 30
        let filled = total > 0 ? min(width, done * width / total) : width
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            + "\(done)/\(total)"
    }

    /// Writes every report; throws when a file cannot be written.
    public func finish(_ report: RunReport) throws {
        let (pending, progressShown) = state.withLock(ownedBy: self) { ($0.pending, $0.progressShown) }
        if progressShown { write("\r\u{1B}[K") }
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
