import CCurl
import Foundation

/// Strings that repeat from one response to the next, made once and handed out again: today the
/// remote address (`127.0.0.1:8080`), the same for every exchange over a kept-alive connection.
/// Network thread only (owned by `CurlLoop`).
final class CurlStringCache {
    private var remoteIP: [UInt8] = []
    private var remotePort = -1
    private var remoteText: String?

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
