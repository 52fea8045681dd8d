/// The bit layout of one tape entry: every value is one `UInt64`, non-empty containers get a
/// second entry for their closing bracket — so in a fully expanded tree view, row N is entry N.
/// No per-node heap objects, no decoded strings.
///
/// ```
/// bits  0...31  byte offset of the value's first byte — for object members, of the key's opening quote
/// bits 32...57  payload: containers → distance to their end entry (0: empty, no end entry);
///               end → child count;
///               strings → raw content length; numbers → text length; literals → 0
/// bits 58...60  kind (JSONKind raw value; 2 = end of container)
/// bit  61       member of an object (the offset points at the key)
/// bit  62       the key contains escapes
/// bit  63       strings: contains escapes; numbers: has a fraction or an exponent
/// ```
///
/// A payload that does not fit in 26 bits is stored as `Tape.overflowMarker` and looked up in the
/// document's overflow table.
enum Tape {
    static let endKind: UInt64 = 2
    static let payloadShift: UInt64 = 32
    static let payloadMask: UInt64 = (1 << 26) - 1
    static let overflowMarker: UInt64 = payloadMask
    static let kindShift: UInt64 = 58
    static let keyedBit: UInt64 = 1 << 61
    static let keyEscapedBit: UInt64 = 1 << 62
    static let valueFlagBit: UInt64 = 1 << 63
    /// The largest body the 32-bit offsets can address.
    static let maximumBodySize = Int(UInt32.max)

    @inline(__always) static func offset(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) }
    @inline(__always) static func rawPayload(_ entry: UInt64) -> UInt64 { (entry >> payloadShift) & payloadMask }
    @inline(__always) static func kindBits(_ entry: UInt64) -> UInt64 { (entry >> kindShift) & 7 }
    @inline(__always) static func isKeyed(_ entry: UInt64) -> Bool { entry & keyedBit != 0 }
    @inline(__always) static func keyHasEscapes(_ entry: UInt64) -> Bool { entry & keyEscapedBit != 0 }
    @inline(__always) static func valueFlag(_ entry: UInt64) -> Bool { entry & valueFlagBit != 0 }
    @inline(__always) static func isContainerStart(_ entry: UInt64) -> Bool { kindBits(entry) < 2 }
    @inline(__always) static func isEnd(_ entry: UInt64) -> Bool { kindBits(entry) == endKind }
}
