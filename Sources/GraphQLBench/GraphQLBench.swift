import BenchSupport
import Foundation
import GraphQLCheck

/// `make bench-graphql` (release): GraphQL's budgets from issue 28 on a real schema — loading and
/// indexing it (read, parse, build: ≤ 150 ms for GitHub's 1.2 MB SDL) and checking a 300-line query
/// against it (≤ 5 ms), which the explorer does per keystroke. Thread CPU time is the figure held
/// against the budget; wall time beside it. The check is `GraphQLValidator` against the index;
/// GraphQLSwift's own `validate` (the tests' oracle) is timed beside it for comparison.
///
/// Usage: GraphQLBench SCHEMA QUERY
@main
struct GraphQLBench {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3 else {
            print("usage: GraphQLBench SCHEMA QUERY")
            return
        }
        let (schemaPath, queryPath) = (arguments[1], arguments[2])
        print(machineLine())
        var schema: GraphQLSchemaDocument?
        var loads: [BenchTime] = []
        for _ in 0..<10 {
            loads.append(try measure { schema = try GraphQLSchemaDocument.load(path: schemaPath) })
        }
        loads.sort { $0.cpu < $1.cpu }
        guard let schema else { return }
        report("load + index \(schemaPath) (\(schema.typeCount) types)", loads, budget: 0.150)
        let bytes = try String(contentsOfFile: queryPath, encoding: .utf8)
        let lines = bytes.split(separator: "\n", omittingEmptySubsequences: false).count
        var problems: [GraphQLProblem] = []
        let checks = runs(200) { problems = GraphQLDocumentCheck.problems(in: bytes, schema: schema) }
        report("check a \(lines)-line query (\(problems.count) problems)", checks, budget: 0.005)
        // A typo one keystroke makes: the check that runs as it is typed.
        let typo = bytes.replacingOccurrences(of: "avatarUrl", with: "avatarUr")
        let typoChecks = runs(200) { problems = GraphQLDocumentCheck.problems(in: typo, schema: schema) }
        report("the same with a typo (\(problems.count) problem)", typoChecks, budget: 0.005)
        // With a variable and a directive: their rules find something (an unused variable).
        let withVariables = bytes.replacingOccurrences(of: "query Bench {", with: "query Bench($first: Int = 5) {")
            .replacingOccurrences(of: "  viewer {", with: "  viewer @include(if: true) {")
        let variableChecks = runs(200) {
            problems = GraphQLDocumentCheck.problems(in: withVariables, schema: schema)
        }
        report("the same with a variable and a directive (\(problems.count) problems)", variableChecks, budget: 0.005)
        completion(in: bytes, schema: schema)
        agreement(on: [bytes, typo, withVariables] + shortened(bytes), schema: schema)
        // The library's validator on the same query (its schema built first, not timed), for comparison.
        _ = try? GraphQLDocumentCheck.problemsFoundByGraphQLSwift(in: bytes, schema: schema)
        let library = runs(50) { _ = try? GraphQLDocumentCheck.problemsFoundByGraphQLSwift(in: bytes, schema: schema) }
        report("for comparison, GraphQLSwift's validate on the same query", library, budget: 0.005)
    }

    /// Every seventh name of `query` one keystroke short, as a document is while typed.
    static func shortened(_ query: String) -> [String] {
        let characters = Array(query)
        var variants: [String] = []
        var names = 0
        for index in characters.indices.dropFirst().dropLast()
        where characters[index].isLetter && characters[index - 1].isLetter && !characters[index + 1].isLetter {
            names += 1
            if names % 7 == 0 { variants.append(String(characters[..<index]) + String(characters[(index + 1)...])) }
        }
        return variants
    }

    /// `GraphQLValidator` against GraphQLSwift's own `validate` (the tests' oracle) on GitHub's
    /// schema: the same problems, word for word, in every variant.
    static func agreement(on variants: [String], schema: GraphQLSchemaDocument) {
        var compared = 0
        var differing: [String] = []
        for variant in variants {
            guard let library = try? GraphQLDocumentCheck.problemsFoundByGraphQLSwift(in: variant, schema: schema)
            else {
                continue
            }
            compared += 1
            let ours = GraphQLDocumentCheck.problems(in: variant, schema: schema).map(\.description).sorted()
            if ours != library.map(\.description).sorted() { differing.append(ours.joined(separator: "; ")) }
        }
        print(
            "agreement with GraphQLSwift's validate: \(compared - differing.count) of \(compared) documents "
                + "(the query, with typos, with a variable, and names one keystroke short) give the same problems")
        for difference in differing.prefix(3) { print("  differs: \(difference)") }
    }

    /// Completion and the docs at the cursor, as the editor works them out on a key: at the start
    /// of every name in the query (each position timed once; the figure is their spread).
    static func completion(in query: String, schema: GraphQLSchemaDocument) {
        var offsets: [Int] = []
        var previous: UInt8 = 0
        for (offset, byte) in query.utf8.enumerated() {
            let isName =
                byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            let wasName =
                previous == UInt8(ascii: "_")
                || (previous | 0x20 >= UInt8(ascii: "a") && previous | 0x20 <= UInt8(ascii: "z"))
            if isName, !wasName { offsets.append(offset + 1) }
            previous = byte
        }
        var offered = 0
        var times: [BenchTime] = []
        for offset in offsets {
            times += runs(1) {
                offered += GraphQLCompletion.candidates(in: query, at: offset, index: schema.index).items.count
                _ = GraphQLDocs.at(offset, in: query, index: schema.index)
            }
        }
        times.sort { $0.cpu < $1.cpu }
        report("completion + docs at \(offsets.count) cursor positions (\(offered) candidates)", times, budget: 0.005)
    }

    static func report(_ what: String, _ times: [BenchTime], budget: Double) {
        let median = times[times.count / 2]
        let p99 = times[min(times.count - 1, times.count * 99 / 100)]
        let verdict = median.cpu <= budget ? "within" : "OVER"
        print(
            "\(what): best \(milliseconds(times[0].cpu)) CPU, median \(milliseconds(median.cpu)) CPU "
                + "(\(milliseconds(median.wall)) wall), p99 \(milliseconds(p99.cpu)) CPU — \(verdict) "
                + "the \(milliseconds(budget, decimals: 0)) budget")
    }
}
