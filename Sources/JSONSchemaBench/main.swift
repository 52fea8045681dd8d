import BenchSupport
import Foundation
import JSONSchema
import JSONTree
import RegularFiles

// `make bench-jsonschema` (release): the JSONSchema module on the JSON-Schema-Test-Suite's required
// cases (draft 2020-12 and draft-07: each schema compiled, each instance validated) and on the
// 40 MB orders document (parse + validate, formats off), the same inputs scripts/bench-jsonschema.py
// gives the Python `jsonschema` package in the same run. Best of runs, wall and thread CPU time
// (see BenchSupport). `JSONSchemaBench --orders SUITE BODIES` validates only the orders, `--suite`
// only the suite's cases (50 runs), for a profiler.

var arguments = CommandLine.arguments
let ordersOnly = arguments.count == 4 && arguments[1] == "--orders"
let suiteOnly = arguments.count == 4 && arguments[1] == "--suite"
if ordersOnly || suiteOnly { arguments.remove(at: 1) }
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: JSONSchemaBench [--orders | --suite] SUITE-DIR BODIES-DIR\n".utf8))
    exit(2)
}
let suite = arguments[1]
let bodies = arguments[2]

@Sendable func read(_ path: String) throws -> JSONDocument {
    try JSONDocument(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
}

/// Where a URI's document is in the suite (the remotes and the meta-schemas), nil when nowhere.
@Sendable func path(of uri: String) -> String? {
    if uri == "https://json-schema.org/draft/2020-12/schema" {
        return suite + "/metaschemas/draft202012/metaschema.json"
    }
    if uri == "http://json-schema.org/draft-07/schema" { return suite + "/metaschemas/draft7/metaschema.json" }
    let prefixes = [
        ("http://localhost:1234/", suite + "/remotes/"),
        ("https://json-schema.org/draft/2020-12/meta/", suite + "/metaschemas/draft202012/vocabularies/"),
    ]
    for (prefix, folder) in prefixes where uri.hasPrefix(prefix) {
        let path = folder + uri.dropFirst(prefix.count)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
    return nil
}

/// The documents the suite's schemas reference, read and parsed once before the timing starts, as
/// the Python side builds its `referencing` registry first.
final class Remotes: @unchecked Sendable {
    var documents: [String: JSONDocument?] = [:]
}
let remotes = Remotes()
let loader: SchemaLoader = { uri in
    if let known = remotes.documents[uri] { return known }
    let document = try path(of: uri).map(read)
    remotes.documents[uri] = document
    return document
}

print("machine: \(machineLine())")
for (draft, dialect) in [("draft2020-12", SchemaDialect.draft202012), ("draft7", .draft7)] where !ordersOnly {
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
    // One untimed pass fills the remotes' cache.
    for (schema, _, _) in cases {
        _ = try? CompiledSchema(document: schema, options: SchemaOptions(dialect: dialect), loader: loader)
    }
    var agreed = 0
    let time = try best(suiteOnly ? 50 : 5) {
        agreed = 0
        for (schema, data, valid) in cases {
            let compiled = try CompiledSchema(
                document: schema, options: SchemaOptions(dialect: dialect), loader: loader)
            if compiled.isValid(data) == valid { agreed += 1 }
        }
    }
    print(
        "lazer JSONSchema: suite \(draft): \(cases.count) cases, \(agreed) as expected, best \(milliseconds(time.wall, decimals: 1)) (CPU \(milliseconds(time.cpu, decimals: 1)))"
    )
}
if suiteOnly { exit(0) }

let schema = try CompiledSchema(document: try read(bodies + "/orders.schema.json"))
var parse = BenchTime(wall: .infinity, cpu: .infinity)
var validate = BenchTime(wall: .infinity, cpu: .infinity)
var total = BenchTime(wall: .infinity, cpu: .infinity)
var valid = false
for _ in 0..<(ordersOnly ? 10 : 5) {
    var document: JSONDocument?
    let parsed = try measure {
        // Read as `lazer json --schema` reads a file (`RegularFile.read`: one buffer, no `Data` copy).
        guard let bytes = try RegularFile.read(bodies + "/orders.json", limit: 1 << 30) else { return }
        document = try JSONDocument(bytes: bytes)
    }
    guard let document else { break }
    let validated = measure { valid = schema.isValid(document) }
    parse = BenchTime(wall: min(parse.wall, parsed.wall), cpu: min(parse.cpu, parsed.cpu))
    validate = BenchTime(wall: min(validate.wall, validated.wall), cpu: min(validate.cpu, validated.cpu))
    total = BenchTime(
        wall: min(total.wall, parsed.wall + validated.wall), cpu: min(total.cpu, parsed.cpu + validated.cpu))
}
print(
    "lazer JSONSchema: orders.json (40 MB): read + parse + validate best \(milliseconds(total.wall, decimals: 0)) "
        + "(read + parse \(milliseconds(parse.wall, decimals: 0)), validate \(milliseconds(validate.wall, decimals: 0))); "
        + "CPU \(milliseconds(total.cpu, decimals: 0)) (read + parse \(milliseconds(parse.cpu, decimals: 0)), "
        + "validate \(milliseconds(validate.cpu, decimals: 0))), valid=\(valid)"
)
