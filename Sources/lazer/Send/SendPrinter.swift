import ArgumentParser
import Foundation
import HTTPCore
import JSONTree
import TerminalText

#if canImport(Glibc)
import Glibc
#endif

/// Writes `lazer send`'s results: status and headers, the body (pretty JSON on a terminal, raw
/// bytes otherwise), timings, and translated errors. Every line of text goes through
/// `TerminalText` (the status line, each header, errors — wherever they go — and a body shown on a
/// terminal), so a response can never drive the terminal; only a body sent to a pipe or with
/// `--raw` is written as its bytes.
struct SendPrinter {
    let include: Bool
    let raw: Bool
    let timings: Bool
    let output: String?
    private var stdout = FileBytes.StandardOutput(descriptor: 1)
    private var stderr = FileBytes.StandardOutput(descriptor: 2)
    private let terminal = isatty(1) != 0

    init(include: Bool, raw: Bool, timings: Bool, output: String?) {
        self.include = include
        self.raw = raw
        self.timings = timings
        self.output = output
    }

    /// `HTTP/1.1 201 Created`, with the server's own reason phrase.
    static func statusLine(_ response: Response<ResponseBody>) -> String {
        "\(response.httpVersion.rawValue) \(response.statusCode.rawValue) \(response.statusText)"
            .trimmingCharacters(in: .whitespaces)
    }

    mutating func print(_ response: Response<ResponseBody>) throws {
        let status = Self.statusLine(response)
        if include {
            var head = TerminalText.line(status) + "\n"
            for header in response.headers { head += TerminalText.line("\(header.name): \(header.value)") + "\n" }
            write(head + "\n", to: 1)
        } else {
            write(TerminalText.line(status) + "\n", to: 2)
        }
        try printBody(response)
        if timings { write(Self.describe(response.timings, response: response), to: 2) }
        try stdout.checkSucceeded(command: "lazer send")
    }

    /// After a stream's events were printed as they came: the status line and a summary, to stderr.
    mutating func printStreamEnd(
        _ response: Response<ResponseBody>, stream: ResponseStream, events count: Int, until: Bool = false
    ) {
        let status = Self.statusLine(response)
        let events = count == 1 ? "1 event" : "\(count) events"
        let ending =
            switch stream.end {
            case nil: "the server closed the stream"
            case .stopped?: until ? "stopped at --until" : "stopped"
            case .eventLimit?: "stopped at --max-events"
            case .timeLimit?: "stopped at --stream-seconds"
            }
        write(TerminalText.line(status) + "\n\(events); \(ending)\n", to: 2)
        if timings { write(Self.describe(response.timings, response: response), to: 2) }
    }

    mutating func printFailure(_ error: any Error, request: HTTPRequest) {
        let translation = ErrorTranslator.standard.translate(error, context: TranslationContext(request: request))
        var text =
            "lazer send: \(TerminalText.line(translation.title))\n\(TerminalText.line(translation.explanation))\n"
        if !translation.hint.isEmpty { text += "Hint: \(TerminalText.line(translation.hint))\n" }
        if !translation.technicalDetail.isEmpty {
            text += "Detail: \(TerminalText.line(translation.technicalDetail))\n"
        }
        write(text, to: 2)
    }

    // MARK: - Body

    private mutating func printBody(_ response: Response<ResponseBody>) throws {
        if let output {
            write("Saved \(response.body.byteCount) bytes to \(TerminalText.line(output))\n", to: 2)
            return
        }
        if raw || !terminal {
            try copyRaw(response.body)
            return
        }
        let body = response.body
        if body.byteCount > 64 * 1024 * 1024 {
            write("[\(body.byteCount) bytes not shown on a terminal: use --output FILE, --raw or a pipe]\n", to: 2)
            return
        }
        let data = try body.data()
        if data.isEmpty { return }
        let mediaType = response.headers.mediaType ?? ""
        if mediaType.contains("json"), let document = try? JSONDocument(bytes: Array(data)) {
            var out = stdout
            JSONPrinter.write(document, options: JSONPrintOptions(indent: 2, colored: true)) { out.write($0) }
            stdout = out
            return
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            write("[\(data.count) bytes of binary data: use --output FILE, --raw or a pipe]\n", to: 2)
            return
        }
        write(TerminalText.lines(text) + (text.hasSuffix("\n") ? "" : "\n"), to: 1)
    }

    /// Streams the body's bytes to stdout (from its temporary file when it spilled to disk).
    private mutating func copyRaw(_ body: ResponseBody) throws {
        switch body {
        case .data(let data):
            data.withUnsafeBytes { stdout.write($0.bindMemory(to: UInt8.self)) }
        case .file(let url, _):
            defer { try? FileManager.default.removeItem(at: url) }
            let descriptor = open(url.path, O_RDONLY)
            guard descriptor >= 0 else { throw ExitCode(1) }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                buffer.withUnsafeBufferPointer { stdout.write(UnsafeBufferPointer(rebasing: $0[..<count])) }
            }
        }
    }

    // MARK: - Helpers

    private mutating func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            if descriptor == 1 { stdout.write(bytes) } else { stderr.write(bytes) }
        }
    }

    /// The timing waterfall: each phase's duration, then the total.
    static func describe(_ timings: Timings, response: Response<ResponseBody>) -> String {
        var lines = ["Timings:"]
        for phase in timings.phases {
            lines.append(
                "  \(phase.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(milliseconds(phase.duration))")
        }
        if let redirect = timings.redirect {
            let count = timings.redirectCount == 1 ? "1 redirect" : "\(timings.redirectCount) redirects"
            lines.append("  Redirects  \(milliseconds(redirect)) (\(count))")
        }
        if let total = timings.total { lines.append("  Total      \(milliseconds(total))") }
        lines.append("  Sent \(response.bytesSent) bytes, received \(response.bytesReceived) bytes")
        if let address = response.remoteAddress { lines.append("  Server     \(address)") }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(format: "%9.3f ms", value)
    }
}
