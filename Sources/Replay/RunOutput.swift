import AnnotatedLocks
import Foundation
import RegularFiles
import Synchronization
import Workspace

/// Feeds a run's results to its reporters, each writing to its own destination: the human
/// reporter's lines as each request finishes, every report at the end. Thread-safe: results may
/// arrive from any thread (one at a time or not).
///
/// With a `flushDelay`, standard output is written at most that often: the lines of the results
/// that finished meanwhile (and the progress bar once) in one write. A fast run then makes a few
/// writes instead of one system call per request, and a slow one still shows each line within
/// the delay.
package final class RunOutput: Sendable {
    /// Where a reporter's text goes.
    package enum Destination: Sendable, Equatable {
        case standardOutput
        /// Written once, at the end of the run.
        case file(String)
    }

    package struct Channel: Sendable {
        package var reporter: any RunReporter
        package var destination: Destination

        package init(reporter: any RunReporter, destination: Destination) {
            self.reporter = reporter
            self.destination = destination
        }
    }

    private struct State {
        var previous: RequestResult?
        var pending: [String]
        var done = 0
        var progressShown = false
        /// Standard output not written yet (with a flush delay).
        var buffered = ""
        var flushScheduled = false
        /// The reports were written: a late flush has nothing to add (and must not redraw the bar).
        var closed = false
    }

    /// How long `lazer run` lets finished lines wait to be written together: short enough to read
    /// as "as each request finishes".
    package static let standardFlushDelay: Duration = .milliseconds(50)

    /// Runs at least this long get a progress bar (on a terminal).
    package static let progressThreshold = 20

    private let channels: [Channel]
    private let write: @Sendable (String) -> Void
    private let progressTotal: Int?
    private let flushDelay: Duration?
    private let state: Mutex<State>

    /// - Parameters:
    ///   - write: writes to standard output (a test collects it instead).
    ///   - progressTotal: the number of results to come, for a progress bar on the last line of
    ///     standard output (only for a terminal: the bar is redrawn with a carriage return); nil for none.
    ///   - flushDelay: how long finished lines may wait to be written together; nil writes each at once.
    package init(
        channels: [Channel], progressTotal: Int? = nil, flushDelay: Duration? = nil,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.channels = channels
        self.write = write
        self.flushDelay = flushDelay
        self.progressTotal = progressTotal.flatMap { $0 >= Self.progressThreshold ? $0 : nil }
        state = Mutex(State(previous: nil, pending: Array(repeating: "", count: channels.count)))
    }

    package func finished(_ result: RequestResult) {
        state.withLock(ownedBy: self) { state in
            var shown = ""
            for (index, channel) in channels.enumerated() {
                let text = channel.reporter.finished(result, previous: state.previous)
                guard !text.isEmpty else { continue }
                if channel.destination == .standardOutput { shown += text } else { state.pending[index] += text }
            }
            state.previous = result
            state.done += 1
            guard let flushDelay else {
                writeShown(shown, state: &state)
                return
            }
            state.buffered += shown
            guard !state.flushScheduled else { return }
            state.flushScheduled = true
            let (seconds, attoseconds) = flushDelay.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
                self.state.withLock(ownedBy: self) { self.flush(&$0) }
            }
        }
    }

    /// Writes what is buffered (and the bar once). Under the lock, so writes keep their order.
    private func flush(_ state: inout State) {
        state.flushScheduled = false
        guard !state.closed, !state.buffered.isEmpty || progressTotal != nil else { return }
        let shown = state.buffered
        state.buffered = ""
        writeShown(shown, state: &state)
    }

    /// Writes `shown`; on a terminal, clears the bar first and draws it again below the lines.
    private func writeShown(_ shown: String, state: inout State) {
        guard let total = progressTotal else {
            if !shown.isEmpty { write(shown) }
            return
        }
        let clear = state.progressShown ? "\r\u{1B}[K" : ""
        write(clear + shown + Self.bar(done: state.done, total: total))
        state.progressShown = true
    }

    /// `[#####-----] 120/1000`, 30 cells wide, without a newline.
    static func bar(done: Int, total: Int) -> String {
        let width = 30
        let filled = total > 0 ? min(width, done * width / total) : width
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            + "\(done)/\(total)"
    }

    /// Writes every report; throws when a file cannot be written.
    package func finish(_ report: RunReport) throws {
        let (pending, progressShown) = state.withLock(ownedBy: self) { state in
            if !state.buffered.isEmpty { flush(&state) }
            state.closed = true
            return (state.pending, state.progressShown)
        }
        if progressShown { write("\r\u{1B}[K") }
        // Each report on its own: one that cannot be written does not keep the others from their files.
        var failures: [String] = []
        for (index, channel) in channels.enumerated() {
            let text = channel.reporter.report(report)
            switch channel.destination {
            case .standardOutput: write(text)
            case .file(let path):
                do {
                    try AtomicFile.write(Array((pending[index] + text).utf8), to: path, keepBackup: false)
                } catch {
                    failures.append(error.description)
                }
            }
        }
        if !failures.isEmpty { throw ReportWriteError(failures: failures) }
    }
}

/// Reports that could not be written, each as `could not write PATH: reason`.
package struct ReportWriteError: Error, CustomStringConvertible {
    package var failures: [String]
    package var description: String { failures.joined(separator: "; ") }
}
