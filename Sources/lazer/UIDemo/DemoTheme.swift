import TUI

/// The colours the demo paints with. A stand-in until the toolkit's theme files are wired in.
struct DemoTheme: Sendable {
    var name: String
    var background: Color
    var text: Color
    var muted: Color
    var accent: Color
    var border: Color
    var focusedBorder: Color
    var selection: Color

    static let all: [DemoTheme] = [
        DemoTheme(
            name: "Default dark", background: .indexed(235), text: .indexed(252), muted: .indexed(244),
            accent: .indexed(75), border: .indexed(240), focusedBorder: .indexed(75), selection: .indexed(24)),
        DemoTheme(
            name: "Light", background: .indexed(255), text: .indexed(235), muted: .indexed(245), accent: .indexed(25),
            border: .indexed(250), focusedBorder: .indexed(25), selection: .indexed(153)),
        DemoTheme(
            name: "Solarized dark", background: .rgb(0, 43, 54), text: .rgb(131, 148, 150), muted: .rgb(88, 110, 117),
            accent: .rgb(38, 139, 210), border: .rgb(7, 54, 66), focusedBorder: .rgb(181, 137, 0),
            selection: .rgb(7, 54, 66)),
        DemoTheme(
            name: "High contrast", background: .black, text: .brightWhite, muted: .white, accent: .brightYellow,
            border: .white, focusedBorder: .brightYellow, selection: .blue),
        DemoTheme(
            name: "Monochrome", background: .default, text: .default, muted: .default, accent: .default,
            border: .default, focusedBorder: .default, selection: .default),
    ]
}
