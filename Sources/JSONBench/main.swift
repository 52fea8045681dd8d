import BenchSupport
import Foundation
import JSONTree

/// `make bench-json`: JSONTree against Foundation's JSONSerialization and jq on the three
/// generated 40 MB bodies. Release build only; numbers are best-of-N wall-clock times, with the
/// thread CPU time beside them because the benchmark machine is shared (BenchSupport's clock).

/// Children's user+system CPU seconds so far.
func childrenCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Runs a whole process with stdout to /dev/null; returns its wall and CPU time.
func processTime(_ executable: String, _ arguments: [String]) -> (wall: Double, cpu: Double)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    let cpuStart = childrenCPU()
    let start = DispatchTime.now().uptimeNanoseconds
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, childrenCPU() - cpuStart)
}

func mbps(_ bytes: Int, _ seconds: Double) -> String { String(format: "%.0f MB/s", Double(bytes) / seconds / 1e6) }
func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }

let arguments = CommandLine.arguments
// `JSONBench --profile parse|print|query|search FILE`: repeat one operation (for perf record).
if arguments.count == 4, arguments[1] == "--profile", let data = FileManager.default.contents(atPath: arguments[3]) {
    let bytes = [UInt8](data)
    let document = try JSONDocument(bytes: bytes)
    let path = try JSONPath("$[*].meta.nested.x")
    var total = 0
    let time = best(10) {
        switch arguments[2] {
        case "parse": total += (try? JSONDocument(bytes: bytes))?.tapeCount ?? 0
        case "print": JSONPrinter.write(document) { total += $0.count }
        case "search":
            guard var search = try? JSONSearch(document: document, query: JSONSearchQuery("omega")) else { return }
            total += search.all().count
        default: total += path.select(in: document).count
        }
    }
    print("\(arguments[2]): best \(ms(time.wall)) [CPU \(ms(time.cpu))] \(total)")
    exit(0)
}
// `JSONBench --index FILE…`: the index build of each file, best of ROUNDS (default 10), in the format
// of `scripts/bench-simdjson.cpp` (`make bench-json-index` sets the two side by side).
if arguments.count >= 3, arguments[1] == "--index" {
    let rounds = Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "") ?? 10
    // PREPASS=0 measures the parse without the vector pre-pass, INDEX=0 without the structural
    // index (the byte-at-a-time parser): what each gains, in one run.
    var options = JSONParseOptions.strict
    options.usesVectorPrepass = ProcessInfo.processInfo.environment["PREPASS"] != "0"
    options.usesStructuralIndex = ProcessInfo.processInfo.environment["INDEX"] != "0"
    for path in arguments.dropFirst(2) {
        guard let data = FileManager.default.contents(atPath: path), case let bytes = [UInt8](data),
            let first = try? JSONDocument(bytes: bytes, options: options)
        else {
            print("\(path): does not parse")
            exit(1)
        }
        var tapes = 0
        let time = best(rounds) { tapes &+= (try? JSONDocument(bytes: bytes, options: options))?.tapeCount ?? 0 }
        precondition(tapes > 0)
        print("\(path): best \(ms(time.wall)) [CPU \(ms(time.cpu))] \(first.childCount(first.root))")
    }
    exit(0)
}
guard arguments.count >= 2 else {
    print("usage: JSONBench BODY_DIR [jq path]")
    exit(2)
}
let directory = arguments[1]
let jq = arguments.count > 2 ? arguments[2] : "/usr/bin/jq"
let runs = Int(ProcessInfo.processInfo.environment["BENCH_RUNS"] ?? "") ?? 5

