import Foundation
import TerminalText

/// Turns the JSON answer of an introspection query (`{"data": {"__schema": …}}`, or the
/// `__schema` object alone) into SDL, so the one SDL path builds every schema. Built-in scalars,
/// introspection types and the specified directives are left out (the SDL builder adds them).
/// Descriptions and deprecations are kept: completion and the field line show them.
enum IntrospectionSDL {
    private static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
    private static let builtInDirectives: Set<String> = ["skip", "include", "deprecated", "specifiedBy", "oneOf"]

    static func sdl(fromJSON data: Data) throws(GraphQLSchemaError) -> String {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw GraphQLSchemaError("the schema file is not valid JSON")
        }
        let object = root as? [String: Any]
        let data = object?["data"] as? [String: Any]
        guard let schema = (data?["__schema"] ?? object?["__schema"]) as? [String: Any],
            let types = schema["types"] as? [[String: Any]]
        else {
            throw GraphQLSchemaError(
                "the JSON is not an introspection answer (no \"__schema\" with \"types\" in it or under \"data\")")
        }
        var out = "schema {\n"
        for (key, word) in [("queryType", "query"), ("mutationType", "mutation"), ("subscriptionType", "subscription")]
        {
            if let name = (schema[key] as? [String: Any])?["name"] as? String { out += "  \(word): \(name)\n" }
        }
        out += "}\n"
        for type in types {
            guard let name = type["name"] as? String, !name.hasPrefix("__") else { continue }
            if type["kind"] as? String == "SCALAR", builtInScalars.contains(name) { continue }
            out += "\n" + (try typeDefinition(type, name))
        }
        for directive in schema["directives"] as? [[String: Any]] ?? [] {
            guard let name = directive["name"] as? String, !builtInDirectives.contains(name) else { continue }
            out += "\n" + description(directive["description"], indent: "")
            out += "directive @\(name)\(try arguments(directive["args"]))"
            if directive["isRepeatable"] as? Bool == true { out += " repeatable" }
            let locations = directive["locations"] as? [String] ?? []
            out += " on " + locations.joined(separator: " | ") + "\n"
        }
        return out
    }

    private static func typeDefinition(_ type: [String: Any], _ name: String) throws(GraphQLSchemaError) -> String {
        var out = description(type["description"], indent: "")
        let interfaces = try (type["interfaces"] as? [[String: Any]] ?? []).map { ref throws(GraphQLSchemaError) in
            try typeName(ref)
        }
        let implements = interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
        switch type["kind"] as? String {
        case "SCALAR":
            out += "scalar \(name)"
            if let url = type["specifiedByURL"] as? String { out += " @specifiedBy(url: \(quoted(url)))" }
            return out + "\n"
        case "OBJECT", "INTERFACE":
            out += (type["kind"] as? String == "OBJECT" ? "type " : "interface ") + name + implements + " {\n"
            for field in type["fields"] as? [[String: Any]] ?? [] {
                out += description(field["description"], indent: "  ")
                out +=
                    "  \(field["name"] as? String ?? "")\(try arguments(field["args"])): \(try typeName(field["type"]))"
                out += deprecation(field) + "\n"
            }
            return out + "}\n"
        case "UNION":
            let members = try (type["possibleTypes"] as? [[String: Any]] ?? []).map { ref throws(GraphQLSchemaError) in
                try typeName(ref)
            }
            return out + "union \(name) = " + members.joined(separator: " | ") + "\n"
        case "ENUM":
            out += "enum \(name) {\n"
            for value in type["enumValues"] as? [[String: Any]] ?? [] {
                out += description(value["description"], indent: "  ")
                out += "  \(value["name"] as? String ?? "")" + deprecation(value) + "\n"
            }
            return out + "}\n"
        case "INPUT_OBJECT":
            out += "input \(name) {\n"
            for field in type["inputFields"] as? [[String: Any]] ?? [] {
                out += description(field["description"], indent: "  ") + "  " + (try inputValue(field)) + "\n"
            }
            return out + "}\n"
        default:
            throw GraphQLSchemaError("the type \(name) has an unknown kind \(type["kind"] ?? "(none)")")
        }
    }

    /// `(first: Int = 10, after: String)`, or nothing without arguments.
    private static func arguments(_ args: Any?) throws(GraphQLSchemaError) -> String {
        let list = args as? [[String: Any]] ?? []
        guard !list.isEmpty else { return "" }
        var parts: [String] = []
        for arg in list { parts.append(description(arg["description"], indent: "") + (try inputValue(arg))) }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    private static func inputValue(_ value: [String: Any]) throws(GraphQLSchemaError) -> String {
        var out = "\(value["name"] as? String ?? ""): \(try typeName(value["type"]))"
        // Already a GraphQL literal in the answer (`10`, `"x"`, `[A, B]`, `{a: 1}`).
        if let defaultValue = value["defaultValue"] as? String { out += " = " + defaultValue }
        return out
    }

    /// `[User!]!` from a nested `{kind, name, ofType}` reference.
    private static func typeName(_ ref: Any?) throws(GraphQLSchemaError) -> String {
        guard let ref = ref as? [String: Any] else { throw GraphQLSchemaError("a type reference is missing") }
        switch ref["kind"] as? String {
        case "NON_NULL": return try typeName(ref["ofType"]) + "!"
        case "LIST": return "[" + (try typeName(ref["ofType"])) + "]"
        default:
            guard let name = ref["name"] as? String else { throw GraphQLSchemaError("a type reference has no name") }
            return name
        }
    }

    private static func deprecation(_ item: [String: Any]) -> String {
        guard item["isDeprecated"] as? Bool == true else { return "" }
        guard let reason = item["deprecationReason"] as? String else { return " @deprecated" }
        return " @deprecated(reason: \(quoted(reason)))"
    }

    private static func description(_ text: Any?, indent: String) -> String {
        guard let text = text as? String, !text.isEmpty else { return "" }
        return indent + quoted(text) + "\n"
    }

    /// A GraphQL string literal: its escapes are JSON's (and nothing in it can drive a terminal).
    static func quoted(_ text: String) -> String { TerminalText.jsonStringLiteral(text) }
}
