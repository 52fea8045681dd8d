public import ArgumentParser
import Foundation
import HTTPCore
import Synchronization
import TerminalText

/// `lazer send` on a streamed response (SSE, NDJSON, json-seq): each event printed to stdout as it
/// arrives, one line each, like `curl -N`. Lines: `+0.412s tick #7 {"n":7}` (offset, SSE event name
/// and id when set, the data on one line, terminal-safe); with `--stream-json`, one JSON object per
/// event (`{"index":…,"time":…,"event":…,"id":…,"data":…}`, NDJSON). Events come on the network
/// thread one batch at a time, so lines never interleave; stdout is written directly (no buffer
/// holds an event back).
final class SendStreamPrinter: Sendable {
    private let json: Bool
    private let join: SendJoin?
    private let state = Mutex(FileBytes.StandardOutput(descriptor: 1))
    /// Events printed, over every connection of a reconnecting stream (their index goes on).
    private let printed = Mutex(0)
    /// Times count from the first request, whatever connection an event came on.
    private let origin = ContinuousClock.now

    init(json: Bool, join: SendJoin? = nil) {
        self.json = json
        self.join = join
    }

    /// Prints a batch of events.
    func print(_ batch: [StreamEvent]) {
        let first = printed.withLock { count in
            let first = count
            count += batch.count
            return first
        }
        let now = ContinuousClock.now - origin
        // A batch's events share their time: its text is made once. Lines are gathered as bytes
        // (appending to a `String` cost more than parsing the events).
        let stamp = Self.seconds(now) + "s"
        var text: [UInt8] = []
        text.reserveCapacity(batch.count * 96)
        for (offset, var event) in batch.enumerated() {
            event.index = first + offset
            event.offset = now
            if let join {
                text += join.piece(of: event.data).utf8
                continue
            }
            if json {
                text += Self.jsonLine(event).utf8
            } else {
                Self.appendLine(event, stamp: stamp, to: &text)
            }
            text.append(0x0A)
        }
        state.withLock { output in
            text.withUnsafeBufferPointer { output.write($0) }
        }
    }

    /// Events printed so far, over every connection.
    var count: Int { printed.withLock { $0 } }

    /// Whether every write worked (a closed pipe ends the output, as for bodies).
    func checkSucceeded() throws {
        if let join {
            var ending = join.ending
            state.withLock { output in ending.withUTF8 { output.write($0) } }
        }
        let output = state.withLock { $0 }
        try output.checkSucceeded(command: "lazer send")
    }

    /// `+1.204s tick #3 {"n":3}`: the parts a person scans, the data last.
    static func line(_ event: StreamEvent) -> String {
        var text: [UInt8] = []
        appendLine(event, stamp: seconds(event.offset) + "s", to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// `line`'s bytes appended to `text`, the time given as `stamp` (no list of parts per event).
    private static func appendLine(_ event: StreamEvent, stamp: String, to text: inout [UInt8]) {
        text += stamp.utf8
        if let name = event.name {
            text.append(0x20)
            text += TerminalText.line(name).utf8
        }
        if let id = event.id {
            text += " #".utf8
            text += TerminalText.line(id).utf8
        }
        text.append(0x20)
        text += TerminalText.line(event.data).utf8
    }

    /// One NDJSON line for an event: its data stays a string (as received). Written by hand (an
    /// encoder per event cost more than the parsing): keys sorted, strings escaped as JSON and
    /// made terminal-safe by `TerminalText.jsonStringLiteral`.
    static func jsonLine(_ event: StreamEvent) -> String {
        let milliseconds =
            Int(event.offset.components.seconds) * 1000
            + Int(event.offset.components.attoseconds / 1_000_000_000_000_000)
        var line = "{\"data\":" + quoted(event.data)
        if let name = event.name { line += ",\"event\":" + quoted(name) }
        if let id = event.id { line += ",\"id\":" + quoted(id) }
        line += ",\"index\":\(event.index),\"time\":\(Double(milliseconds) / 1000)}"
        return line
    }

    /// A JSON string literal, terminal-safe (`TerminalText.jsonStringLiteral`).
    static func quoted(_ text: String) -> String {
        TerminalText.jsonStringLiteral(text)
    }

    /// `+1.204` (seconds since the request started, milliseconds kept).
    private static func seconds(_ offset: Duration) -> String {
        let milliseconds =
            Int(offset.components.seconds) * 1000 + Int(offset.components.attoseconds / 1_000_000_000_000_000)
        return "+\(milliseconds / 1000).\(String(milliseconds % 1000).zeroPadded(to: 3))"
    }
}

extension String {
    fileprivate func zeroPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// `--stream sse|ndjson|json-seq`.
extension StreamFormat: ExpressibleByArgument {}
