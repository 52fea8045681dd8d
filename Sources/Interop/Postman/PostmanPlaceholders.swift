import Foundation
import Workspace

/// Postman's `{{name}}` placeholders in Lazer's terms: names Lazer cannot hold (spaces, `/`, …)
/// become valid ones (the same everywhere, so references still meet their variable), and
/// Postman's dynamic values take Lazer's names where Lazer has them (`{{$guid}}` → `{{$uuid}}`).
final class PostmanPlaceholders {
    /// Postman dynamic variables Lazer computes too, by Lazer's name.
    static let dynamicNames: [String: String] = [
        "$guid": "$uuid", "$randomUUID": "$uuid", "$timestamp": "$timestamp", "$isoTimestamp": "$isoTimestamp",
        "$randomInt": "$randomInt", "$randomAlphaNumeric": "$randomString 1", "$uuid": "$uuid",
        "$randomString": "$randomString",
    ]

    /// Dynamic variables met that Lazer has no counterpart for, with where they were first seen.
    private(set) var unsupportedDynamic: [(name: String, path: String)] = []
    private var seenUnsupported: Set<String> = []

    /// A valid Lazer variable name for a Postman one: invalid characters become `_`.
    static func variableName(_ name: String) -> String {
        if VariableName.isValid(name) { return name }
        var result = ""
        for scalar in name.unicodeScalars {
            result.unicodeScalars.append(VariableName.isValid(String(scalar)) ? scalar : "_")
        }
        return result.isEmpty ? "var" : result
    }

    /// `text` with every placeholder in Lazer's terms; `path` says where, for the report.
    func rewrite(_ text: String, at path: String) -> String {
        guard text.contains("{{") else { return text }
        var output = ""
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            output += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "}}") else {
                output += rest[open.lowerBound...]
                return output
            }
            let inner = afterOpen[..<close.lowerBound]
            let name = Self.trimmed(inner)
            if inner.contains("{{") || name.isEmpty {
                output += "{{"
                rest = afterOpen
                continue
            }
            if name.hasPrefix("$") {
                if let lazer = Self.dynamicNames[name] {
                    output += "{{\(lazer)}}"
                } else {
                    output += "{{\(name)}}"
                    if seenUnsupported.insert(name).inserted { unsupportedDynamic.append((name, path)) }
                }
            } else {
                output += "{{\(Self.variableName(name))}}"
            }
            rest = afterOpen[close.upperBound...]
        }
        output += rest
        return output
    }

    /// `text` without surrounding spaces and tabs (`{{ name }}` is `{{name}}`).
    static func trimmed(_ text: Substring) -> String {
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return start < end ? String(text[start..<end]) : ""
    }
}
