import JSONTree

/// JSON equality across two documents as JSON Schema defines it (`const`, `enum`,
/// `uniqueItems`): numbers by value as exact decimals (`1 == 1.0`), objects regardless of member
/// order, strings after decoding escapes. Iterative: nesting depth costs no stack.
enum JSONValueEquality {
    static func equal(_ left: JSONDocument, _ leftNode: JSONNode, _ right: JSONDocument, _ rightNode: JSONNode) -> Bool
    {
        // Scalars (every `enum` and `const` check of a string or number) without the work list.
        let kind = left.kind(leftNode)
        guard kind == right.kind(rightNode) else { return false }
        switch kind {
        case .null, .true, .false: return true
        case .string:
            if let a = left.unescapedStringRange(leftNode), let b = right.unescapedStringRange(rightNode) {
                return left.bytesEqual(a, right, b)
            }
            return left.string(leftNode) == right.string(rightNode)
        case .number:
            guard let x = JSONDecimal(left.bytes[left.byteRange(leftNode)]),
                let y = JSONDecimal(right.bytes[right.byteRange(rightNode)])
            else { return false }
            return x == y
        case .array, .object: break
        }
        var pending = [(leftNode, rightNode)]
        while let (a, b) = pending.popLast() {
            let kind = left.kind(a)
            guard kind == right.kind(b) else { return false }
            switch kind {
            case .null, .true, .false: continue
            case .number:
                guard let x = JSONDecimal(left.bytes[left.byteRange(a)]),
                    let y = JSONDecimal(right.bytes[right.byteRange(b)]),
                    x == y
                else { return false }
            case .string:
                guard left.string(a) == right.string(b) else { return false }
            case .array:
                guard left.childCount(a) == right.childCount(b) else { return false }
                pending.append(contentsOf: zip(left.children(a), right.children(b)))
            case .object:
                guard left.childCount(a) == right.childCount(b) else { return false }
                var members: [String: JSONNode] = [:]
                for member in right.children(b) { members[right.key(member) ?? ""] = member }
                for member in left.children(a) {
                    guard let other = members[left.key(member) ?? ""] else { return false }
                    pending.append((member, other))
                }
            }
        }
        return true
    }

    /// A hash consistent with `equal` (numbers hash by value, members in any order), so
    /// `uniqueItems` over a long array costs about one pass instead of comparing every pair.
    /// Below `depth` 32 only the kind and size count: a deep value costs no more stack.
    static func hash(_ document: JSONDocument, _ node: JSONNode, depth: Int = 0) -> Int {
        var hasher = Hasher()
        let kind = document.kind(node)
        hasher.combine(kind)
        guard depth < 32 else { return hasher.finalize() }
        switch kind {
        case .null, .true, .false: break
        case .number:
            if let decimal = JSONDecimal(document.bytes[document.byteRange(node)]) {
                hasher.combine(decimal.isZero ? false : decimal.isNegative)
                hasher.combine(decimal.isZero ? 0 : decimal.exponent)
                for index in decimal.first..<decimal.end where decimal.text[index] != UInt8(ascii: ".") {
                    hasher.combine(decimal.text[index])
                }
            }
        case .string: hasher.combine(document.string(node))
        case .array:
            hasher.combine(document.childCount(node))
            for child in document.children(node) { hasher.combine(hash(document, child, depth: depth + 1)) }
        case .object:
            var sum = 0
            for member in document.children(node) {
                var pair = Hasher()
                pair.combine(document.key(member))
                pair.combine(hash(document, member, depth: depth + 1))
                sum = sum &+ pair.finalize()
            }
            hasher.combine(sum)
        }
        return hasher.finalize()
    }
}
