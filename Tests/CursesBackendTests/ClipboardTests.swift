import Testing

@testable import CursesBackend

@Suite("Clipboard")
struct ClipboardTests {
    @Test("OSC 52 carries the text base64-encoded, so no control character reaches the terminal raw")
    func osc52() {
        #expect(Clipboard.osc52("hi") == "\u{1B}]52;c;aGk=\u{07}")
        let sequence = Clipboard.osc52("a\u{1B}[2Jb")
        #expect(sequence.dropFirst().dropLast().allSatisfy { $0 != "\u{1B}" && $0 != "\u{07}" })
    }

    @Test("wl-copy under Wayland, xclip under X11, nothing without a desktop or a tool")
    func helper() {
        let all: (String) -> Bool = { _ in true }
        let none: (String) -> Bool = { _ in false }
        #expect(
            Clipboard.helperCommand(
                environment: ["WAYLAND_DISPLAY": "wayland-0", "PATH": "/usr/bin"], isExecutable: all)
                == ["/usr/bin/wl-copy"])
        #expect(
            Clipboard.helperCommand(environment: ["DISPLAY": ":0", "PATH": "/opt/bin:/usr/bin"], isExecutable: all)
                == ["/opt/bin/xclip", "-selection", "clipboard"])
        #expect(Clipboard.helperCommand(environment: ["DISPLAY": ":0"], isExecutable: none) == nil)
        #expect(Clipboard.helperCommand(environment: ["PATH": "/usr/bin"], isExecutable: all) == nil)
    }
}
