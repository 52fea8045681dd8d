import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a plain socket, so tests control the bytes on the wire:
/// pipelined requests in one write, keep-alive, HEAD, and bodies read and dropped in small
/// chunks (a 100 MB answer never held in memory).
final class RawHTTPClient {
    struct Answer {
        var status: Int
        var headers: [(String, String)]
        var body: Data
        /// Body bytes read, also when `keepBody` was false.
        var length: Int

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private var buffer = Data()

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect failed: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
    }

    func send(_ text: String) throws {
        try send(Data(text.utf8))
    }

    func send(_ data: Data) throws {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress.map { $0 + offset }, data.count - offset)
            }
            guard written > 0 else { throw Failure(description: "write failed") }
            offset += written
        }
    }

    /// Reads more bytes into the buffer; false at the end of the stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { throw Failure(description: "read failed: \(String(cString: strerror(errno)))") }
        if count == 0 { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads one response. `head`: the request was HEAD (no body follows whatever Content-Length says).
    func readAnswer(head: Bool = false, keepBody: Bool = true) throws -> Answer {
        let separator = Data("\r\n\r\n".utf8)
        var found = buffer.range(of: separator)
        while found == nil {
            guard try fill() else { throw Failure(description: "connection closed before a response head") }
            found = buffer.range(of: separator)
        }
        guard let end = found else { throw Failure(description: "no response head") }
        let headText = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        buffer = Data(buffer[end.upperBound...])
        let lines = headText.components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var answer = Answer(status: status, headers: headers, body: Data(), length: 0)
        guard !head, status != 204, status != 304 else { return answer }
        let length = Int(answer.header("Content-Length") ?? "0") ?? 0
        var remaining = length
        while remaining > 0 {
            if buffer.isEmpty { guard try fill() else { throw Failure(description: "body cut short") } }
            let take = min(remaining, buffer.count)
            if keepBody { answer.body.append(buffer.prefix(take)) }
            buffer = Data(buffer.dropFirst(take))
            remaining -= take
            answer.length += take
        }
        return answer
    }

    /// Whether the server closed the connection (reads the end of the stream).
    func isClosed() throws -> Bool {
        try !fill()
    }

    /// One request on a new connection.
    static func request(
        port: Int, _ method: String, _ target: String, headers: [String: String] = [:], body: String = ""
    ) throws -> Answer {
        let client = try RawHTTPClient(port: port)
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if !body.isEmpty { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + body
        try client.send(text)
        return try client.readAnswer(head: method == "HEAD")
    }
}
