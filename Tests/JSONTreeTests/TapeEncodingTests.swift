import Testing

@testable import JSONTree

/// The compact tape: 10-bit payloads that spill to the overflow table, 8-bit (dense) and 16-bit
/// (narrow) offset deltas that fall back to full offsets in wide blocks, and the every-64th-child
/// checkpoints.
@Suite("tape encoding edge cases")
struct TapeEncodingTests {
    /// The largest payload stored inline (1023 marks an overflowed one).
    static let inlineLimit = Int(Tape.overflowMarker) - 1

    @Test("strings and numbers around the inline payload limit keep their exact text", arguments: [-2, -1, 0, 1, 2])
    func scalarLengths(delta: Int) throws {
        let length = TapeEncodingTests.inlineLimit + delta
        let text = String(repeating: "x", count: length - 1) + "é"
        let digits = "1" + String(repeating: "0", count: length - 1)
        let body = "{\"s\": \"\(text)\", \"n\": \(digits), \"f\": -\(digits).5, \"after\": true}"
        let document = try JSONDocument(text: body)
        let string = try #require(document.child(document.root, key: "s"))
        let number = try #require(document.child(document.root, key: "n"))
        let fraction = try #require(document.child(document.root, key: "f"))
        #expect(document.string(string) == text)
        #expect(document.numberText(number) == digits)
        #expect(document.numberText(fraction) == "-\(digits).5")
        #expect(document.rawText(string) == "\"\(text)\"")
        #expect(document.bool(try #require(document.child(document.root, key: "after"))) == true)
        #expect(JSONPrinter.string(document, options: .compact) == body.filter { $0 != " " })
    }

    @Test("containers around the inline limit: sizes, counts and the sibling after them", arguments: [-2, -1, 0, 1, 2])
    func containerSizes(delta: Int) throws {
        // An array of n scalars spans n + 1 entries to its end entry and has n children.
        let count = TapeEncodingTests.inlineLimit + delta
        let elements = (0..<count).map(String.init).joined(separator: ",")
        let document = try JSONDocument(text: "[[\(elements)], {\"k\": [\(elements)]}, \"after\"]")
        let array = try #require(document.child(document.root, at: 0))
        #expect(document.childCount(array) == count)
        #expect(document.subtreeEntryCount(array) == count + 2)
        #expect(Array(document.children(array)).count == count)
        #expect(document.child(array, at: count - 1).flatMap { document.numberText($0) } == String(count - 1))
        #expect(document.rawText(array) == "[\(elements)]")
        let member = try #require(document.child(document.root, at: 1).flatMap { document.child($0, key: "k") })
        #expect(document.childCount(member) == count)
        let after = try #require(document.child(document.root, at: 2))
        #expect(document.string(after) == "after")
        #expect(document.jsonPath(after) == "$[2]")
        #expect(document.parent(after) == document.root)
    }

    @Test("a block spanning 65,535 bytes stores deltas; 65,536 bytes keeps full offsets", arguments: [65_535, 65_536])
    func blockSpan(span: Int) throws {
        // Entries: '[' at 0, the string at 1, the number at length + 4, ']' at length + 5 = span.
        let length = span - 5
        let text = String(repeating: "a", count: length)
        let document = try JSONDocument(text: "[\"\(text)\",7]")
        #expect(document.tape.wideBlockCount == (span > 65_535 ? 1 : 0))
        let number = try #require(document.child(document.root, at: 1))
        #expect(document.byteRange(number) == (length + 4)..<(length + 5))
        #expect(document.numberText(number) == "7")
        #expect(document.byteRange(document.root) == 0..<(span + 1))
        #expect(document.string(try #require(document.child(document.root, at: 0))) == text)
    }

    @Test("an error after a wide block is still a positioned error")
    func errorAfterWideBlock() throws {
        let text = "[\"" + String(repeating: "w", count: 70_000) + "\", 1, 2 3]"
        let error = try #require(throws: JSONParseError.self) { try JSONDocument(text: text) }
        #expect(error.offset == text.utf8.count - 2)  // the "3"
        #expect(error.reason == .unexpected)
    }

