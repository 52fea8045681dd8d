/// A small deterministic generator (SplitMix64) so randomized tests repeat exactly.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// Random JSON texts with nesting, empty containers, escapes and duplicate keys.
enum RandomJSON {
    static let keys = ["a", "b", "name", "x", "é", "a\\\"q", "tags"]
    static let scalars = ["1", "-2.5e3", "true", "false", "null", "\"s\"", "\"\\u00e9\\n\"", "0", "\"日本\""]

    static func value(_ random: inout SplitMix, depth: Int) -> String {
        let roll = random.next() % 10
        if depth > 4 || roll < 4 { return scalars[Int(random.next() % UInt64(scalars.count))] }
        let count = Int(random.next() % 5)
        if roll < 7 {
            let members = (0..<count).map { _ in
                "\"\(keys[Int(random.next() % UInt64(keys.count))])\": \(value(&random, depth: depth + 1))"
            }
            return "{" + members.joined(separator: ", ") + "}"
        }
        return "[" + (0..<count).map { _ in value(&random, depth: depth + 1) }.joined(separator: ",") + "]"
    }
}
