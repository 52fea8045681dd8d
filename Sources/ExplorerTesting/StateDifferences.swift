/// What differs between two values of a state, property by property (top level), for the step
/// drivers' failure messages: each property's label with both values, from a little before the
/// first character that differs (shortened).
package enum StateDifferences {
    package static func describe<Value>(_ expected: Value, _ actual: Value) -> String {
        let wanted = Mirror(reflecting: expected).children
        let got = Array(Mirror(reflecting: actual).children)
        var lines: [String] = []
        for (index, child) in wanted.enumerated() where index < got.count {
            let a = String(reflecting: child.value)
            let b = String(reflecting: got[index].value)
            guard a != b else { continue }
            let same = zip(a, b).prefix { $0 == $1 }.count
            let from = max(0, same - 60)
            lines.append(
                "  \(child.label ?? "?") (from character \(from)):\n    expected \(short(a.dropFirst(from)))\n"
                    + "    actual   \(short(b.dropFirst(from)))")
        }
        if lines.isEmpty, wanted.isEmpty {
            return "  expected \(short(expected))\n  actual   \(short(actual))"
        }
        return lines.isEmpty ? "  (a difference no property prints)" : lines.joined(separator: "\n")
    }

    package static func short(_ value: Any) -> String {
        let text = (value as? Substring).map(String.init) ?? String(reflecting: value)
        return text.count > 400 ? String(text.prefix(400)) + "…" : text
    }
}
