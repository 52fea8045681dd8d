import JSONTree

/// The plain words of findings: what a value is ("the string \"12.50\"", "an array of 3 items"),
/// what a type set expects ("a string or null"), and instance locations as readable JSONPaths
/// (`$.items[3].price`, `$['a b']`).
enum SchemaWording {
    static func describe(_ document: JSONDocument, _ node: JSONNode) -> String {
        switch document.kind(node) {
        case .null: "null"
        case .true: "true"
        case .false: "false"
        case .number: "the number \(document.preview(node, maxLength: 40))"
        case .string: "the string \(document.preview(node, maxLength: 40))"
        case .object:
            document.childCount(node) == 0 ? "an empty object" : "an object"
        case .array:
            document.childCount(node) == 0
                ? "an empty array" : "an array of \(plural(document.childCount(node), "item"))"
        }
    }

    static func expected(_ mask: TypeMask) -> String {
        let names: [(TypeMask, String)] = [
            (.object, "an object"), (.array, "an array"), (.string, "a string"), (.number, "a number"),
            (.integer, "an integer"), (.boolean, "a boolean"), (.null, "null"),
        ]
        let parts = names.filter { mask.contains($0.0) && !($0.0 == .integer && mask.contains(.number)) }.map(\.1)
        guard parts.count > 1 else { return parts.first ?? "nothing" }
        return parts.dropLast().joined(separator: ", ") + " or " + parts[parts.count - 1]
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun == "property" ? "properties" : noun + "s")"
    }

    /// `"name"`, quoted and with control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` as a JSON string literal.
    static func jsonLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `$.items[3].price`: dotted names where they are identifiers, `['…']` otherwise.
    static func path(_ document: JSONDocument, _ node: JSONNode) -> String {
        var result = "$"
        for component in document.pathComponents(node) {
            switch component {
            case .index(let index): result += "[\(index)]"
            case .key(let key):
                if isIdentifier(key) {
                    result += "." + key
                } else {
                    result += "['"
                    for scalar in key.unicodeScalars {
                        switch scalar {
                        case "'": result += "\\'"
                        case "\\": result += "\\\\"
                        case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                            let hex = String(scalar.value, radix: 16)
                            result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                        default: result.unicodeScalars.append(scalar)
                        }
                    }
                    result += "']"
                }
            }
        }
        return result
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first,
            first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first)
        else { return false }
        return key.unicodeScalars.allSatisfy {
            $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }
}
