import Workspace

/// Swagger 2.0 rewritten as the OpenAPI 3.0 document it describes, so one reader (OpenAPIKit's
/// 3.x models) serves both. OpenAPIKit reads 3.x only; this covers what an import uses: `host`,
/// `basePath` and `schemes` as servers, `body` and `formData` parameters as request bodies (with
/// `consumes`), `definitions`, `parameters` and `securityDefinitions` as components, and every
/// `#/definitions/…` reference pointed at `#/components/schemas/…`.
enum SwaggerConverter {
    static func convert(_ swagger: StoredJSON) -> StoredJSON {
        var root: [StoredJSON.Member] = [StoredJSON.Member("openapi", .string("3.0.3"))]
        root.append(
            StoredJSON.Member(
                "info",
                swagger["info"]
                    ?? .object([
                        StoredJSON.Member("title", .string("API")), StoredJSON.Member("version", .string("1")),
                    ])))
        if let host = swagger["host"]?.stringValue {
            let basePath = swagger["basePath"]?.stringValue ?? ""
            let schemes = strings(swagger["schemes"])
            let servers = (schemes.isEmpty ? ["https"] : schemes).map { scheme in
                StoredJSON.object([StoredJSON.Member("url", .string("\(scheme)://\(host)\(basePath)"))])
            }
            root.append(StoredJSON.Member("servers", .array(servers)))
        } else if let basePath = swagger["basePath"]?.stringValue {
            root.append(
                StoredJSON.Member("servers", .array([.object([StoredJSON.Member("url", .string(basePath))])])))
        }
        let consumes = strings(swagger["consumes"])
        let produces = strings(swagger["produces"])
        let sharedParameters = members(swagger["parameters"])
        var paths: [StoredJSON.Member] = []
        for path in members(swagger["paths"]) {
            var item: [StoredJSON.Member] = []
            let pathParameters = path.value["parameters"]
            for member in members(path.value) {
                switch member.key {
                case "get", "put", "post", "delete", "options", "head", "patch":
                    item.append(
                        StoredJSON.Member(
                            member.key,
                            operation(
                                member.value, pathParameters: pathParameters, consumes: consumes, produces: produces,
                                shared: sharedParameters)))
                case "parameters":
                    item.append(
                        StoredJSON.Member("parameters", .array(plainParameters(member.value, shared: sharedParameters)))
                    )
                default:
                    item.append(member)
                }
            }
            paths.append(StoredJSON.Member(path.key, .object(item)))
        }
        root.append(StoredJSON.Member("paths", .object(paths)))
        var components: [StoredJSON.Member] = []
        if let definitions = swagger["definitions"] { components.append(StoredJSON.Member("schemas", definitions)) }
        let converted = sharedParameters.compactMap { member -> StoredJSON.Member? in
            let location = member.value["in"]?.stringValue
            guard location != "body", location != "formData" else { return nil }
            return StoredJSON.Member(member.key, parameter(member.value))
        }
        if !converted.isEmpty { components.append(StoredJSON.Member("parameters", .object(converted))) }
        let schemes = members(swagger["securityDefinitions"]).map {
            StoredJSON.Member($0.key, securityScheme($0.value))
        }
        if !schemes.isEmpty { components.append(StoredJSON.Member("securitySchemes", .object(schemes))) }
        if !components.isEmpty { root.append(StoredJSON.Member("components", .object(components))) }
        for key in ["security", "tags", "externalDocs"] {
            if let value = swagger[key] { root.append(StoredJSON.Member(key, value)) }
        }
        return rewriteReferences(.object(root))
    }

