import Foundation
import Testing

/// A private X server (Xvfb, installed by `make deps`) on a display number it picks itself, for
/// tests that run real X11 clients. Stopped (and waited for) by `stop()`.
struct VirtualDisplay {
    private let server: ChildProcess
    /// The `DISPLAY` value, such as ":3".
    let display: String

    init(environment: [String: String]) throws {
        // -displayfd: Xvfb chooses a free display and writes its number to standard output once
        // it accepts connections, so there is nothing to wait or poll for.
        server = try ChildProcess(
            "Xvfb", ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "320x200x24"], environment: environment)
        let line = server.read { $0.contains(UInt8(ascii: "\n")) }
        let number = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !number.isEmpty, number.allSatisfy(\.isNumber) else {
            server.stop()
            throw VirtualDisplayError(message: "Xvfb did not report a display (got \"\(number)\")")
        }
        display = ":" + number
    }

    func stop() {
        server.stop()
    }
}

struct VirtualDisplayError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
