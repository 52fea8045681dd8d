import Foundation
import HTTPCore
import MockServer
import Synchronization

/// A collection file with a mock environment in a fresh temporary folder, served by a real
/// `MockHTTPServer` on a free loopback port.
final class MockFixture {
    let folder: URL
    let file: URL
    private(set) var server: MockHTTPServer?
    let table = MockRouteTable()
    let logs = LogBox()

    /// `routes` is the JSON text of the environment's `routes` array.
    init(routes: String, files: [String: Data] = [:]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, data) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        file = folder.appendingPathComponent("api.json")
        try write(routes: routes)
    }

    deinit {
        server?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    static func collection(routes: String) -> String {
        """
        {
          "formatVersion": 1,
          "id": "7b1c2d3e-0000-4000-8000-000000000001",
          "name": "API",
          "defaultEnvironment": "mock",
          "requests": [],
          "environments": [
            { "name": "mock", "kind": "mock", "baseURL": "http://api.mock", "routes": \(routes) }
          ]
        }
        """
    }

    func write(routes: String) throws {
        try Data(Self.collection(routes: routes).utf8).write(to: file)
    }

    /// Loads the environment and starts serving it.
    @discardableResult
    func start() throws -> MockServerRoutes {
        let loaded = try MockServerRoutes.load(file.path, environment: nil)
        table.replace(with: loaded.routes)
        let logs = self.logs
        server = try MockHTTPServer(table: table, port: 0, guardrail: loaded.guardrail) { logs.append($0) }
        return loaded
    }

    var port: Int { server?.port ?? 0 }

    func request(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") throws
        -> RawHTTPClient.Answer
    {
        try RawHTTPClient.request(port: port, method, target, headers: headers, body: body)
    }
}

/// Request log entries collected from the event loops.
final class LogBox: Sendable {
    private let entries = Mutex<[MockRequestLog]>([])

    func append(_ entry: MockRequestLog) {
        entries.withLock { $0.append(entry) }
    }

    var all: [MockRequestLog] { entries.withLock { $0 } }
}

/// Waits until `condition` holds, checking every 20 ms, for at most `seconds` (a bound against
/// hanging, not a timing assertion).
func eventually(_ seconds: Double = 20, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}

/// This process's resident memory in bytes (`VmRSS` of /proc/self/status).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    return kilobytes * 1024
}
