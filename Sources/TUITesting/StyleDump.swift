package import TUI

/// A text picture of a buffer's styles for snapshots: one letter per cell (the same letter for
/// the same style, `.` for the plain style, nothing for continuation cells), followed by a
/// legend. Lets a snapshot catch colour regressions as readably as text ones.
package enum StyleDump {
    package static func render(_ buffer: Buffer) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var assigned: [Style: Character] = [:]
        var order: [Style] = []
        var rows: [String] = []
        let area = buffer.area
        for y in area.y..<area.bottom {
            var row = ""
            for x in area.x..<area.right {
                let cell = buffer[x: x, y: y]
                if cell.isContinuation { continue }
                let style = normalized(cell.style)
                if style == .plain {
                    row.append(".")
                    continue
                }
                if assigned[style] == nil {
                    assigned[style] = order.count < letters.count ? letters[order.count] : "?"
                    order.append(style)
                }
                row.append(assigned[style] ?? "?")
                if cell.width == 2 { row.append(assigned[style] ?? "?") }
            }
            rows.append(row)
        }
        let legend = order.map { "\(assigned[$0] ?? "?"): \(describe($0))" }
        return (rows + [""] + legend).joined(separator: "\n")
    }

    private static func normalized(_ style: Style) -> Style {
        Style(
            foreground: style.foreground == .default ? nil : style.foreground,
            background: style.background == .default ? nil : style.background, modifiers: style.modifiers
        )
    }

    /// `fg=#a6e3a1 bg=ansi4 bold`.
    package static func describe(_ style: Style) -> String {
        var parts: [String] = []
        if let fg = style.foreground { parts.append("fg=" + describe(fg)) }
        if let bg = style.background { parts.append("bg=" + describe(bg)) }
        let names: [(TextModifiers, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse"),
        ]
        for (flag, name) in names where style.modifiers.contains(flag) { parts.append(name) }
        return parts.joined(separator: " ")
    }

    private static func describe(_ color: Color) -> String {
        switch color {
        case .default: "default"
        case .ansi(let n): Color.ansiNames[Int(n & 15)]
        case .indexed(let n): "color\(n)"
        case .rgb(let r, let g, let b):
            "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }
}
