import Foundation
import Glibc

extension TransportBench {
    /// `ws-floor URL COUNT SIZE`: the same round trips as `ws-echo` from a client that does nothing
    /// but the system calls: one prepared masked frame written, the echo read back with blocking
    /// `read`s, no event loop, no parsing beyond the frame's length. What it reaches is the most
    /// any client can reach against that server on this machine (two processes waking each other
    /// twice a round trip), so `make bench-streams` can say how far a ratio between two clients
    /// can go in the same run. Prints round trips a second.
    static func webSocketFloor(url: URL, count: Int, size: Int) {
        guard let host = url.host, let port = url.port else { fail("ws-floor: a ws://host:port URL") }
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
            fail("ws-floor: \(host) is not an IPv4 address")
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { fail("ws-floor: connect failed (errno \(errno))") }
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        let path = url.path.isEmpty ? "/" : url.path
        let upgrade =
            "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        writeAll(socket, Array(upgrade.utf8))
        // The 101's head, read a byte at a time so no frame byte after it is taken.
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            var byte: UInt8 = 0
            guard read(socket, &byte, 1) == 1 else { fail("ws-floor: the upgrade was not answered") }
            head.append(byte)
        }
        guard String(decoding: head.prefix(12), as: UTF8.self) == "HTTP/1.1 101" else {
            fail("ws-floor: the upgrade was answered \(String(decoding: head.prefix(40), as: UTF8.self))")
        }
        // A text frame of SIZE "x" masked with a zero key (the bytes are the payload as it is).
        var frame: [UInt8] = [0x81]
        if size < 126 {
            frame.append(0x80 | UInt8(size))
        } else if size < 65_536 {
            frame += [0x80 | 126, UInt8(size >> 8), UInt8(size & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((size >> ($0 * 8)) & 0xFF) }
        }
        frame += [0, 0, 0, 0] + [UInt8](repeating: UInt8(ascii: "x"), count: size)
        let echoLength = size + (size < 126 ? 2 : size < 65_536 ? 4 : 10)
        var echo = [UInt8](repeating: 0, count: echoLength)
        let start = ContinuousClock.now
        for _ in 0..<count {
            writeAll(socket, frame)
            var have = 0
            while have < echoLength {
                let got = echo.withUnsafeMutableBytes { bytes in
                    bytes.baseAddress.map { read(socket, $0 + have, echoLength - have) } ?? -1
                }
                guard got > 0 else { fail("ws-floor: the connection ended") }
                have += got
            }
        }
        let elapsed = seconds(ContinuousClock.now - start)
        close(socket)
        print(String(format: "%.0f round trips/s", Double(count) / elapsed))
    }

    private static func writeAll(_ socket: Int32, _ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { write(socket, $0 + written, bytes.count - written) } ?? -1
            }
            guard count > 0 else { fail("ws-floor: write failed (errno \(errno))") }
            written += count
        }
    }
}
