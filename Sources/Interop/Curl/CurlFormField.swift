import Foundation

/// curl's `-F name=content` content: a value (or `@path`, `<path`) and its `;type=` and
/// `;filename=` parameters. Read by the curl importer and by `lazer send -F`, so both take a
/// field the way curl does.
package enum CurlFormField {
    /// Splits `value;type=x;filename=y` (the value optionally in double quotes) into the value
    /// and its parameters, names lower-cased.
    package static func split(_ content: String) -> (String, [String: String]) {
        var main = ""
        var rest = Substring(content)
        if rest.first == "\"" {
            rest.removeFirst()
            while let character = rest.first {
                rest.removeFirst()
                if character == "\\", let next = rest.first {
                    main.append(next)
                    rest.removeFirst()
                } else if character == "\"" {
                    break
                } else {
                    main.append(character)
                }
            }
        } else {
            let end = rest.firstIndex(of: ";") ?? rest.endIndex
            main = String(rest[..<end])
            rest = rest[end...]
        }
        var parameters: [String: String] = [:]
        for parameter in rest.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            var parameterValue = String(pair[1])
            if parameterValue.hasPrefix("\""), parameterValue.hasSuffix("\""), parameterValue.count >= 2 {
                parameterValue = String(parameterValue.dropFirst().dropLast())
            }
            parameters[pair[0].trimmingCharacters(in: .whitespaces).lowercased()] = parameterValue
        }
        return (main, parameters)
    }
}
