import CCurl
import Foundation

/// Strings that repeat from one response to the next — header names and values such as
/// `Content-Type: application/json` or this second's `Date`, the remote address — made once and
/// handed out again, so a response over a kept-alive connection mostly costs no string allocations.
///
/// Texts of up to 15 UTF-8 bytes are never cached: Swift stores those inline without allocating.
/// Longer ones go through a small direct-mapped table keyed by a hash of their bytes; a slot holds
/// the last string that hashed there and is only returned when its bytes are equal. Network thread
/// only (owned by `CurlLoop`).
final class CurlStringCache {
    private static let slotCount = 256
    private var slots = [String?](repeating: nil, count: slotCount)
    private var remoteIP: [UInt8] = []
    private var remotePort = -1
    private var remoteText: String?

    /// The text of `bytes` (UTF-8; invalid sequences are repaired as `String(decoding:)` does).
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let slot = Int(hash & UInt32(Self.slotCount - 1))
        if var cached = slots[slot], cached.utf8.count == bytes.count {
            let equal = cached.withUTF8 { stored in
                guard let storedBase = stored.baseAddress, let base = bytes.baseAddress else { return false }
                return memcmp(storedBase, base, bytes.count) == 0
            }
            if equal { return cached }
        }
        let made = String(decoding: bytes, as: UTF8.self)
        slots[slot] = made
        return made
    }

    /// `ip:port`, or `[ip]:port` for IPv6, made again only when the address changes.
    func remoteAddress(ip: UnsafePointer<CChar>, port: Int) -> String {
        let length = strlen(ip)
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(ip).assumingMemoryBound(to: UInt8.self), count: length)
        if let remoteText, port == remotePort, remoteIP.elementsEqual(bytes) { return remoteText }
        let text = String(decoding: bytes, as: UTF8.self)
        let made = text.contains(":") ? "[\(text)]:\(port)" : "\(text):\(port)"
        remoteIP = Array(bytes)
        remotePort = port
        remoteText = made
        return made
    }
}
