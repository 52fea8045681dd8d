import HTTPCore
import Testing

@testable import Explorer

/// A binary WebSocket message's detail (issue 25): its first bytes as a hex dump in the Raw tab's
/// lines (sixteen bytes, a gap after the eighth, offsets and printable ASCII), and a line saying how much of a longer message it shows.
@Suite struct HexDumpTests {
    static func row(_ bytes: [UInt8], total: Int? = nil) -> String {
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "\(total ?? bytes.count) bytes " + hex.joined(separator: " ") + (total == nil ? "" : " …")
    }

    @Test func sixteenBytesALineWithOffsetsAndASCII() {
        let bytes = Array(UInt8(0x41)...UInt8(0x41 + 19)) + [0x00, 0xFF]
        let lines = HexDump.lines(ofRow: Self.row(bytes), limit: 10)
        #expect(
            lines == [
                "00000000  41 42 43 44 45 46 47 48  49 4a 4b 4c 4d 4e 4f 50 |ABCDEFGHIJKLMNOP|",
                "00000010  51 52 53 54 00 ff " + String(repeating: " ", count: 30) + " |QRST..|",
            ])
    }

    @Test func aLongerMessageSaysHowMuchIsShown() {
        let bytes = [UInt8](repeating: 0x61, count: 1024)
        let lines = HexDump.lines(ofRow: Self.row(bytes, total: 5000), limit: 100)
        #expect(lines.count == 65)
        #expect(lines.last == "… the first 1024 of 5000 bytes")
        #expect(HexDump.lines(ofRow: Self.row(bytes, total: 5000), limit: 3).count == 3)
    }

    @Test func aRowThatIsNotSizeAndHexIsShownAsItIs() {
        #expect(HexDump.lines(ofRow: "not hex at all", limit: 5) == ["not hex at all"])
        #expect(HexDump.isBinaryRow(StreamEvent(index: 0, name: "↓ binary", data: "")))
        #expect(!HexDump.isBinaryRow(StreamEvent(index: 0, name: "↓ text", data: "")))
    }
}
