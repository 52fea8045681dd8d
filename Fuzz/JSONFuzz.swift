// libFuzzer target for JSONTree (`make fuzz-json SECONDS=…`), compiled together with the
// JSONTree sources by swiftc with `-sanitize=fuzzer,address`. Each input is parsed strictly and
// leniently; whatever parses is printed compact and pretty, re-parsed and compared, and walked
// through the navigation, tree-view, query and search APIs; every other input is also parsed
// without the vector pre-pass and must give the same result; every input is parsed from the
// structural index and without it, which must build the same tape, and indexed by both of the
// index's kernels. Short inputs are also tried as JSONPath queries. Any mismatch stops the run
// with `fatalError`, which libFuzzer reports.

internal import CJSONKernel

/// A fixed document for fuzzed JSONPath queries.
private let queryDocument: JSONDocument? = try? JSONDocument(
    text: #"{"a":[1,{"b":"x","c":[true,null,2.5]}],"d":{"e":{"f":"g"}},"h":[[],{}],"é":-0}"#
)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Strict first; the lenient parser only when strict parsing fails (it accepts a superset).
    for options in [JSONParseOptions.strict, .lenient] {
        guard let document = try? JSONDocument(bytes: bytes, options: options) else { continue }
        checkRoundTrip(document, options: options)
        exerciseNavigation(document)
        if size % 4 == 0 { checkPadding(70_000, bytes, document: document, options: options) }
        if size % 4 == 2 { checkPadding(300, bytes, document: document, options: options) }
        break
    }
    _ = try? JSONDocument(bytes: bytes, options: JSONParseOptions(maximumDepth: 8))
    if size % 2 == 1 { checkPrepassAgrees(bytes) }
    checkIndexAgrees(bytes)
    if size < 256, let document = queryDocument, let path = try? JSONPath(String(decoding: bytes, as: UTF8.self)) {
        for node in path.select(in: document) { _ = document.jsonPath(node) }
    }
    return 0
}

/// The vector pre-pass only decides whether string scans check UTF-8: a strict parse with it and
/// without it gives the same document, or the same error at the same offset.
private func checkPrepassAgrees(_ bytes: [UInt8]) {
    var plain = JSONParseOptions.strict
    plain.usesVectorPrepass = false
    let fast = Result { () throws(JSONParseError) in try JSONDocument(bytes: bytes) }
    let slow = Result { () throws(JSONParseError) in try JSONDocument(bytes: bytes, options: plain) }
    switch (fast, slow) {
    case (.success(let one), .success(let other)):
        guard JSONPrinter.print(one, options: .compact) == JSONPrinter.print(other, options: .compact) else {
            fatalError("the pre-pass changed the document")
        }
    case (.failure(let one), .failure(let other)):
        guard one.reason == other.reason, one.offset == other.offset else {
            fatalError("the pre-pass changed the error: \(one.message) vs \(other.message)")
        }
    default:
        fatalError("the pre-pass changed whether the input parses")
    }
}

/// The indexed parse accepts exactly what the byte-at-a-time parser accepts (strict grammar, UTF-8
/// left to the pre-pass) and builds the same tape entry by entry, overflow table and checkpoints.
private func checkIndexAgrees(_ bytes: [UInt8]) {
    guard StructuralIndex.isAvailable else { return }
    checkKernelsAgree(bytes)
    var plain = JSONParseOptions(validatesUTF8: false)
    plain.usesStructuralIndex = false
    let indexed = bytes.withUnsafeBufferPointer { JSONParser.parseIndexedOnly($0) }
    guard let document = try? JSONDocument(bytes: bytes, options: plain) else {
        if indexed != nil { fatalError("the index accepted what the parser refuses") }
        return
    }
    guard let (tape, overflow, checkpoints) = indexed else { fatalError("the index declined a valid document") }
    guard tape.count == document.tape.count, (0..<tape.count).allSatisfy({ tape[$0] == document.tape[$0] }),
        overflow == document.overflow, checkpoints.entries == document.checkpoints.entries
    else { fatalError("the index built another tape") }
}

/// The AVX2 and AVX-512 index kernels write the same offsets and end in the same state (on a CPU
/// with AVX-512, where the parse itself only runs the AVX-512 one), the body cut into 64-byte pieces.
private func checkKernelsAgree(_ bytes: [UInt8]) {
    guard lazer_json_index_wide_available() != 0 else { return }
    func offsets(_ kernel: Int32) -> [UInt32] {
        var state = lazer_json_index()
        lazer_json_index_start(&state)
        var found: [UInt32] = []
        var out = [UInt32](repeating: 0, count: 128)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < bytes.count {
                let length = min(64, bytes.count - start)
                let written = lazer_json_index_read_with(&state, base + start, length, UInt32(start), &out, kernel)
                found += out[..<written]
                start += length
            }
        }
        return found + [UInt32(truncatingIfNeeded: state.in_string), UInt32(truncatingIfNeeded: state.control)]
    }
    if offsets(1) != offsets(2) { fatalError("the AVX2 and AVX-512 index kernels disagree") }
}

