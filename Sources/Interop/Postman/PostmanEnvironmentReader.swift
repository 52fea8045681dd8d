import Workspace

/// A Postman environment export (`--env-from`): `{"name", "values": [{key, value, enabled, type}]}`
/// as one live Lazer environment. Postman environments have no base URL; requests imported from
/// Postman carry full URLs (`{{baseUrl}}/…`), so the environment's base URL points at the variable
/// that looks like one, when there is one.
enum PostmanEnvironmentReader {
    static func read(_ source: ImportSource) throws(ImportError) -> EnvironmentImport {
        let input = try JSONInput(source, what: "Postman environment")
        let root = input.root
        guard root.isObject, let values = root["values"], values.isArray else {
            throw ImportError(
                "expected a Postman environment: a JSON object with a \"values\" array", at: root.location)
        }
        var report = ImportReport()
        let placeholders = PostmanPlaceholders()
        var variables: [Variable] = []
        for item in values.items {
            guard let key = item["key"]?.text, !key.isEmpty else {
                report.add("value without a key", at: item.location, kept: "left out")
                continue
            }
            let name = PostmanPlaceholders.variableName(key)
            if name != key {
                report.add("variable name \"\(key)\"", at: item.location, kept: "renamed \(name)")
            }
            if item["enabled"]?.bool == false || item["disabled"]?.bool == true {
                report.add("disabled variable \"\(key)\"", at: item.location, kept: "left out")
                continue
            }
            variables.append(
                Variable(
                    name: name, value: placeholders.rewrite(item["value"]?.text ?? "", at: item.path),
                    secret: item["type"]?.string == "secret", description: item["description"]?.descriptionText))
        }
        let name = root["name"]?.text.flatMap { $0.isEmpty ? nil : $0 } ?? Importer.defaultName(for: source)
        let base = variables.first { variable in
            let lower = variable.name.lowercased()
            return ["baseurl", "base_url", "base-url", "url", "host", "api", "apiurl", "api_url"].contains(lower)
                && (variable.value.hasPrefix("http://") || variable.value.hasPrefix("https://"))
        }
        let environment = Environment(
            name: name, kind: .live, baseURL: base.map { "{{\($0.name)}}" } ?? "", variables: variables)
        return EnvironmentImport(environments: [environment], report: report)
    }
}
