import JSONSchema
import Testing

/// The official JSON-Schema-Test-Suite (fetched by `scripts/fetch-jsonschema-suite.sh`): every
/// required case of draft 2020-12 and draft-07 must give the expected verdict, except those in
/// `ConformanceSkips` (each with its reason, as in docs/jsonschema-conformance.md).
@Suite("JSON-Schema-Test-Suite conformance")
struct ConformanceTests {
    @Test(
        "every required case of each draft passes, skips aside",
        arguments: [
            ("draft2020-12", SchemaDialect.draft202012), ("draft7", SchemaDialect.draft7),
        ])
    func required(draft: String, dialect: SchemaDialect) throws {
        let suite = try SchemaSuite.load()
        let cases = try suite.cases(draft: draft)
        #expect(cases.count > 900, "the suite looks incomplete: \(cases.count) cases")
        let skips = ConformanceSkips.required[draft] ?? [:]
        var failures: [String] = []
        var skipped = Set<String>()
        for test in cases {
            let outcome = suite.verdict(test, dialect: dialect)
            let passed = (try? outcome.get()) == test.valid
            if skips[test.name] != nil {
                skipped.insert(test.name)
                continue
            }
            if !passed {
                switch outcome {
                case .success(let verdict): failures.append("\(test.name): said \(verdict ? "valid" : "invalid")")
                case .failure(let error): failures.append("\(test.name): \(error)")
                }
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) failures:\n" + failures.joined(separator: "\n")))
        // A skip that no longer names a case is stale.
        #expect(Set(skips.keys) == skipped, "stale skips: \(Set(skips.keys).subtracting(skipped).sorted())")
    }

    /// The optional cases (and the format ones with formats asserted), counted for the doc.
    @Test("optional and format cases are counted", arguments: ["draft2020-12", "draft7"])
    func optional(draft: String) throws {
        let suite = try SchemaSuite.load()
        let dialect: SchemaDialect = draft == "draft7" ? .draft7 : .draft202012
        for (folder, formats) in [("optional", false), ("optional/format", true)] {
            let cases = try suite.cases(draft: draft, folder: folder)
            var passed = 0
            var failed: [String] = []
            for test in cases {
                if (try? suite.verdict(test, dialect: dialect, formats: formats).get()) == test.valid {
                    passed += 1
                } else {
                    failed.append(test.name)
                }
            }
            print("\(draft) \(folder): \(passed) of \(cases.count) pass")
            for name in failed { print("  fails: \(name)") }
            #expect(cases.count > 0)
        }
    }
}