    @Test("byte ranges stay exact across many narrow and wide blocks")
    func mixedBlocks() throws {
        var random = SplitMix(seed: 42)
        var body = "["
        var expected: [Range<Int>] = []
        for index in 0..<600 {
            if index > 0 { body += "," }
            let start = body.utf8.count
            let roll = random.next() % 20
            let value =
                roll == 0
                ? "\"" + String(repeating: "z", count: 70_000) + "\""
                : roll < 10 ? String(random.next() % 100_000) : "{\"k\":[1,2]}"
            body += value
            expected.append(start..<(start + value.utf8.count))
        }
        body += "]"
        let document = try JSONDocument(text: body)
        #expect(document.tape.wideBlockCount > 0)
        #expect(document.tape.wideBlockCount < document.tape.blocks.count)
        let ranges = document.children(document.root).map { document.byteRange($0) }
        #expect(ranges == expected)
        #expect(JSONPrinter.string(document, options: .compact) == body)
    }

    @Test("packing round-trips every entry: offsets near 4 GiB, all meta bits, short last blocks")
    func packingSeam() {
        // Synthetic entries (the seam below the parser): increasing offsets with steps that put
        // blocks just inside and just outside 16-bit deltas, ending at UInt32.max.
        let meta: UInt64 = 0xFFFF << 32
        for (steps, total) in [([UInt64](repeating: 1, count: 64), 64), ([1_040, 1_041], 130), ([0x1_0000], 3)] {
            var offsets: [UInt64] = []
            var offset = UInt64(UInt32.max)
            for index in 0..<total {
                offsets.append(offset)
                offset -= steps[index % steps.count]
            }
            offsets.reverse()
            let entries = offsets.enumerated().map { index, offset in
                offset | (index % 3 == 0 ? meta : UInt64(index % 7) << 42)
            }
            let storage = entries.withUnsafeBufferPointer { TapeStorage(entries: $0) }
            #expect((0..<total).map { storage[$0] } == entries)
            #expect(storage.withView { view in (0..<total).map { view[$0] } } == entries)
            #expect(storage.count == total)
            #expect(storage.memory >= total * 3)
        }
        // 64 entries 1,040 apart span 65,520 bytes (narrow); 1,041 apart, 65,583 (wide).
        let narrow = (0..<64).map { UInt64($0 * 1_040) }
        let wide = (0..<64).map { UInt64($0 * 1_041) }
        #expect(narrow.withUnsafeBufferPointer { TapeStorage(entries: $0) }.wideBlockCount == 0)
        #expect(wide.withUnsafeBufferPointer { TapeStorage(entries: $0) }.wideBlockCount == 1)
    }

    @Test(
        "a block is dense while each group of 16 spans at most 255 bytes and starts within 1,023 of the block",
        arguments: [(17, 0, true), (18, 0, false), (0, 341, true), (0, 342, false), (17, 341, true), (17, 342, false)])
    func denseLimits(step: Int, groupStride: Int, dense: Bool) {
        // Entry i of group g lies at g × groupStride + (i mod 16) × step: the last of a group is
        // 15 × step past its first, and group 3 starts 3 × groupStride past the block's first.
        let entries = (0..<64).map { index in
            UInt64((index >> 4) * groupStride + (index & 15) * step) | UInt64(index % 7) << 42 | UInt64(index) << 32
        }
        let storage = entries.withUnsafeBufferPointer { TapeStorage(entries: $0) }
        #expect(storage.denseBlockCount == (dense ? 1 : 0))
        #expect(storage.wideBlockCount == 0)
        #expect((0..<64).map { storage[$0] } == entries)
        // 3 bytes an entry when dense, 4 otherwise, and the slack after the last.
        #expect(storage.bytes.count == 64 * (dense ? 3 : 4) + TapeStorage.slack)
    }

    @Test("after a block that had to turn narrow, blocks start narrow until every eighth tries dense again")
    func narrowRuns() {
        // Block 0 turns narrow at its entry 40 (a jump of 1,000 bytes); blocks 1...15 could be dense.
        var offset: UInt64 = 0
        let entries = (0..<(16 * 64)).map { index -> UInt64 in
            offset += index == 40 ? 1_000 : 2
            return offset
        }
        let storage = entries.withUnsafeBufferPointer { TapeStorage(entries: $0) }
        #expect((0..<entries.count).map { storage[$0] } == entries)
        let dense = storage.blocks.map { $0 & TapeStorage.denseFlag != 0 }
        #expect(dense == [false] + Array(repeating: false, count: 7) + Array(repeating: true, count: 8))
    }