print("JSONTree benchmark — \(ProcessInfo.processInfo.activeProcessorCount) cores, best of \(runs) runs")
print("")
print("Wall-clock time on a shared machine is noisy; CPU time (in brackets) is what the code costs.")
print("")
print(
    "| body | JSONTree index build | JSONSerialization | speed-up | index memory | pretty print | jq . (whole process) |"
)
print("|---|---|---|---|---|---|---|")
func cell(_ bytes: Int, _ time: BenchTime) -> String {
    "\(mbps(bytes, time.wall)) [\(mbps(bytes, time.cpu))]"
}
var apiDocument: JSONDocument?
var apiBytes: [UInt8] = []
for name in ["api", "numbers", "strings"] {
    let path = "\(directory)/\(name).json"
    guard let data = FileManager.default.contents(atPath: path) else {
        print("missing \(path): run scripts/gen-json-bodies.py first")
        exit(1)
    }
    let bytes = [UInt8](data)
    var document: JSONDocument?
    let parse = best(runs) { document = try? JSONDocument(bytes: bytes) }
    guard let document else {
        print("\(path) did not parse")
        exit(1)
    }
    if name == "api" {
        apiDocument = document
        apiBytes = bytes
    }
    let foundation = best(2) { _ = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) }
    var printedBytes = 0
    let pretty = best(runs) {
        printedBytes = 0
        JSONPrinter.write(document, options: JSONPrintOptions(indent: 2)) { printedBytes += $0.count }
    }
    var jqTime = (wall: Double.infinity, cpu: Double.infinity)
    for _ in 0..<2 {
        if let time = processTime(jq, [".", path]) {
            jqTime = (min(jqTime.wall, time.wall), min(jqTime.cpu, time.cpu))
        }
    }
    let memory = Double(document.indexMemory) / Double(bytes.count)
    let speedUp = String(format: "%.0f× [%.0f×]", foundation.wall / parse.wall, foundation.cpu / parse.cpu)
    print(
        "| \(name) (\(bytes.count / 1_000_000) MB) | \(cell(bytes.count, parse)) | \(cell(bytes.count, foundation)) "
            + "| \(speedUp) | \(String(format: "%.2f×", memory)) body | \(cell(bytes.count, pretty)) "
            + "| \(jqTime.wall.isFinite ? cell(bytes.count, BenchTime(wall: jqTime.wall, cpu: jqTime.cpu)) : "n/a") |")
}

if let document = apiDocument {
    print("")
    print("API-like body (\(document.childCount(document.root)) objects):")
    var selected = 0
    let query = best(runs) {
        guard let path = try? JSONPath("$[*].meta.nested.x") else { return }
        selected = path.select(in: document).count
    }
    print("- `$[*].meta.nested.x`: \(ms(query.wall)) [CPU \(ms(query.cpu))] (\(selected) nodes)")
    var rows: [JSONTreeRow] = []
    let freshForRows = (try? JSONDocument(bytes: apiBytes)) ?? document
    let firstRows = best(1) {
        var view = JSONTreeView(document: freshForRows)
        view.expandAll()
        rows = view.rows(from: 0, count: 60)
    }
    print("- fully expanded tree (fresh document), first 60 visible rows: \(ms(firstRows.wall)) (\(rows.count) rows)")
    var expandedView = JSONTreeView(document: document)
    expandedView.expandAll()
    let middle = best(runs) { rows = expandedView.rows(from: expandedView.rowCount / 2, count: 60) }
    print("- fully expanded tree, 60 rows from the middle (\(expandedView.rowCount) rows in all): \(ms(middle.wall))")
    // A fresh parse: the first jump into the root uses only what the parser recorded.
    let fresh = (try? JSONDocument(bytes: apiBytes)) ?? document
    var collapsed = JSONTreeView(document: fresh)
    let expandRoot = best(1) {
        collapsed.expand(fresh.root)
        rows = collapsed.rows(from: collapsed.rowCount - 60, count: 60)
    }
    print(
        "- root expanded (\(document.childCount(document.root)) children), jump to the end, first time: \(ms(expandRoot.wall))"
    )
    let jumpAgain = best(runs) { rows = collapsed.rows(from: collapsed.rowCount / 3, count: 60) }
    print("- root expanded, jump to any row afterwards: \(ms(jumpAgain.wall))")
    let collapseAll = best(runs) {
        expandedView.collapseAll()
        rows = expandedView.rows(from: 0, count: 60)
        expandedView.expandAll()
    }
    print("- collapse all + first rows + expand all again: \(ms(collapseAll.wall))")
    var searchHits = 0
    let search = best(2) {
        guard var search = try? JSONSearch(document: document, query: JSONSearchQuery("omega")) else { return }
        searchHits = search.all().count
    }
    print("- search \"omega\" (case-insensitive, keys and values): \(ms(search.wall)) (\(searchHits) matches)")
    var firstHits = 0
    let firstSearch = best(runs) {
        guard var search = try? JSONSearch(document: document, query: JSONSearchQuery("omega")) else { return }
        firstHits = search.next().count
    }
    print("- search, first batch (65,536 entries): \(ms(firstSearch.wall)) (\(firstHits) matches)")
}
