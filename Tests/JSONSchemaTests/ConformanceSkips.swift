/// Required suite cases the validator does not pass yet, each with its reason. Kept equal to
/// the table in docs/jsonschema-conformance.md; the conformance test fails on a stale entry.
enum ConformanceSkips {
    static let required: [String: [String: String]] = [
        "draft2020-12": [:],
        "draft7": [:],
    ]
}
