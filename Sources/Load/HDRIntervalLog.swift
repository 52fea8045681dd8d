package import Foundation
package import Histogram

/// HdrHistogram's interval log (format 1.3): one line per second of a load run, each that
/// second's latency histogram in HdrHistogram's V2 compressed encoding, base64 — what
/// HistogramLogAnalyzer, HdrHistogram's plotters and the `hdrh` libraries read. Values are
/// microseconds; the log's `Interval_Max` column is in milliseconds.
package enum HDRIntervalLog {
    /// The file's head: format version, start time, and the column legend.
    package static func header(start: Date) -> String {
        let seconds = String(format: "%.3f", start.timeIntervalSince1970)
        return "#[Histogram log format version 1.3]\n"
            + "#[StartTime: \(seconds) (seconds since epoch), \(start.ISO8601Format())]\n"
            + "#[BaseTime: \(seconds) (seconds since epoch)]\n"
            + "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n"
    }

    /// One interval's line: its start (seconds from the run's start), length, max in milliseconds
    /// and the encoded histogram.
    package static func line(start: Double, length: Double, histogram: Histogram<UInt64>) -> String {
        let max = histogram.totalCount == 0 ? 0 : Double(histogram.max) / 1000
        return String(format: "%.3f,%.3f,%.3f,", start, length, max)
            + Data(compressed(histogram)).base64EncodedString() + "\n"
    }

    /// The V2 compressed encoding: a cookie, the length, then the V2 encoding in a zlib stream.
    static func compressed(_ histogram: Histogram<UInt64>) -> [UInt8] {
        let zlib = ZlibStored.wrap(encoded(histogram))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + zlib.count)
        append(Int32(bitPattern: 0x1c84_9314), to: &bytes)
        append(Int32(zlib.count), to: &bytes)
        return bytes + zlib
    }

    /// The V2 encoding: a 40-byte header (cookie, payload length, normalizing offset, significant
    /// digits, lowest and highest trackable values, integer-to-double ratio; big-endian), then the
    /// counts up to the last one recorded, ZigZag LEB128, a run of zeros written as its negated length.
    static func encoded(_ histogram: Histogram<UInt64>) -> [UInt8] {
        var counts: [UInt64] = []
        var lastRecorded = -1
        for (index, step) in histogram.allValues().enumerated() {
            counts.append(step.count)
            if step.count > 0 { lastRecorded = index }
        }
        var payload: [UInt8] = []
        var index = 0
        while index <= lastRecorded {
            let count = counts[index]
            index += 1
            guard count == 0 else {
                ZigZag.append(Int64(count), to: &payload)
                continue
            }
            var zeros: Int64 = 1
            while index <= lastRecorded, counts[index] == 0 {
                zeros += 1
                index += 1
            }
            ZigZag.append(zeros > 1 ? -zeros : 0, to: &payload)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(40 + payload.count)
        append(Int32(bitPattern: 0x1c84_9313), to: &bytes)
        append(Int32(payload.count), to: &bytes)
        append(Int32(0), to: &bytes)
        append(Int32(histogram.numberOfSignificantValueDigits.rawValue), to: &bytes)
        append(Int64(histogram.lowestDiscernibleValue), to: &bytes)
        append(Int64(histogram.highestTrackableValue), to: &bytes)
        append(Int64(bitPattern: (1.0 as Double).bitPattern), to: &bytes)
        return bytes + payload
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }
}

/// HdrHistogram's ZigZag LEB128 for 64-bit values: 7 bits a byte, high bit set while more follow,
/// and a ninth byte, when needed, holding 8 bits.
enum ZigZag {
    static func append(_ value: Int64, to bytes: inout [UInt8]) {
        var rest = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        for _ in 0..<8 {
            guard rest >= 0x80 else {
                bytes.append(UInt8(rest))
                return
            }
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }
}

/// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951, type 0): valid for every inflater,
/// with no compressor to link — the counts it carries are already run-length packed.
enum ZlibStored {
    static func wrap(_ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final = offset + length == data.count
            bytes.append(final ? 1 : 0)
            bytes.append(UInt8(length & 0xFF))
            bytes.append(UInt8(length >> 8))
            bytes.append(UInt8(~length & 0xFF))
            bytes.append(UInt8((~length >> 8) & 0xFF))
            bytes += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        let adler = (b << 16) | a
        withUnsafeBytes(of: adler.bigEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
