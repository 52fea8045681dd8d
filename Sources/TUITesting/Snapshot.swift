import Foundation
package import TUI
package import Testing

/// Screen snapshots for Swift Testing: compares a text dump with `Snapshots/<name>.txt` next to
/// the calling test file, or records it when `RECORD_SNAPSHOTS=1`. A mismatch reports a
/// line-by-line diff so the change is readable in the test log.
package enum Snapshot {
    package static func assert(
        _ actual: String, named name: String, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
        let url = directory.appendingPathComponent(name + ".txt")
        let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if recording || expected == nil {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try (actual + "\n").write(to: url, atomically: true, encoding: .utf8)
            } catch {
                Issue.record("could not record snapshot \(name): \(error)", sourceLocation: sourceLocation)
            }
            if !recording {
                Issue.record("snapshot \(name) was missing and has been recorded", sourceLocation: sourceLocation)
            }
            return
        }
        let stored = expected ?? ""
        let wanted = stored.hasSuffix("\n") ? String(stored.dropLast()) : stored
        if wanted != actual {
            Issue.record(
                "snapshot \(name) differs (re-record with RECORD_SNAPSHOTS=1):\n\(lineDiff(wanted, actual))",
                sourceLocation: sourceLocation
            )
        }
    }

    /// Renders `widget` into a `width`×`height` test screen and compares its text dump.
    package static func assert(
        _ widget: some Widget, width: Int, height: Int, named name: String, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        assert(
            render(widget, width: width, height: height), named: name, filePath: filePath,
            sourceLocation: sourceLocation)
    }

    /// The text a `width`×`height` screen shows after rendering `widget` over all of it.
    package static func render(_ widget: some Widget, width: Int, height: Int) -> String {
        let terminal = Terminal(backend: TestBackend(width: width, height: height))
        terminal.draw { frame in frame.render(widget, in: frame.area) }
        return terminal.backend.textDump()
    }

    /// Expected and actual lines, changed rows marked with `-` and `+` (ends marked with `|` so
    /// trailing spaces show).
    package static func lineDiff(_ expected: String, _ actual: String) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        var out: [String] = []
        for i in 0..<max(old.count, new.count) {
            let a = i < old.count ? old[i] : nil
            let b = i < new.count ? new[i] : nil
            if a == b {
                out.append("  \(i + 1)| \(a ?? "")")
            } else {
                if let a { out.append("- \(i + 1)| \(a)|") }
                if let b { out.append("+ \(i + 1)| \(b)|") }
            }
        }
        return out.joined(separator: "\n")
    }
}
