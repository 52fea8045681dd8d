import Foundation
import JSONSchema
import JSONTree

// `make bench-jsonschema` (release): the JSONSchema module on the JSON-Schema-Test-Suite's required
// cases (draft 2020-12 and draft-07: each schema compiled, each instance validated) and on the
// 40 MB orders document (parse + validate, formats off), the same inputs scripts/bench-jsonschema.py
// gives the Python `jsonschema` package in the same run. Times in milliseconds, best of runs.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: JSONSchemaBench SUITE-DIR BODIES-DIR\n".utf8))
    exit(2)
}
let suite = arguments[1]
let bodies = arguments[2]

@Sendable func read(_ path: String) throws -> JSONDocument {
    try JSONDocument(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
}

let loader: SchemaLoader = { uri in
    let prefixes = [
        ("http://localhost:1234/", suite + "/remotes/"),
        ("https://json-schema.org/draft/2020-12/meta/", suite + "/metaschemas/draft202012/vocabularies/"),
    ]
    if uri == "https://json-schema.org/draft/2020-12/schema" {
        return try read(suite + "/metaschemas/draft202012/metaschema.json")
    }
    if uri == "http://json-schema.org/draft-07/schema" {
        return try read(suite + "/metaschemas/draft7/metaschema.json")
    }
    for (prefix, folder) in prefixes where uri.hasPrefix(prefix) {
        let path = folder + uri.dropFirst(prefix.count)
        return FileManager.default.fileExists(atPath: path) ? try read(path) : nil
    }
    return nil
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

let clock = ContinuousClock()
for (draft, dialect) in [("draft2020-12", SchemaDialect.draft202012), ("draft7", .draft7)] {
    // Load every case first: the timing covers compiling and validating, as the Python side does.
    var cases: [(JSONDocument, JSONDocument, Bool)] = []
    let directory = suite + "/tests/" + draft
    for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() where file.hasSuffix(".json") {
        let document = try read(directory + "/" + file)
        for group in document.children(document.root) {
            guard let schema = document.child(group, key: "schema"), let tests = document.child(group, key: "tests")
            else { continue }
            let schemaDocument = try JSONDocument(bytes: Array(document.bytes[document.byteRange(schema)]))
            for test in document.children(tests) {
                guard let data = document.child(test, key: "data"), let valid = document.child(test, key: "valid")
                else { continue }
                cases.append(
                    (
                        schemaDocument, try JSONDocument(bytes: Array(document.bytes[document.byteRange(data)])),
                        document.bool(valid) ?? false
                    ))
            }
        }
    }
    var best = Double.infinity
    var agreed = 0
    for _ in 0..<5 {
        agreed = 0
        let elapsed = try clock.measure {
            for (schema, data, valid) in cases {
                let compiled = try CompiledSchema(
                    document: schema, options: SchemaOptions(dialect: dialect), loader: loader)
                if compiled.isValid(data) == valid { agreed += 1 }
            }
        }
        best = min(best, milliseconds(elapsed))
    }
    print(
        "lazer JSONSchema: suite \(draft): \(cases.count) cases, \(agreed) as expected, best \(String(format: "%.1f", best)) ms"
    )
}

let schema = try CompiledSchema(document: try read(bodies + "/orders.schema.json"))
var parseBest = Double.infinity
var validateBest = Double.infinity
var totalBest = Double.infinity
var valid = false
for _ in 0..<5 {
    let start = clock.now
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bodies + "/orders.json")))
    let document = try JSONDocument(bytes: bytes)
    let parsed = clock.now
    valid = schema.isValid(document)
    let end = clock.now
    parseBest = min(parseBest, milliseconds(parsed - start))
    validateBest = min(validateBest, milliseconds(end - parsed))
    totalBest = min(totalBest, milliseconds(end - start))
}
print(
    "lazer JSONSchema: orders.json (40 MB): read + parse + validate best \(String(format: "%.0f", totalBest)) ms "
        + "(read + parse \(String(format: "%.0f", parseBest)), validate \(String(format: "%.0f", validateBest))), valid=\(valid)"
)
