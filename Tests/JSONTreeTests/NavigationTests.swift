import JSONTree
import Testing

@Suite("navigating a parsed document")
struct NavigationTests {
    let sample = """
        {"store": {"book": [{"title": "Sayings", "price": 8.95}, {"title": "Moby \\"Dick\\"", "price": 8.99}],
          "open": true, "owner": null}, "a/b~c": 1, "dup": 1, "dup": 2}
        """

    @Test("kinds, keys and child counts follow the document, in order")
    func structure() throws {
        let document = try JSONDocument(text: sample)
        let root = document.root
        #expect(document.kind(root) == .object)
        #expect(document.childCount(root) == 4)
        #expect(document.children(root).map { document.key($0) } == ["store", "a/b~c", "dup", "dup"])
        let store = try #require(document.child(root, key: "store"))
        #expect(document.children(store).map { document.kind($0) } == [JSONKind.array, .true, .null])
        let book = try #require(document.child(store, key: "book"))
        #expect(document.kind(book) == .array)
        #expect(document.childCount(book) == 2)
        #expect(document.key(root) == nil)
    }

    @Test("duplicate keys are kept; lookup by key returns the last one")
    func duplicates() throws {
        let document = try JSONDocument(text: sample)
        let dup = try #require(document.child(document.root, key: "dup"))
        #expect(document.numberText(dup) == "2")
    }

    @Test("parent, JSONPath and JSON Pointer of a nested node")
    func locations() throws {
        let document = try JSONDocument(text: sample)
        let store = try #require(document.child(document.root, key: "store"))
        let book = try #require(document.child(store, key: "book"))
        let second = try #require(document.child(book, at: 1))
        let title = try #require(document.child(second, key: "title"))
        #expect(document.parent(title) == second)
        #expect(document.parent(second) == book)
        #expect(document.parent(document.root) == nil)
        #expect(document.jsonPath(title) == "$['store']['book'][1]['title']")
        #expect(document.jsonPointer(title) == "/store/book/1/title")
        let odd = try #require(document.child(document.root, key: "a/b~c"))
        #expect(document.jsonPointer(odd) == "/a~1b~0c")
        #expect(document.jsonPath(document.root) == "$")
    }

    @Test("strings decode escapes and surrogate pairs; raw text stays as sent")
    func strings() throws {
        let document = try JSONDocument(text: #"["Moby \"Dick\"", "\ud83d\ude00 \u00e9\n", "\udead", "plain"]"#)
        let values = document.children(document.root).map { document.string($0) }
        #expect(values == ["Moby \"Dick\"", "😀 é\n", "\u{FFFD}", "plain"])
        let first = try #require(document.child(document.root, at: 0))
        #expect(document.rawText(first) == #""Moby \"Dick\"""#)
    }

    @Test("numbers keep their text; typed accessors report overflow instead of rounding")
    func numbers() throws {
        let document = try JSONDocument(
            text:
                "[12345678901234567890, 1e400, 0.1000000000000000055511151231257827, -9223372036854775808, 42, 1.5, 1e-400]"
        )
        let nodes = Array(document.children(document.root))
        #expect(document.numberText(nodes[0]) == "12345678901234567890")
        #expect(throws: JSONNumberError.overflow) { try document.int64(nodes[0]) }
        #expect(document.numberText(nodes[1]) == "1e400")
        #expect(throws: JSONNumberError.overflow) { try document.double(nodes[1]) }
        #expect(document.numberText(nodes[2]) == "0.1000000000000000055511151231257827")
        #expect(try document.int64(nodes[3]) == Int64.min)
        #expect(try document.int64(nodes[4]) == 42)
        #expect(throws: JSONNumberError.notAnInteger) { try document.int64(nodes[5]) }
        #expect(try document.double(nodes[5]) == 1.5)
        #expect(throws: JSONNumberError.underflow) { try document.double(nodes[6]) }
        #expect(document.isInteger(nodes[4]))
        #expect(!document.isInteger(nodes[5]))
    }

    @Test("byte ranges cover exactly the value's text, subtrees included")
    func byteRanges() throws {
        let text = #"{"a" : {"b": [1, "x"]}, "c": false}"#
        let document = try JSONDocument(text: text)
        let a = try #require(document.child(document.root, key: "a"))
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[document.byteRange(a)], as: UTF8.self) == #"{"b": [1, "x"]}"#)
        let c = try #require(document.child(document.root, key: "c"))
        #expect(document.rawText(c) == "false")
        #expect(document.byteRange(document.root) == 0..<bytes.count)
    }

    @Test("previews summarize containers and cut long strings without decoding them whole")
    func previews() throws {
        let long = String(repeating: "ab", count: 10_000)
        let document = try JSONDocument(
            text: "{\"list\": [1, 2, 3], \"one\": {\"k\": 1}, \"empty\": [], \"text\": \"\(long)\", \"ctl\": \"a\\nb\"}"
        )
        let nodes = Array(document.children(document.root))
        #expect(document.preview(nodes[0]) == "[…] 3 items")
        #expect(document.preview(nodes[1]) == "{…} 1 key")
        #expect(document.preview(nodes[2]) == "[]")
        let preview = document.preview(nodes[3], maxLength: 20)
        #expect(preview.count == 20)
        #expect(preview.hasPrefix("\"abab"))
        #expect(preview.hasSuffix("…"))
        #expect(document.preview(nodes[4]) == "\"a\u{240A}b\"")
    }

    @Test("the index stays smaller than the body for API-like JSON")
    func indexSize() throws {
        let object = """
            {"id":17,"name":"Ada Lovelace","active":true,"score":37.96,"tags":["alpha","beta"],\
            "created_at":"2024-08-01T12:27:38Z","deleted_at":null,"meta":{"version":1,"nested":{"x":712,"y":"amet"}},\
            "address":{"street":"273 Omicron Street","city":"Eta"},"note":"alpha lorem xi sit"}
            """
        let text = "[" + Array(repeating: object, count: 1000).joined(separator: ",") + "]"
        let document = try JSONDocument(text: text)
        #expect(document.indexMemory < text.utf8.count)
    }
}
