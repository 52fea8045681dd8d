// libFuzzer target for JSONPath and I-Regexp (`make fuzz-jsonpath`), compiled together with the
// JSONTree sources by swiftc with `-sanitize=fuzzer,address`. The first byte picks how the rest is
// used: as a JSONPath query (parsed, then evaluated against a fixed document, each selected node's
// normalized path parsed again and checked to select that node), or as an I-Regexp pattern and a
// subject (compiled, whole-matched and searched: the work is linear, so `-timeout` catches any
// blow-up). Any crash, hang or mismatch stops the run.

/// A fixed document for fuzzed queries: every JSON kind, nesting, non-ASCII keys and strings.
private let document: JSONDocument? = try? JSONDocument(
    text:
        #"{"a":[1,{"b":"x","c":[true,null,2.5]}],"d":{"e":{"f":"g"}},"h":[[],{}],"é":-0,"s":["abc","a\nc","Ada","aaaa"]}"#
)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = bytes.first else { return 0 }
    let rest = String(decoding: bytes.dropFirst(), as: UTF8.self)
    if mode & 1 == 0 {
        fuzzQuery(rest)
    } else {
        // Pattern and subject split at the first NUL (all pattern when there is none).
        let parts = rest.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
        let pattern = String(parts[0])
        let subject = parts.count > 1 ? String(parts[1]) : "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        if let regex = IRegexp(pattern) {
            let whole = regex.wholeMatch(subject)
            let anywhere = regex.firstMatch(subject)
            if whole && !anywhere { fatalError("a whole match that search() does not find") }
        }
    }
    return 0
}

private func fuzzQuery(_ text: String) {
    guard let document, let path = try? JSONPath(text) else { return }
    for node in path.select(in: document) {
        let normalized = document.jsonPath(node)
        guard let again = try? JSONPath(normalized) else { fatalError("a normalized path does not parse") }
        guard again.select(in: document) == [node] else { fatalError("a normalized path selects another node") }
    }
}