    private static func operation(
        _ value: StoredJSON, pathParameters: StoredJSON?, consumes: [String], produces: [String],
        shared: [StoredJSON.Member]
    ) -> StoredJSON {
        var result: [StoredJSON.Member] = []
        let all = resolved(pathParameters, shared: shared) + resolved(value["parameters"], shared: shared)
        let mediaTypes = strings(value["consumes"]).isEmpty ? consumes : strings(value["consumes"])
        var bodySchema: StoredJSON?
        var formProperties: [StoredJSON.Member] = []
        var formRequired: [StoredJSON] = []
        var hasFile = false
        for parameter in all {
            switch parameter["in"]?.stringValue {
            case "body": bodySchema = parameter["schema"] ?? .object([])
            case "formData":
                let name = parameter["name"]?.stringValue ?? ""
                if parameter["type"]?.stringValue == "file" {
                    hasFile = true
                    formProperties.append(
                        StoredJSON.Member(
                            name,
                            .object([
                                StoredJSON.Member("type", .string("string")),
                                StoredJSON.Member("format", .string("binary")),
                            ])))
                } else {
                    formProperties.append(StoredJSON.Member(name, schemaFields(parameter)))
                }
                if parameter["required"] == .bool(true) { formRequired.append(.string(name)) }
            default: break
            }
        }
        for member in members(value) {
            switch member.key {
            case "parameters":
                let plain = all.filter { $0["in"]?.stringValue != "body" && $0["in"]?.stringValue != "formData" }
                if !plain.isEmpty { result.append(StoredJSON.Member("parameters", .array(plain.map(parameter)))) }
            case "consumes", "produces", "schemes": break
            case "responses":
                let types = strings(value["produces"]).isEmpty ? produces : strings(value["produces"])
                result.append(
                    StoredJSON.Member(
                        "responses", responses(member.value, produces: types.isEmpty ? ["application/json"] : types)))
            default: result.append(member)
            }
        }
        if result.first(where: { $0.key == "responses" }) == nil {
            result.append(StoredJSON.Member("responses", .object([])))
        }
        if let bodySchema {
            let types = mediaTypes.isEmpty ? ["application/json"] : mediaTypes
            let content = types.map { StoredJSON.Member($0, .object([StoredJSON.Member("schema", bodySchema)])) }
            result.append(StoredJSON.Member("requestBody", .object([StoredJSON.Member("content", .object(content))])))
        } else if !formProperties.isEmpty {
            var schema = [
                StoredJSON.Member("type", .string("object")), StoredJSON.Member("properties", .object(formProperties)),
            ]
            if !formRequired.isEmpty { schema.append(StoredJSON.Member("required", .array(formRequired))) }
            let type =
                hasFile || mediaTypes.contains("multipart/form-data")
                ? "multipart/form-data" : "application/x-www-form-urlencoded"
            result.append(
                StoredJSON.Member(
                    "requestBody",
                    .object([
                        StoredJSON.Member(
                            "content",
                            .object([StoredJSON.Member(type, .object([StoredJSON.Member("schema", .object(schema))]))]))
                    ])))
        }
        return .object(result)
    }

    /// A 2.0 response (`schema` beside `description`) as a 3.0 one: the schema as the content of
    /// each media type the operation produces (what a contract checks a response against).
    private static func responses(_ value: StoredJSON, produces: [String]) -> StoredJSON {
        .object(
            members(value).map { member in
                guard member.value["$ref"] == nil else {
                    return StoredJSON.Member(member.key, .object([StoredJSON.Member("description", .string(""))]))
                }
                var response = [StoredJSON.Member("description", member.value["description"] ?? .string(""))]
                if let schema = member.value["schema"] {
                    let content = produces.map { StoredJSON.Member($0, .object([StoredJSON.Member("schema", schema)])) }
                    response.append(StoredJSON.Member("content", .object(content)))
                }
                return StoredJSON.Member(member.key, .object(response))
            })
    }

    /// Parameters with `$ref`s to the document's shared ones replaced by the parameter itself.
    private static func resolved(_ value: StoredJSON?, shared: [StoredJSON.Member]) -> [StoredJSON] {
        guard case .array(let items)? = value else { return [] }
        return items.map { item in
            if let reference = item["$ref"]?.stringValue, reference.hasPrefix("#/parameters/") {
                let name = String(reference.dropFirst("#/parameters/".count))
                return shared.first { $0.key == name }?.value ?? item
            }
            return item
        }
    }

    private static func plainParameters(_ value: StoredJSON, shared: [StoredJSON.Member]) -> [StoredJSON] {
        resolved(value, shared: shared).filter {
            $0["in"]?.stringValue != "body" && $0["in"]?.stringValue != "formData"
        }
        .map(parameter)
    }

