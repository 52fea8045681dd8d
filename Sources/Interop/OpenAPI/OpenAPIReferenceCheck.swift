import Foundation
import Workspace

/// Dangling references in an OpenAPI or Swagger document, as written: a security requirement
/// naming a scheme the document does not define, and a local `$ref` (`#/…`) that leads nowhere.
///
/// OpenAPIKit refuses a whole document for one undefined security scheme; real documents have
/// them (a scheme renamed in one place). So the loader imports everything else: it removes the
/// undefined names (the operation is sent without that authentication) and reports each one,
/// positioned. A dangling `$ref` decodes but names nothing: each is reported too, except where the
/// collection builder reports it itself with what it did (a path item, a parameter, a request body).
enum OpenAPIReferenceCheck {
    /// One dangling reference: where (path components as `ImportLocation` paths write them:
    /// keys, and `[i]` for array items), what, and what the import did about it.
    struct Dangling: Equatable {
        var path: [String]
        var what: String
        var kept: String
        /// An undefined security scheme (removed before decoding), not a `$ref`.
        var isSecurity: Bool { what.hasPrefix("security scheme") }
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    /// The security requirements of `tree` that name an undefined scheme (Swagger 2.0's
    /// `securityDefinitions` or OpenAPI 3's `components.securitySchemes`).
    static func danglingSecurity<Node: ReferenceNode>(in tree: Node) -> [Dangling] {
        let defined = definedSchemes(tree)
        var found: [Dangling] = []
        forEachRequirementList(in: tree) { path, list in
            for (index, requirement) in list.enumerated() {
                guard let names = requirement.objectMembers else { continue }
                for name in names where !defined.contains(name.key) {
                    found.append(
                        Dangling(
                            path: path + ["[\(index)]", name.key],
                            what: "security scheme \"\(name.key)\" that is not defined",
                            kept: "sent without it"))
                }
            }
        }
        return found
    }

    /// `tree` without the undefined scheme names; a requirement left with none is dropped (an
    /// empty one would mean "no authentication needed" as an alternative).
    static func removingDanglingSecurity(_ tree: StoredJSON) -> StoredJSON {
        let defined = definedSchemes(tree)
        func pruned(_ list: StoredJSON) -> StoredJSON {
            guard case .array(let requirements) = list else { return list }
            return .array(
                requirements.compactMap { requirement in
                    guard case .object(let names) = requirement else { return requirement }
                    let kept = names.filter { defined.contains($0.key) }
                    return kept.isEmpty && !names.isEmpty ? nil : .object(kept)
                })
        }
        guard case .object(var members) = tree else { return tree }
        for index in members.indices {
            switch members[index].key {
            case "security":
                members[index].value = pruned(members[index].value)
            case "paths":
                guard case .object(var paths) = members[index].value else { continue }
                for pathIndex in paths.indices {
                    guard case .object(var operations) = paths[pathIndex].value else { continue }
                    for operationIndex in operations.indices where methods.contains(operations[operationIndex].key) {
                        guard case .object(var fields) = operations[operationIndex].value else { continue }
                        for fieldIndex in fields.indices where fields[fieldIndex].key == "security" {
                            fields[fieldIndex].value = pruned(fields[fieldIndex].value)
                        }
                        operations[operationIndex].value = .object(fields)
                    }
                    paths[pathIndex].value = .object(operations)
                }
                members[index].value = .object(paths)
            default:
                continue
            }
        }
        return .object(members)
    }

    /// Every local `$ref` of `tree` that does not resolve, in document order, but those the
    /// collection builder reports itself.
    static func danglingReferences<Node: ReferenceNode>(in tree: Node) -> [Dangling] {
        var found: [Dangling] = []
        // Iterative, so a deeply nested document cannot exhaust the stack.
        var pending: [(Node, [String])] = [(tree, [])]
        while let (value, path) = pending.popLast() {
            if let members = value.objectMembers {
                if let reference = members.first(where: { $0.key == "$ref" })?.value.stringText,
                    reference.hasPrefix("#"), resolve(reference, in: tree) == nil, !reportedByBuilder(path)
                {
                    found.append(
                        Dangling(
                            path: path, what: "reference \(reference) that does not resolve",
                            kept: "what it names is left out"))
                }
                for member in members.reversed() { pending.append((member.value, path + [member.key])) }
            } else if let items = value.arrayItems {
                for (index, item) in items.enumerated().reversed() { pending.append((item, path + ["[\(index)]"])) }
            }
        }
        return found
    }

    /// The value a local JSON pointer (`#/components/schemas/Pet`) names, or nil.
    static func resolve<Node: ReferenceNode>(_ reference: String, in tree: Node) -> Node? {
        let pointer = reference.dropFirst()
        guard pointer.isEmpty || pointer.hasPrefix("/") else { return nil }
        var current = tree
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = (String(raw).removingPercentEncoding ?? String(raw))
                .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let members = current.objectMembers {
                guard let next = members.last(where: { $0.key == token })?.value else { return nil }
                current = next
            } else if let items = current.arrayItems {
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                current = items[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// The builder says what it did with an unresolved path item, parameter or request body.
    private static func reportedByBuilder(_ path: [String]) -> Bool {
        guard path.first == "paths" else { return false }
        if path.count == 2 { return true }
        if path.last == "requestBody", path.count == 4 { return true }
        let beforeLast = path.count >= 2 ? path[path.count - 2] : ""
        return beforeLast == "parameters" && (path.count == 4 || path.count == 5)
    }

    private static func definedSchemes<Node: ReferenceNode>(_ tree: Node) -> Set<String> {
        var names: Set<String> = []
        for (key, value) in tree.objectMembers ?? [] {
            if key == "securityDefinitions" { names.formUnion((value.objectMembers ?? []).map(\.key)) }
            if key == "components" {
                for (inner, schemes) in value.objectMembers ?? [] where inner == "securitySchemes" {
                    names.formUnion((schemes.objectMembers ?? []).map(\.key))
                }
            }
        }
        return names
    }

    /// Calls `body` with each security requirement list: the document's, then each operation's.
    private static func forEachRequirementList<Node: ReferenceNode>(
        in tree: Node, _ body: ([String], [Node]) -> Void
    ) {
        let root = tree.objectMembers ?? []
        if let list = root.last(where: { $0.key == "security" })?.value.arrayItems { body(["security"], list) }
        guard let paths = root.last(where: { $0.key == "paths" })?.value.objectMembers else { return }
        for path in paths {
            for operation in path.value.objectMembers ?? [] where methods.contains(operation.key) {
                if let list = operation.value.objectMembers?.last(where: { $0.key == "security" })?.value.arrayItems {
                    body(["paths", path.key, operation.key, "security"], list)
                }
            }
        }
    }
}

/// A JSON value as the check walks it: the parsed source (`JSONValue`) or a built tree (`StoredJSON`).
protocol ReferenceNode {
    var objectMembers: [(key: String, value: Self)]? { get }
    var arrayItems: [Self]? { get }
    var stringText: String? { get }
}

extension StoredJSON: ReferenceNode {
    var objectMembers: [(key: String, value: StoredJSON)]? {
        guard case .object(let members) = self else { return nil }
        return members.map { ($0.key, $0.value) }
    }

    var arrayItems: [StoredJSON]? {
        guard case .array(let items) = self else { return nil }
        return items
    }

    var stringText: String? { stringValue }
}

extension JSONValue: ReferenceNode {
    var objectMembers: [(key: String, value: JSONValue)]? { isObject ? members : nil }
    var arrayItems: [JSONValue]? { isArray ? items : nil }
    var stringText: String? { string }
}
