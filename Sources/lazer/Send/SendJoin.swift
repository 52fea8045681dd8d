import ArgumentParser
import Foundation
import JSONTree
import Synchronization
import TerminalText

/// `lazer send --join PATH` (issue 25): instead of one line per event or message, the text the
/// JSONPath selects in each, written as it arrives with nothing between — a streamed LLM answer
/// printed as prose, as the explorer's joined view shows it. Terminal-safe; line breaks kept; a
/// final line break when the text did not end with one.
final class SendJoin: Sendable {
    private let query: JSONPath
    private let endsWithLineBreak = Mutex(true)

    init(_ query: JSONPath) {
        self.query = query
    }

    /// The option's path, checked (a validation error names the character).
    static func parse(_ path: String?) throws -> SendJoin? {
        guard let path else { return nil }
        do {
            return SendJoin(try JSONPath(path))
        } catch {
            throw ValidationError("--join: " + error.summary)
        }
    }

    /// What the event's data adds ("" when it is not JSON or has nothing at the path).
    func piece(of data: String) -> String {
        guard let text = query.text(inJSON: data), !text.isEmpty else { return "" }
        let safe = TerminalText.lines(text)
        endsWithLineBreak.withLock { $0 = safe.hasSuffix("\n") }
        return safe
    }

    /// The line break that ends the output, when the joined text did not end with one.
    var ending: String { endsWithLineBreak.withLock { $0 } ? "" : "\n" }
}
