/// Reads theme files (format: docs/themes.md). Every mistake is reported with file, line and
/// column; nothing in a theme file can crash the app.
package enum ThemeLoader {
    /// Parses and checks a theme document.
    package static func decode(_ bytes: [UInt8], file: String) throws(JSONSourceError) -> Theme {
        let root = try JSONSourceParser.parse(bytes, file: file)
        func fail(_ value: JSONSourceValue, _ message: String) -> JSONSourceError {
            JSONSourceError(file: file, line: value.position.line, column: value.position.column, message: message)
        }
        guard case .object(let members, _, _) = root else {
            throw fail(root, "a theme must be an object, found \(root.kind)")
        }
        var name: String?
        var palette: [String: Color] = [:]
        var rolesValue: JSONSourceValue?
        for member in members {
            switch member.key {
            case "name":
                guard case .string(let text, _, _) = member.value else {
                    throw fail(member.value, "\"name\" must be a string")
                }
                name = text
            case "palette":
                guard case .object(let entries, _, _) = member.value else {
                    throw fail(member.value, "\"palette\" must be an object of colour names")
                }
                for entry in entries {
                    palette[entry.key] = try color(entry.value, palette: [:], file: file)
                }
            case "roles":
                rolesValue = member.value
            case "$schema", "description", "author":
                continue
            default:
                throw JSONSourceError(
                    file: file, line: member.line, column: member.column,
                    message: "unknown key \"\(member.key)\" (expected name, palette, roles)"
                )
            }
        }
        guard let rolesValue else { throw fail(root, "missing \"roles\"") }
        guard case .object(let roleMembers, _, _) = rolesValue else {
            throw fail(rolesValue, "\"roles\" must be an object")
        }
        var styles: [ThemeRole: Style] = [:]
        for member in roleMembers {
            guard let role = ThemeRole(rawValue: member.key) else {
                throw JSONSourceError(
                    file: file, line: member.line, column: member.column,
                    message: "unknown role \"\(member.key)\"; known roles: "
                        + ThemeRole.allCases.map(\.rawValue).joined(separator: ", ")
                )
            }
            styles[role] = try style(member.value, palette: palette, file: file)
        }
        guard styles[.text] != nil else { throw fail(rolesValue, "the \"text\" role is required") }
        let stem = file.split(separator: "/").last.map { String($0.hasSuffix(".json") ? $0.dropLast(5) : $0) } ?? file
        return Theme(name: name ?? stem, styles: styles)
    }

    private static func style(_ value: JSONSourceValue, palette: [String: Color], file: String) throws(JSONSourceError)
        -> Style
    {
        if case .string = value { return Style(foreground: try color(value, palette: palette, file: file)) }
        guard case .object(let members, _, _) = value else {
            throw JSONSourceError(
                file: file, line: value.position.line, column: value.position.column,
                message:
                    "a role must be a colour or an object like {\"fg\": …, \"bg\": …, \"bold\": true}, found \(value.kind)"
            )
        }
        var style = Style()
        for member in members {
            switch member.key {
            case "fg": style.foreground = try color(member.value, palette: palette, file: file)
            case "bg": style.background = try color(member.value, palette: palette, file: file)
            case "bold", "dim", "italic", "underline", "reverse":
                guard case .bool(let on, _, _) = member.value else {
                    throw JSONSourceError(
                        file: file, line: member.value.position.line, column: member.value.position.column,
                        message: "\"\(member.key)\" must be true or false, found \(member.value.kind)"
                    )
                }
                let flag: TextModifiers =
                    switch member.key {
                    case "bold": .bold
                    case "dim": .dim
                    case "italic": .italic
                    case "underline": .underline
                    default: .reverse
                    }
                if on { style.modifiers.insert(flag) }
            default:
                throw JSONSourceError(
                    file: file, line: member.line, column: member.column,
                    message:
                        "unknown style key \"\(member.key)\" (expected fg, bg, bold, dim, italic, underline, reverse)"
                )
            }
        }
        return style
    }

    /// A colour: a palette name (wins over the built-in names), `#rrggbb`, `#rgb`, `default`, an
    /// ANSI name (`red`, `brightBlack`), `color0`…`color255`, or a number 0–255.
    static func color(_ value: JSONSourceValue, palette: [String: Color], file: String) throws(JSONSourceError) -> Color
    {
        func fail(_ message: String) -> JSONSourceError {
            JSONSourceError(file: file, line: value.position.line, column: value.position.column, message: message)
        }
        switch value {
        case .number(let n, _, _):
            guard n >= 0, n <= 255, n == n.rounded() else { throw fail("colour index \(n) is outside 0–255") }
            return .indexed(UInt8(n))
        case .string(let text, _, _):
            if let named = palette[text] { return named }
            if let parsed = parseColor(text) { return parsed }
            throw fail(
                "unknown colour \"\(VisibleText.sanitize(text))\" (use #rrggbb, an ANSI name, color0–color255 or a palette name)"
            )
        default:
            throw fail("a colour must be a string or a number, found \(value.kind)")
        }
    }

    /// Parses the colour forms that need no palette.
    package static func parseColor(_ text: String) -> Color? {
        if text == "default" { return .default }
        if let index = Color.ansiNames.firstIndex(of: text) { return .ansi(UInt8(index)) }
        if text.hasPrefix("color"), let n = Int(text.dropFirst(5)), (0...255).contains(n) { return .indexed(UInt8(n)) }
        guard text.hasPrefix("#") else { return nil }
        var hex = Array(text.dropFirst())
        if hex.count == 3 { hex = hex.flatMap { [$0, $0] } }
        guard hex.count == 6, let value = UInt32(String(hex), radix: 16) else { return nil }
        return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }
}