    /// A 2.0 non-body parameter (type fields beside `name`/`in`) as a 3.0 one (a `schema`).
    private static func parameter(_ value: StoredJSON) -> StoredJSON {
        guard value["$ref"] == nil else { return value }
        var result: [StoredJSON.Member] = []
        for key in ["name", "in", "description", "required", "deprecated", "allowEmptyValue"] {
            if let field = value[key] { result.append(StoredJSON.Member(key, field)) }
        }
        if value["in"]?.stringValue == "path", value["required"] == nil {
            result.append(StoredJSON.Member("required", .bool(true)))
        }
        result.append(StoredJSON.Member("schema", schemaFields(value)))
        if let example = value["x-example"] { result.append(StoredJSON.Member("example", example)) }
        return .object(result)
    }

    private static func schemaFields(_ value: StoredJSON) -> StoredJSON {
        var schema: [StoredJSON.Member] = []
        for key in [
            "type", "format", "items", "default", "enum", "minimum", "maximum", "pattern", "minLength", "maxLength",
        ] {
            if var field = value[key] {
                if key == "type", field.stringValue == "file" { field = .string("string") }
                schema.append(StoredJSON.Member(key, field))
            }
        }
        return .object(schema)
    }

    private static func securityScheme(_ value: StoredJSON) -> StoredJSON {
        var result: [StoredJSON.Member] = []
        switch value["type"]?.stringValue {
        case "basic":
            result = [StoredJSON.Member("type", .string("http")), StoredJSON.Member("scheme", .string("basic"))]
        case "apiKey":
            result = [
                StoredJSON.Member("type", .string("apiKey")),
                StoredJSON.Member("name", value["name"] ?? .string("api_key")),
                StoredJSON.Member("in", value["in"] ?? .string("header")),
            ]
        case "oauth2":
            let flowName: String
            switch value["flow"]?.stringValue {
            case "implicit": flowName = "implicit"
            case "password": flowName = "password"
            case "application": flowName = "clientCredentials"
            default: flowName = "authorizationCode"
            }
            var flow: [StoredJSON.Member] = []
            if flowName == "implicit" || flowName == "authorizationCode" {
                flow.append(
                    StoredJSON.Member(
                        "authorizationUrl", value["authorizationUrl"] ?? .string("https://example.invalid/authorize")))
            }
            if flowName != "implicit" {
                flow.append(
                    StoredJSON.Member("tokenUrl", value["tokenUrl"] ?? .string("https://example.invalid/token")))
            }
            flow.append(StoredJSON.Member("scopes", value["scopes"] ?? .object([])))
            result = [
                StoredJSON.Member("type", .string("oauth2")),
                StoredJSON.Member("flows", .object([StoredJSON.Member(flowName, .object(flow))])),
            ]
        default:
            result = [StoredJSON.Member("type", value["type"] ?? .string("apiKey"))]
        }
        if let description = value["description"] { result.append(StoredJSON.Member("description", description)) }
        return .object(result)
    }

    /// Every `#/definitions/X` reference as `#/components/schemas/X` (and shared parameters likewise).
    private static func rewriteReferences(_ value: StoredJSON) -> StoredJSON {
        switch value {
        case .object(let members):
            return .object(
                members.map { member in
                    if member.key == "$ref", let text = member.value.stringValue {
                        var reference = text
                        if reference.hasPrefix("#/definitions/") {
                            reference = "#/components/schemas/" + reference.dropFirst("#/definitions/".count)
                        } else if reference.hasPrefix("#/parameters/") {
                            reference = "#/components/parameters/" + reference.dropFirst("#/parameters/".count)
                        }
                        return StoredJSON.Member("$ref", .string(reference))
                    }
                    return StoredJSON.Member(member.key, rewriteReferences(member.value))
                })
        case .array(let items): return .array(items.map(rewriteReferences))
        default: return value
        }
    }

    private static func members(_ value: StoredJSON?) -> [StoredJSON.Member] {
        if case .object(let members)? = value { return members }
        return []
    }

    private static func strings(_ value: StoredJSON?) -> [String] {
        if case .array(let items)? = value { return items.compactMap(\.stringValue) }
        return []
    }
}