    @Test("random offsets and meta round-trip through dense, narrow and wide blocks, and payloads added later")
    func randomPacking() {
        var random = SplitMix(seed: 0x26)
        for round in 0..<40 {
            let total = 1 + Int(random.next() % 2_000)
            var offset: UInt64 = random.next() % 1_000
            var entries: [UInt64] = []
            for _ in 0..<total {
                // Mostly small steps (dense), some medium (narrow), a few huge (wide).
                let roll = random.next() % 100
                let step = roll < 80 ? random.next() % 20 : roll < 97 ? random.next() % 2_000 : random.next() % 100_000
                offset = min(offset + step, UInt64(UInt32.max))
                entries.append(offset | (random.next() & 0xFFFF) << 32)
            }
            let storage = entries.withUnsafeBufferPointer { TapeStorage(entries: $0) }
            #expect((0..<total).map { storage[$0] } == entries, "round \(round)")
            #expect(storage.withView { view in (0..<total).map { view[$0] } } == entries, "round \(round)")
            // Walking on from any entry (the printer's way) reads the same entries.
            let start = Int(random.next() % UInt64(total))
            let walked = storage.withView { view in
                var cursor = TapeCursor(view, at: start)
                return (start..<total).map { _ in cursor.next() }
            }
            #expect(walked == Array(entries[start...]), "round \(round)")
            // The parser ORs a container's size into its entry when the container ends, blocks later.
            let payloads = (0..<total).map { _ in random.next() & 0x3FF }
            let packed = TapeStorage.write(capacity: total) { writer in
                for entry in entries where !writer.append(entry & ~(0x3FF << 32)) { return false }
                for (index, payload) in payloads.enumerated() { writer.addPayload(payload << 32, at: index) }
                return true
            }
            let expected = zip(entries, payloads).map { entry, payload in entry & ~(0x3FF << 32) | payload << 32 }
            #expect(packed.map { storage in (0..<total).map { storage[$0] } } == expected, "round \(round)")
        }
    }

    @Test("the index of a number-heavy body (GeoJSON coordinates) costs at most half the body")
    func numberHeavyIndexSize() throws {
        var random = SplitMix(seed: 0x31)
        var points: [String] = []
        for _ in 0..<20_000 {
            let longitude = Double(random.next() % 3_600_000_000) / 1e7 - 180
            let latitude = Double(random.next() % 1_800_000_000) / 1e7 - 90
            let elevation = Double(random.next() % 400_000) / 100
            points.append("[\(longitude),\(latitude),\(elevation)]")
        }
        let text = "{\"type\":\"LineString\",\"coordinates\":[" + points.joined(separator: ",") + "]}"
        let document = try JSONDocument(text: text)
        #expect(document.tape.denseBlockCount == document.tape.blocks.count)
        #expect(Double(document.indexMemory) <= 0.5 * Double(text.utf8.count))
        #expect(JSONPrinter.string(document, options: .compact) == text)
    }

    @Test("child positions in large and nested containers come from the checkpoints", arguments: [false, true])
    func checkpoints(trailingComma: Bool) throws {
        // Three levels of large arrays, so the parser records checkpoints of several open containers.
        let inner = (0..<130).map { "[\($0),\"v\"]" }.joined(separator: ",")
        let middle = (0..<70).map { $0 % 10 == 0 ? "[\(inner)]" : "{\"i\":\($0)}" }.joined(separator: ",")
        let comma = trailingComma ? "," : ""
        let text = "[\(middle)\(comma)]"
        let document = try JSONDocument(text: text, options: trailingComma ? .lenient : .strict)
        var pending = [document.root]
        var checked = 0
        while let node = pending.popLast() {
            let children = Array(document.children(node))
            #expect(document.childCount(node) == children.count)
            for (position, child) in children.enumerated() {
                #expect(document.child(node, at: position) == child)
                #expect(document.parent(child) == node)
                #expect(document.childPosition(in: node.index, containing: child.index).position == position)
                checked += 1
            }
            #expect(document.child(node, at: children.count) == nil)
            pending += children.filter { document.childCount($0) > 0 }
        }
        #expect(checked > 1_000)
        let deep = try #require(JSONPath("$[60][129][1]").select(in: document).first)
        #expect(document.jsonPath(deep) == "$[60][129][1]")
        #expect(document.jsonPointer(deep) == "/60/129/1")
    }
}
