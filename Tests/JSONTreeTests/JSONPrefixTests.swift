import JSONTree
import Testing

@Suite("a JSON text's arrived part as a document")
struct JSONPrefixTests {
    /// The document of the first `length` bytes of `text`, compact.
    static func completed(_ text: String, _ length: Int? = nil) -> String? {
        let bytes = Array(text.utf8)
        guard let prefix = JSONPrefix(Array(bytes.prefix(length ?? bytes.count))) else { return nil }
        return JSONPrinter.string(prefix.document, options: .compact)
    }

    @Test(
        "each prefix keeps the complete values and closes what is open",
        arguments: [
            (#"{"a":1,"b":"#, #"{"a":1}"#),
            (#"{"a":1,"#, #"{"a":1}"#),
            (#"{"a""#, "{}"),
            ("[", "[]"),
            ("[1,2", "[1]"),
            ("[1,2,", "[1,2]"),
            (#"{"a":{"b":1,"c""#, #"{"a":{"b":1}}"#),
            (#"[{"a":1},{"b""#, #"[{"a":1},{}]"#),
            (#"[{"a":1},{"b":[true,nu"#, #"[{"a":1},{"b":[true]}]"#),
            (#"["x,y","{[","tail"#, #"["x,y","{["]"#),
            (#"["a\"],[\\","b"#, #"["a\"],[\\"]"#),
            ("  \n [ [ ] , [", "[[],[]]"),
        ])
    func cuts(_ text: String, _ expected: String) {
        #expect(Self.completed(text) == expected)
    }

    @Test("nothing to show: no container open yet, a scalar arriving, text that is not JSON")
    func nothing() {
        #expect(Self.completed("") == nil)
        #expect(Self.completed("   ") == nil)
        #expect(Self.completed(#""a long str"#) == nil)
        #expect(Self.completed("12345") == nil)
        #expect(Self.completed("[1,,2") == nil)
        #expect(Self.completed("[1}") == nil)
        #expect(Self.completed("<html>") == nil)
    }

    @Test("a whole text is kept whole; what follows its value is left out")
    func whole() throws {
        let text = #"{"a":[1,2,{"b":null}],"c":"d"}"#
        let bytes = Array(text.utf8)
        let prefix = try #require(JSONPrefix(bytes))
        #expect(prefix.keptCount == bytes.count)
        #expect(prefix.openContainers == 0)
        #expect(prefix.document == (try JSONDocument(bytes: bytes)))
        #expect(Self.completed(text + "\n garbage") == text)
    }

    @Test("every prefix of random texts: kept bytes never shrink, and each node is the whole text's at its index")
    func randomPrefixes() throws {
        var random = SplitMix(seed: 0x31)
        for _ in 0..<20 {
            let text = "[" + (0..<4).map { _ in RandomJSON.value(&random, depth: 0) }.joined(separator: ", ") + "]"
            let bytes = Array(text.utf8)
            let whole = try JSONDocument(bytes: bytes)
            var kept = 0
            for length in 1...bytes.count {
                let prefix = try #require(JSONPrefix(Array(bytes.prefix(length))), "\(text) cut at \(length)")
                #expect(prefix.keptCount >= kept)
                kept = prefix.keptCount
                // Every value of the shorter document is the whole text's value at the same tape
                // index: same place, same kind, same text for scalars.
                func visit(_ node: JSONNode) {
                    #expect(prefix.document.jsonPath(node) == whole.jsonPath(node))
                    #expect(prefix.document.kind(node) == whole.kind(node))
                    if prefix.document.kind(node) != .array, prefix.document.kind(node) != .object {
                        #expect(prefix.document.rawText(node) == whole.rawText(node))
                    }
                    for child in prefix.document.children(node) { visit(child) }
                }
                visit(prefix.document.root)
            }
            #expect(kept == bytes.count)
        }
    }

    @Test("a tree's folds and rows carry over to a longer prefix and to the whole text")
    func foldsCarry() throws {
        let text = #"{"users":[{"name":"ada","tags":["x"]},{"name":"bob","tags":["y","z"]}],"count":2}"#
        let bytes = Array(text.utf8)
        let short = try #require(JSONPrefix(Array(bytes.prefix(40))))
        var view = JSONTreeView(document: short.document)
        let users = try #require(short.document.child(short.document.root, key: "users"))
        view.expand(users)
        let first = try #require(short.document.child(users, at: 0))
        view.expand(first)
        let before = view.rows(from: 0, count: 100).filter { !$0.isClosing }.map(\.node)
        let whole = try JSONDocument(bytes: bytes)
        let carried = JSONTreeView(document: whole, carrying: view)
        #expect(carried.isExpanded(users))
        #expect(carried.isExpanded(first))
        let after = carried.rows(from: 0, count: 100).filter { !$0.isClosing }.map(\.node)
        #expect(Array(after.prefix(before.count)) == before)
        #expect(carried.rowCount > view.rowCount)
    }
}