/// Printing then parsing must give back the same tree, compact and pretty alike.
private func checkRoundTrip(_ document: JSONDocument, options: JSONParseOptions) {
    // Lenient documents may hold invalid UTF-8; re-parse them leniently (but without comments).
    let reparseOptions = JSONParseOptions(validatesUTF8: options.validatesUTF8)
    let compact = JSONPrinter.print(document, options: .compact)
    let pretty = JSONPrinter.print(document, options: JSONPrintOptions(indent: 3))
    let sorted = JSONPrinter.print(document, options: JSONPrintOptions(indent: 0, sortKeys: true))
    guard let fromCompact = try? JSONDocument(bytes: compact, options: reparseOptions),
        let fromPretty = try? JSONDocument(bytes: pretty, options: reparseOptions),
        let fromSorted = try? JSONDocument(bytes: sorted, options: reparseOptions)
    else { fatalError("printed output does not parse") }
    guard fromCompact.tapeCount == document.tapeCount, fromPretty.tapeCount == document.tapeCount,
        fromSorted.tapeCount == document.tapeCount
    else { fatalError("round trip changed the number of nodes") }
    guard JSONPrinter.print(fromCompact, options: .compact) == compact,
        JSONPrinter.print(fromPretty, options: .compact) == compact,
        JSONPrinter.print(fromSorted, options: JSONPrintOptions(indent: 0, sortKeys: true)) == sorted
    else { fatalError("round trip changed the document") }
}

/// Whitespace after the first opening bracket and before the last closing one: wider than a
/// narrow tape block can span (64 KiB) it forces wide blocks, wider than a dense group reaches
/// (255 bytes) it turns the first block narrow after its first entry. The tree must not change,
/// and every node after the first padding must move by exactly its width.
private func checkPadding(_ width: Int, _ bytes: [UInt8], document: JSONDocument, options: JSONParseOptions) {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }), bytes[first] == 0x5B || bytes[first] == 0x7B,
        let last = bytes.lastIndex(where: { !isSpace($0) }), last > first,
        bytes[last] == 0x5D || bytes[last] == 0x7D
    else { return }
    let padding = [UInt8](repeating: 0x20, count: width)
    let padded = Array(bytes[...first]) + padding + Array(bytes[(first + 1)..<last]) + padding + Array(bytes[last...])
    guard let wide = try? JSONDocument(bytes: padded, options: options) else {
        fatalError("whitespace padding made a valid document invalid")
    }
    guard wide.tapeCount == document.tapeCount,
        JSONPrinter.print(wide, options: .compact) == JSONPrinter.print(document, options: .compact)
    else { fatalError("whitespace padding changed the document") }
    for index in stride(from: 1, to: document.tapeCount, by: max(1, document.tapeCount / 40)) {
        let node = JSONNode(index: index)
        guard !Tape.isEnd(document.tape[index]) else { continue }
        let narrowRange = document.byteRange(node)
        let wideRange = wide.byteRange(node)
        guard wideRange.lowerBound == narrowRange.lowerBound + padding.count else {
            fatalError("a node moved by other than the padding width")
        }
        _ = wide.key(node)
        _ = wide.preview(node, maxLength: 12)
    }
    exerciseNavigation(wide)
}

/// Every accessor must work on every node without crashing.
private func exerciseNavigation(_ document: JSONDocument) {
    var visited = 0
    for index in 0..<document.tapeCount where visited < 40 {
        let node = JSONNode(index: index)
        guard !Tape.isEnd(document.tape[index]) else { continue }
        visited += 1
        _ = document.key(node)
        _ = document.preview(node, maxLength: 12)
        _ = document.string(node)
        _ = try? document.int64(node)
        _ = try? document.double(node)
        _ = document.byteRange(node)
        if visited < 6 {
            _ = document.jsonPointer(node)
            if document.parent(node) == nil, index != 0 { fatalError("a non-root node has no parent") }
        }
    }
    var view = JSONTreeView(document: document)
    view.expandAll()
    guard view.rowCount == document.tapeCount else { fatalError("expanded row count differs from the tape") }
    let middle = view.rows(from: view.rowCount / 2, count: 5)
    if let row = middle.first, !row.isClosing, view.row(of: row.node) != view.rowCount / 2 {
        fatalError("row(of:) disagrees with rows(from:)")
    }
    view.collapse(document.root)
    view.toggle(JSONNode(index: document.tapeCount / 2))
    _ = view.rows(from: max(0, view.rowCount - 3), count: 5)
    if var search = try? JSONSearch(document: document, query: JSONSearchQuery("a")) { _ = search.next(budget: 64) }
    checkNumberOrder(document)
}

/// JSONPath's exact number order must agree with Double wherever two Doubles differ (rounding is
/// monotonic, so a < b as Doubles implies a < b exactly), and every parsed number must read as one.
private func checkNumberOrder(_ document: JSONDocument) {
    var previous: (decimal: JSONDecimal, value: Double)?
    var checked = 0
    for index in 0..<document.tapeCount where checked < 40 {
        let node = JSONNode(index: index)
        guard !Tape.isEnd(document.tape[index]), document.kind(node) == .number else { continue }
        checked += 1
        guard let decimal = JSONDecimal(document.bytes[document.byteRange(node)]), decimal == decimal else {
            fatalError("a parsed number does not read as a decimal")
        }
        guard let value = try? document.double(node), value.isFinite else { continue }
        if let previous {
            if previous.value < value, !(previous.decimal < decimal) { fatalError("exact order disagrees with Double") }
            if value < previous.value, !(decimal < previous.decimal) { fatalError("exact order disagrees with Double") }
        }
        previous = (decimal, value)
    }
}
