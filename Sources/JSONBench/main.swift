import Foundation
import JSONTree

let path = CommandLine.arguments[1]
let data = try Data(contentsOf: URL(fileURLWithPath: path))
let bytes = [UInt8](data)
func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
var best = Double.infinity
var doc: JSONDocument?
for _ in 0..<5 {
    let t0 = now()
    doc = try JSONDocument(bytes: bytes)
    best = min(best, now() - t0)
}
print(
    "parse: \(Double(bytes.count) / best / 1e6) MB/s, tape \(doc?.indexMemory ?? 0) bytes (\(Double(doc?.indexMemory ?? 0) / Double(bytes.count))x)"
)
