import Foundation
import JSONTree
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Workspace

/// Reads an OpenAPI 3.0 / 3.1 / 3.2 document (JSON or YAML) or a Swagger 2.0 one into OpenAPIKit's
/// 3.1 model: 3.0 through OpenAPIKitCompat, 2.0 first rewritten as 3.0 by `SwaggerConverter`.
/// Syntax errors point at a line and column; model errors at the document path OpenAPIKit names.
enum OpenAPIDocumentLoader {
    struct Loaded {
        var document: OpenAPIKit.OpenAPI.Document
        /// `2.0`, `3.0.3`, `3.1.0`… as the file declared it.
        var declaredVersion: String
        /// The paths in file order: OpenAPIKit's decoded maps follow the decoder's key order,
        /// which is not the file's (nor the same from one run to the next).
        var pathOrder: [String]
        /// Dangling references, positioned: undefined security schemes (removed before decoding,
        /// which would refuse the whole document for one) and local `$ref`s that lead nowhere.
        var dangling: [(what: String, location: ImportLocation, kept: String)] = []
        /// The document as OpenAPI 3 JSON (Swagger 2.0 converted, YAML as JSON): the contract the
        /// imported collection keeps beside it.
        var contractJSON: [UInt8] = []
    }

    static func load(_ source: ImportSource) throws(ImportError) -> Loaded {
        let text = source.text
        let isJSON = text.first { !$0.isWhitespace } == "{"
        var jsonInput: JSONInput?
        let version: String
        let bytes: Data
        let order: [String]
        var dangling: [OpenAPIReferenceCheck.Dangling] = []
        if isJSON, let direct = try direct(source, input: &jsonInput, dangling: &dangling) {
            // A 3.x JSON document goes to the decoder as it is: no copy of the tree is built.
            (version, bytes, order) = direct
        } else {
            var tree: StoredJSON
            if let jsonInput {
                tree = jsonInput.root.stored
            } else {
                tree = try YAMLTree.parse(text, file: source.name)
                dangling =
                    OpenAPIReferenceCheck.danglingSecurity(in: tree)
                    + OpenAPIReferenceCheck.danglingReferences(in: tree)
            }
            if dangling.contains(where: \.isSecurity) {
                tree = OpenAPIReferenceCheck.removingDanglingSecurity(tree)
            }
            var model: StoredJSON
            (version, model) = try versioned(tree, file: source.name)
            model = stringifyingVersions(model)
            bytes = Data(model.compact().utf8)
            order = pathOrder(model)
        }
        do {
            let decoder = JSONDecoder()
            // Vendor extensions (`x-…`) are not imported; reading them decodes every object a second
            // time as `AnyCodable`, over half of a large document's decoding time.
            decoder.userInfo[OpenAPIKit.VendorExtensionsConfiguration.enabledKey] = false
            let found = dangling.map { item in
                (item.what, located(item.path, source: source, input: jsonInput), item.kept)
            }
            if version.hasPrefix("3.0") || version.hasPrefix("2.") {
                let document = try decoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: bytes)
                return Loaded(
                    document: document.convert(to: .v3_1_1), declaredVersion: version, pathOrder: order,
                    dangling: found, contractJSON: Array(bytes))
            }
            let document = try decoder.decode(OpenAPIKit.OpenAPI.Document.self, from: bytes)
            return Loaded(
                document: document, declaredVersion: version, pathOrder: order, dangling: found,
                contractJSON: Array(bytes))
        } catch {
            let described = OpenAPIKit.OpenAPI.Error(from: error)
            let path = described.codingPath.map { key in
                key.intValue.map { "[\($0)]" } ?? key.stringValue
            }
            var location = ImportLocation(file: source.name, path: joinPath(path))
            if let jsonInput, !version.hasPrefix("2."), let value = locate(path, in: jsonInput.root) {
                location = value.location
                location.path = joinPath(path)
            }
            // OpenAPIKit's message spans lines ("…paths['/a']. \n\nPathItem could not be decoded
            // because:\nExpected…"): one line, for a positioned one-line error.
            let message = described.localizedDescription.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
            throw ImportError("not a valid OpenAPI \(version) document: \(message)", at: location)
        }
    }

    /// A JSON document with `"openapi": "3…"` and a string `info.version`: its version, bytes and
    /// path order read off the parsed source. Nil when it needs rewriting first (Swagger 2.0, a
    /// number where OpenAPI wants text), or is not an object.
    private static func direct(
        _ source: ImportSource, input: inout JSONInput?, dangling: inout [OpenAPIReferenceCheck.Dangling]
    ) throws(ImportError) -> (String, Data, [String])? {
        let parsed = try JSONInput(source, what: "OpenAPI document")
        input = parsed
        let root = parsed.root
        // Read off the source as written (a Swagger document before it is rewritten).
        let security = OpenAPIReferenceCheck.danglingSecurity(in: root)
        dangling = security + OpenAPIReferenceCheck.danglingReferences(in: root)
        guard root.isObject, security.isEmpty, root["swagger"] == nil, let version = root["openapi"]?.string,
            version.hasPrefix("3."),
            root["info"]?["version"]?.kind != .number
        else { return nil }
        return (version, Data(source.bytesWithoutBOM), root["paths"]?.members.map(\.key) ?? [])
    }

    /// The declared version, and the document as OpenAPI 3 (Swagger 2.0 converted).
    private static func versioned(_ tree: StoredJSON, file: String) throws(ImportError) -> (String, StoredJSON) {
        guard case .object = tree else {
            throw ImportError(
                "expected an OpenAPI document: a mapping with \"openapi\" or \"swagger\"", file: file, line: 1,
                column: 1)
        }
        if let swagger = tree["swagger"] {
            let version = swagger.stringValue ?? number(swagger) ?? "?"
            guard version.hasPrefix("2.") else {
                throw ImportError(
                    "swagger \(version) is not supported (Swagger 2.0 and OpenAPI 3.x are)", file: file,
                    path: "swagger")
            }
            return (version, SwaggerConverter.convert(tree))
        }
        if let openapi = tree["openapi"] {
            let version = openapi.stringValue ?? number(openapi) ?? "?"
            guard version.hasPrefix("3.") else {
                throw ImportError(
                    "openapi \(version) is not supported (Swagger 2.0 and OpenAPI 3.x are)", file: file,
                    path: "openapi")
            }
            return (version, tree)
        }
        throw ImportError(
            "expected an OpenAPI document: no \"openapi\" or \"swagger\" version field", file: file, line: 1,
            column: 1)
    }

    private static func pathOrder(_ tree: StoredJSON) -> [String] {
        guard case .object(let members)? = tree["paths"] else { return [] }
        return members.map(\.key)
    }

    /// YAML reads `version: 1.0` as a number; OpenAPI means the text.
    private static func stringifyingVersions(_ tree: StoredJSON) -> StoredJSON {
        guard case .object(var members) = tree else { return tree }
        for index in members.indices {
            if members[index].key == "openapi", case .number(let text) = members[index].value {
                members[index].value = .string(text)
            }
            if members[index].key == "info", case .object(var info) = members[index].value {
                for infoIndex in info.indices where info[infoIndex].key == "version" {
                    if case .number(let text) = info[infoIndex].value { info[infoIndex].value = .string(text) }
                }
                members[index].value = .object(info)
            }
        }
        return .object(members)
    }

    private static func number(_ value: StoredJSON) -> String? {
        if case .number(let text) = value { return text }
        return nil
    }

    private static func joinPath(_ components: [String]) -> String {
        var result = ""
        for component in components {
            if component.hasPrefix("[") {
                result += component
            } else {
                result += result.isEmpty ? component : "." + component
            }
        }
        return result
    }

    /// Where `path` is: its line and column in a JSON source (the deepest value found along it),
    /// the document path alone in a YAML one.
    private static func located(_ path: [String], source: ImportSource, input: JSONInput?) -> ImportLocation {
        var location = ImportLocation(file: source.name, path: joinPath(path))
        if let input, let value = locate(path, in: input.root) {
            location = value.location
            location.path = joinPath(path)
        }
        return location
    }

    /// The deepest value along `path` in a JSON source, for the line of a model error.
    private static func locate(_ path: [String], in root: JSONValue) -> JSONValue? {
        var current = root
        for component in path {
            if component.hasPrefix("["), let index = Int(component.dropFirst().dropLast()) {
                let items = current.items
                guard index < items.count else { break }
                current = items[index]
            } else if let next = current[component] {
                current = next
            } else {
                break
            }
        }
        return current
    }
}
