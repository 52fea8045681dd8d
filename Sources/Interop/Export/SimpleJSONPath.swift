/// JSONPaths that are a plain chain of member names and array indexes (`$.items[0].id`,
/// `$['a b']`): the ones an exported script (Postman, Locust, k6) can follow without a JSONPath
/// library. Filters, wildcards and recursive descent give nil, and the exporter reports them.
enum SimpleJSONPath {
    enum Step: Equatable {
        case member(String)
        case index(Int)
    }

    static func steps(_ path: String) -> [Step]? {
        var rest = Substring(path)
        guard rest.first == "$" else { return nil }
        rest = rest.dropFirst()
        var steps: [Step] = []
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                guard let initial = name.first, !initial.isNumber else { return nil }
                steps.append(.member(String(name)))
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                rest = rest.dropFirst()
                if let quote = rest.first, quote == "'" || quote == "\"" {
                    rest = rest.dropFirst()
                    guard let end = rest.firstIndex(of: quote), !rest[..<end].contains("\\") else { return nil }
                    steps.append(.member(String(rest[..<end])))
                    rest = rest[rest.index(after: end)...]
                } else {
                    let digits = rest.prefix { $0.isASCII && $0.isNumber }
                    guard !digits.isEmpty, let index = Int(digits) else { return nil }
                    steps.append(.index(index))
                    rest = rest.dropFirst(digits.count)
                }
                guard rest.first == "]" else { return nil }
                rest = rest.dropFirst()
            } else {
                return nil
            }
        }
        return steps
    }
}
