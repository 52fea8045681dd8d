import CurlTransport
import Foundation
import Futures
import HTTPCore
import Interop
import LoopbackTesting
import Workspace

/// What the loopback server's `/echo` saw of one request, reduced to what the comparison with
/// curl looks at: method, target (path and query), the headers a user sets or a body implies,
/// and the body (multipart bodies as their parts, since each sender picks its own boundary).
struct EchoedRequest: Equatable, CustomStringConvertible {
    var method: String
    var target: String
    var headers: [String: [String]]
    var body: [UInt8]
    var parts: [[String]]?

    /// Headers every HTTP client sets its own way; compared only when the command sets them.
    static let clientHeaders: Set<String> = ["host", "user-agent", "accept", "accept-encoding", "connection", "expect"]

    init(json: Data, keeping: Set<String>) throws {
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:]
        method = object["method"] as? String ?? ""
        target = object["target"] as? String ?? ""
        body = Array(Data(base64Encoded: object["body"] as? String ?? "") ?? Data())
        var headers: [String: [String]] = [:]
        var boundary: String?
        for pair in object["headers"] as? [[String]] ?? [] where pair.count == 2 {
            let name = pair[0].lowercased()
            if Self.clientHeaders.contains(name), !keeping.contains(name) { continue }
            var value = pair[1]
            if name == "content-type", value.hasPrefix("multipart/form-data"),
                let range = value.range(of: "boundary=")
            {
                boundary = String(value[range.upperBound...]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                value = "multipart/form-data"
            }
            headers[name, default: []].append(value)
        }
        if let boundary {
            parts = Self.parts(body, boundary: boundary)
            body = []
            headers["content-length"] = nil
        }
        self.headers = headers
    }

    /// Each part as its header lines (sorted, lower-cased names) and its content.
    static func parts(_ body: [UInt8], boundary: String) -> [[String]] {
        let text = String(decoding: body, as: UTF8.self)
        return text.components(separatedBy: "--" + boundary).dropFirst().compactMap { chunk in
            guard !chunk.hasPrefix("--") else { return nil }
            let pieces = chunk.components(separatedBy: "\r\n\r\n")
            guard pieces.count >= 2 else { return nil }
            let head = pieces[0].split(separator: "\r\n").map { line -> String in
                let pair = line.split(separator: ":", maxSplits: 1)
                return pair[0].lowercased() + ":" + (pair.count > 1 ? pair[1].trimmingCharacters(in: .whitespaces) : "")
            }.sorted()
            var content = pieces.dropFirst().joined(separator: "\r\n\r\n")
            if content.hasSuffix("\r\n") { content.removeLast() }
            return head + [content]
        }
    }

    /// This request with a JSON body re-serialized (sorted keys, no spaces) and its length
    /// dropped: for formats that write JSON pretty where Lazer sends it compact.
    func jsonNormalized() -> EchoedRequest {
        guard headers["content-type"]?.first?.hasPrefix("application/json") == true,
            let value = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        else { return self }
        var copy = self
        copy.body = Array(data)
        copy.headers["content-length"] = nil
        return copy
    }

    var description: String {
        "\(method) \(target) \(headers.sorted { $0.key < $1.key }) body=\(String(decoding: body, as: UTF8.self)) parts=\(parts ?? [])"
    }
}

/// Sends requests both ways: the shell command through the real `curl`, and its import through
/// Lazer's resolver and libcurl transport.
enum EchoExchange {
    static let dispatcher = CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler()))

    /// Runs `command` with bash in `folder` (so `@file` paths resolve there) and returns stdout.
    static func runCurl(_ command: String, in folder: String, environment: [String: String] = [:]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command + " --silent --show-error"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// Sends an already resolved request (relative targets joined to `baseURL`).
    static func send(_ resolved: ResolvedRequest, baseURL: String?) async throws -> Data {
        var resolved = resolved
        if case .path(let path) = resolved.target { resolved.target = .absolute((baseURL ?? "") + path) }
        var http = try resolved.httpRequest(serverProvider: nil)
        http.options.totalTimeout = .seconds(30)
        let response = try await dispatcher.dataFuture(from: http).value
        return Data(try response.body.bytes())
    }

    /// Sends `request` as Lazer would (resolved, files relative to `folder`) and returns the body.
    static func send(_ request: SavedRequest, folder: String, variables: [String: String] = [:]) async throws -> Data {
        let scope = VariableScope(process: variables)
        let resolved = RequestResolver(scope: scope, baseFolder: folder).resolve(request).request
        var http = try resolved.httpRequest(serverProvider: nil)
        http.options.totalTimeout = .seconds(30)
        let response = try await dispatcher.dataFuture(from: http).value
        return Data(try response.body.bytes())
    }
}
