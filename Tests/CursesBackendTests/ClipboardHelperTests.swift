import Foundation
import Testing

@testable import CursesBackend

/// The desktop clipboard helpers, run for real: xclip against a private Xvfb display, and a
/// recording stand-in for wl-copy (a Wayland compositor is too heavy for the test machine).
@Suite("Clipboard helpers", .serialized)
struct ClipboardHelperTests {
    /// A folder on PATH holding one executable script named `name`.
    private func standIn(_ name: String, script: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        // Close-on-exec, so a process another test starts meanwhile does not keep the script open
        // for writing (which would make running it fail with ETXTBSY).
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let bytes = Array(("#!/bin/sh\n" + script).utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CocoaError(.fileWriteUnknown)
        }
        return folder
    }

    /// What `xclip -o -selection clipboard` prints, and its exit code.
    private func readClipboard(environment: [String: String]) throws -> (text: String, status: Int32) {
        let xclip = try ChildProcess("xclip", ["-o", "-selection", "clipboard"], environment: environment)
        let output = xclip.read()
        return (String(decoding: output, as: UTF8.self), xclip.wait())
    }

    /// The clipboard once it holds `expected`, or the last read after 10 s. xclip's first process
    /// exits as soon as its background child has asked for the selection, but Xlib sends that
    /// request only when the child starts waiting for events, so a read straight after the copy
    /// can still find the previous owner (or none). Each attempt is a real X round trip.
    private func readClipboard(
        expecting expected: String, environment: [String: String]
    ) throws -> (text: String, status: Int32) {
        let deadline = ContinuousClock.now + .seconds(10)
        var last = try readClipboard(environment: environment)
        while last.text != expected, ContinuousClock.now < deadline {
            last = try readClipboard(environment: environment)
        }
        return last
    }

    @Test("xclip copies into a real X11 clipboard that xclip -o reads back, UTF-8 and newlines intact")
    func xclipUnderXvfb() throws {
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
        let display = try VirtualDisplay(environment: environment)
        // Stopping the server also ends the xclip that keeps serving the selection.
        defer { display.stop() }
        environment["DISPLAY"] = display.display
        let text = "GET https://api.example/items/0 — ✓ 世界\nsecond line"
        #expect(Clipboard.helperCommand(environment: environment)?.last == "clipboard")
        #expect(Clipboard.copyWithHelper(text, environment: environment) == .copied(tool: "xclip"))
        let readBack = try readClipboard(expecting: text, environment: environment)
        #expect(readBack.status == 0)
        #expect(readBack.text == text)

        // A second copy replaces the first.
        #expect(Clipboard.copyWithHelper("next", environment: environment) == .copied(tool: "xclip"))
        #expect(try readClipboard(expecting: "next", environment: environment).text == "next")
    }

    @Test("wl-copy (a recording stand-in) gets no arguments, the exact bytes on stdin, and the session's environment")
    func wlCopyInvocation() throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-wl-\(UUID().uuidString)")
        let folder = try standIn(
            "wl-copy",
            script: """
                printf '%s\\n' "$#" "$@" > "\(record.path).argv"
                printf '%s' "$WAYLAND_DISPLAY" > "\(record.path).env"
                cat > "\(record.path).stdin"
                """)
        defer {
            try? FileManager.default.removeItem(at: folder)
            for suffix in ["argv", "env", "stdin"] {
                try? FileManager.default.removeItem(atPath: "\(record.path).\(suffix)")
            }
        }
        let environment = ["WAYLAND_DISPLAY": "wayland-test", "DISPLAY": ":0", "PATH": folder.path + ":/usr/bin:/bin"]
        #expect(Clipboard.helperCommand(environment: environment) == [folder.appendingPathComponent("wl-copy").path])
        let text = "héllo\n\u{1B}[31m not interpreted\n"
        #expect(Clipboard.copyWithHelper(text, environment: environment) == .copied(tool: "wl-copy"))
        #expect(try String(contentsOfFile: record.path + ".argv", encoding: .utf8) == "0\n")
        #expect(try String(contentsOfFile: record.path + ".env", encoding: .utf8) == "wayland-test")
        #expect(try Data(contentsOf: URL(fileURLWithPath: record.path + ".stdin")) == Data(text.utf8))
    }

    @Test("a helper that fails reports its exit status; one that was killed reports 128 + the signal")
    func failingHelper() throws {
        let failing = try standIn("wl-copy", script: "cat > /dev/null\nexit 3\n")
        let killed = try standIn("wl-copy", script: "kill -KILL $$\n")
        defer {
            try? FileManager.default.removeItem(at: failing)
            try? FileManager.default.removeItem(at: killed)
        }
        let result = Clipboard.copyWithHelper(
            "x", environment: ["WAYLAND_DISPLAY": "w", "PATH": failing.path + ":/bin"])
        #expect(result == .failed(tool: "wl-copy", status: 3))
        #expect(result.message == "wl-copy failed with exit status 3")
        #expect(
            Clipboard.copyWithHelper("x", environment: ["WAYLAND_DISPLAY": "w", "PATH": killed.path + ":/bin"])
                == .failed(tool: "wl-copy", status: 128 + SIGKILL))
    }

    @Test("a helper that hangs is stopped after the timeout and reported, and does not stay behind")
    func hangingHelper() throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-hang-\(UUID().uuidString)")
        // Reads the text, then never exits (as a wl-copy stuck on an unresponsive compositor would).
        let folder = try standIn(
            "wl-copy", script: "echo $$ > \"\(pidFile.path)\"\ncat > /dev/null\nexec tail -f /dev/null\n")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: pidFile)
        }
        let environment = ["WAYLAND_DISPLAY": "w", "PATH": folder.path + ":/usr/bin:/bin"]
        #expect(Clipboard.copyWithHelper("x", environment: environment, timeout: 0.5) == .timedOut(tool: "wl-copy"))
        let pid = try #require(
            Int32(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Stopped and reaped: no such process any more.
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test("no display, or no tool on PATH, is reported as no helper")
    func noHelper() {
        #expect(Clipboard.copyWithHelper("x", environment: ["PATH": "/usr/bin:/bin"]) == .noHelper)
        #expect(
            Clipboard.copyWithHelper("x", environment: ["WAYLAND_DISPLAY": "w", "PATH": "/nonexistent"]) == .noHelper)
    }
}
