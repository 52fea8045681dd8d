// libFuzzer target for the collection loader (`make fuzz-collection`), compiled together with the
// Workspace sources by swiftc with `-sanitize=fuzzer,address`: each input is loaded the way
// `lazer validate` and the explorer load a collection file. Every diagnostic, printed as validate
// prints it, must be terminal-safe; a collection that loads is saved as the explorer saves it and
// must load again without errors, to the same collection and the same text. Any crash, hang or
// mismatch stops the run.

import TerminalText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCollection(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let first = CollectionLoader.load(bytes, file: "fuzz\u{1B}[2J.json")
    for diagnostic in first.diagnostics where !TerminalText.isSafe(TerminalText.line(diagnostic.description)) {
        fatalError("a diagnostic is not terminal-safe once rendered")
    }
    guard let collection = first.collection else { return 0 }
    // What validate and the explorer read from a loaded collection.
    let summary = "\(collection.name), \(collection.allRequests.count) requests, \(collection.environments.count)"
    if !TerminalText.isSafe(TerminalText.line(summary)) { fatalError("a summary line is not terminal-safe") }
    let saved = collection.fileText()
    let second = CollectionLoader.load(Array(saved.utf8), file: "saved.json")
    guard let again = second.collection else {
        fatalError("a saved collection does not load again: \(second.diagnostics)")
    }
    guard again.fileText() == saved else { fatalError("saving a reloaded collection changes its text") }
    guard again == collection else { fatalError("a saved collection loads as another collection") }
    return 0
}
