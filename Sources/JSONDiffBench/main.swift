import Foundation
import JSONDiff
import JSONTree
import RegularFiles

// `make bench-jsondiff` (release): two generated 40 MB bodies (scripts/gen-jsondiff-bench.py; 1 % of
// their scalar values changed) mapped, parsed and diffed by the JSONDiff module. Prints each phase's
// time (best of 5 diffs) and the process's peak resident memory against one body's size.

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: JSONDiffBench BODIES-DIR\n".utf8))
    exit(2)
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

let clock = ContinuousClock()
let baseline = peakResidentMegabytes()
var start = clock.now
// As `lazer diff` reads them: files of a megabyte or more mapped, not read (`JSONBytes` borrowing
// the mapping, pages handed back behind the parse and the diff).
func load(_ path: String) throws -> JSONBytes? {
    switch try RegularFile.load(path, limit: 1 << 30) {
    case .bytes(let bytes): JSONBytes(bytes)
    case .mapped(let file): JSONBytes(borrowing: file.bytes, owner: file) { file.releasePages($0) }
    case nil: nil
    }
}
guard let leftBytes = try load(arguments[1] + "/left.json"), let rightBytes = try load(arguments[1] + "/right.json")
else {
    FileHandle.standardError.write(Data("JSONDiffBench: left.json or right.json missing\n".utf8))
    exit(2)
}
let readTime = milliseconds(clock.now - start)
let peakAfterRead = peakResidentMegabytes()
start = clock.now
let left = try JSONDocument(bytes: leftBytes)
let right = try JSONDocument(bytes: rightBytes)
let parseTime = milliseconds(clock.now - start)
let peakAfterParse = peakResidentMegabytes()

var best = Double.infinity
var counts = JSONDiffCounts()
for _ in 0..<5 {
    start = clock.now
    // One result alive at a time: the peak is one diff's.
    counts = JSONDiff.compare(left, right).counts
    best = min(best, milliseconds(clock.now - start))
}
let body = Double(leftBytes.count) / 1_048_576
let peak = peakResidentMegabytes()
print(
    String(
        format: "bodies %.1f MB + %.1f MB, %d + %d tape entries; map %.0f ms, parse both %.0f ms",
        body, Double(rightBytes.count) / 1_048_576, left.tapeCount, right.tapeCount, readTime, parseTime))
print(
    "changes: \(counts.total) (\(counts.changed) changed, \(counts.added) added, "
        + "\(counts.removed) removed)")
print(String(format: "diff: %.0f ms (best of 5; goal <= 1000 ms)", best))
print(
    String(
        format: "peak RSS %.0f MB = %.2f x one body (goal <= 3); process baseline %.0f MB, peak after mapping %.0f MB, "
            + "after parsing %.0f MB", peak, peak / body, baseline, peakAfterRead, peakAfterParse))
