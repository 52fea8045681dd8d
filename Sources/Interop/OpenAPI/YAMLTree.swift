import Workspace
import Yams

/// YAML read with Yams into the JSON value model the rest of the OpenAPI import works on. The
/// walk is bounded: aliases that expand a small file into millions of values, and nesting deeper
/// than any API description, are refused with a positioned error instead of exhausting memory.
enum YAMLTree {
    static let maximumValues = 2_000_000
    static let maximumDepth = 200

    static func parse(_ text: String, file: String) throws(ImportError) -> StoredJSON {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw positioned(error, file: file)
        } catch {
            throw ImportError("not valid YAML: \(error)", file: file)
        }
        guard let node else { throw ImportError("the document is empty", file: file, line: 1, column: 1) }
        var budget = maximumValues
        return try convert(node, depth: 0, budget: &budget, file: file, path: "")
    }

    private static func convert(
        _ node: Node, depth: Int, budget: inout Int, file: String, path: String
    ) throws(ImportError) -> StoredJSON {
        budget -= 1
        guard budget > 0 else {
            throw ImportError(
                "the YAML expands to more than \(maximumValues) values (aliases repeating aliases)", file: file,
                line: node.mark?.line, column: node.mark?.column, path: path)
        }
        guard depth < maximumDepth else {
            throw ImportError(
                "nested more than \(maximumDepth) levels deep", file: file, line: node.mark?.line,
                column: node.mark?.column, path: path)
        }
        switch node {
        case .scalar(let scalar):
            return scalarValue(scalar)
        case .mapping(let mapping):
            var members: [StoredJSON.Member] = []
            members.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                let name = key.string ?? ""
                if name == "<<", case .mapping(let merged) = value {
                    // A YAML merge key: the anchored mapping's members, unless given here.
                    for (mergedKey, mergedValue) in merged where !mapping.keys.contains(mergedKey) {
                        let mergedName = mergedKey.string ?? ""
                        members.append(
                            StoredJSON.Member(
                                mergedName,
                                try convert(
                                    mergedValue, depth: depth + 1, budget: &budget, file: file,
                                    path: path.isEmpty ? mergedName : path + "." + mergedName)))
                    }
                    continue
                }
                members.append(
                    StoredJSON.Member(
                        name,
                        try convert(
                            value, depth: depth + 1, budget: &budget, file: file,
                            path: path.isEmpty ? name : path + "." + name)))
            }
            return .object(members)
        case .sequence(let sequence):
            var items: [StoredJSON] = []
            items.reserveCapacity(sequence.count)
            for (index, item) in sequence.enumerated() {
                items.append(
                    try convert(item, depth: depth + 1, budget: &budget, file: file, path: path + "[\(index)]"))
            }
            return .array(items)
        case .alias:
            throw ImportError(
                "an alias Yams left unresolved", file: file, line: node.mark?.line, column: node.mark?.column,
                path: path)
        }
    }

    /// A scalar by the YAML 1.2 core schema: plain `null`/`~`, `true`/`false`, integers and
    /// floats; quoted or block scalars, and everything else, are strings.
    private static func scalarValue(_ scalar: Node.Scalar) -> StoredJSON {
        let text = scalar.string
        guard scalar.style == .plain || scalar.style == .any else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard let first = digits.first, first.isASCII, first.isNumber || first == "." else { return .string(text) }
        if digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            let normalized = text.hasPrefix("+") ? String(text.dropFirst()) : text
            if let value = Int(normalized) { return .integer(value) }
            return .string(text)
        }
        // A float: JSON's number grammar, else Swift's reading of it (`.5`, `1.`, `1e3`).
        if digits.allSatisfy({
            $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+")
        }),
            let value = Double(text.hasPrefix("+") ? String(text.dropFirst()) : text), value.isFinite
        {
            let json =
                !text.hasPrefix("+") && !text.hasPrefix(".") && !text.hasPrefix("-.") && !text.hasSuffix(".")
                && !text.contains(".e") && !text.contains(".E")
                && !(digits.count > 1 && digits.first == "0" && digits.dropFirst().first?.isNumber == true)
            return json ? .number(text) : .double(value)
        }
        return .string(text)
    }

    private static func positioned(_ error: YamlError, file: String) -> ImportError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return ImportError("not valid YAML: \(detail)", file: file, line: mark.line, column: mark.column)
        case .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return ImportError("not valid YAML: \(detail)", file: file, line: mark.line, column: mark.column)
        default:
            return ImportError("not valid YAML: \(error)", file: file)
        }
    }
}
