/// The bit layout of one tape entry as the code reads it: every value is one entry, non-empty
/// containers get a second entry for their closing bracket — so in a fully expanded tree view,
/// row N is entry N. No per-node heap objects, no decoded strings. `TapeStorage` keeps each entry
/// in about 3 bytes; this 64-bit form is what its subscript returns.
///
/// ```
/// bits  0...31  byte offset of the value's first byte — for object members, of the key's opening quote
/// bits 32...41  payload: containers → distance to their end entry (0: empty, no end entry);
///               end → child count;
///               strings → raw content length; numbers → text length; literals → 0
/// bits 42...44  kind (JSONKind raw value; 2 = end of container)
/// bit  45       member of an object (the offset points at the key)
/// bit  46       the key contains escapes
/// bit  47       strings: contains escapes; numbers: has a fraction or an exponent
/// ```
///
/// Bits 32...47 are stored as they are (`TapeStorage.metaShift`). A payload that does not fit in
/// 10 bits is stored as `Tape.overflowMarker` and looked up in the document's overflow table —
/// containers of more than a thousand entries and strings longer than a kilobyte are rare, and
/// both cost far more than one table lookup to show or print.
enum Tape {
    static let endKind: UInt64 = 2
    static let payloadShift: UInt64 = 32
    static let payloadBits: UInt64 = 10
    static let payloadMask: UInt64 = (1 << payloadBits) - 1
    static let overflowMarker: UInt64 = payloadMask
    static let kindShift: UInt64 = 42
    static let keyedBit: UInt64 = 1 << 45
    static let keyEscapedBit: UInt64 = 1 << 46
    static let valueFlagBit: UInt64 = 1 << 47
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
