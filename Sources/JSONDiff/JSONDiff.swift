package import JSONTree

/// A structural diff of two JSON documents on JSONTree's index: key order ignored, numbers
/// compared as exact decimals (`1 == 1.0 == 1e0`, as JSON Schema's equality has it), strings after
/// decoding escapes, arrays by index or by a key member. Values whose bytes are equal are never
/// decoded, so two similar bodies cost about one pass over their bytes.
package enum JSONDiff {
    package static func compare(
        _ left: JSONDocument,
        _ right: JSONDocument,
        options: JSONDiffOptions = JSONDiffOptions()
    ) -> JSONDiffResult {
        var engine = JSONDiffEngine(left: left, right: right, options: options)
        engine.run()
        var pages = JSONDiffPages(left, right)
        let changes = engine.found.map { found in
            pages.reached(found.left, found.right)
            return JSONDiffChange(
                kind: found.kind,
                left: found.left,
                right: found.right,
                path: found.left.map { left.pathComponents($0) } ?? found.right.map { right.pathComponents($0) } ?? [],
                inline: inline(found, left, right, limit: options.inlineLimit)
            )
        }
        return JSONDiffResult(left: left, right: right, changes: changes, counts: engine.counts, pairs: engine.pairs)
    }

    /// The character diff of two changed strings, when both are short enough.
    private static func inline(
        _ found: JSONDiffEngine.Found,
        _ left: JSONDocument,
        _ right: JSONDocument,
        limit: Int
    ) -> [JSONDiffSegment]? {
        guard found.kind == .changed, let a = found.left, let b = found.right,
            left.kind(a) == .string, right.kind(b) == .string,
            left.byteRange(a).count <= limit * 6 + 2, right.byteRange(b).count <= limit * 6 + 2,
            let old = left.string(a), let new = right.string(b)
        else { return nil }
        return JSONDiffInline.segments(old, new, limit: limit)
    }
}

/// The page releases of a pass over a diff's changes in document order (describing them,
/// printing them): with mapped bodies, only a window of each stays resident.
struct JSONDiffPages {
    private let left: JSONDocument
    private let right: JSONDocument
    private var leftPages: JSONPageRelease
    private var rightPages: JSONPageRelease

    init(_ left: JSONDocument, _ right: JSONDocument) {
        self.left = left
        self.right = right
        leftPages = JSONPageRelease(left)
        rightPages = JSONPageRelease(right)
    }

    /// The pass is at a change with these values.
    mutating func reached(_ a: JSONNode?, _ b: JSONNode?) {
        if let a { leftPages.reached(left.textStart(a), in: left) }
        if let b { rightPages.reached(right.textStart(b), in: right) }
    }
}
