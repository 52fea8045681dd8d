import Foundation

extension Process {
    /// Sends an empty `method` request to `address` with Python's urllib and returns the answer's
    /// body: the test servers' hooks (no Lazer code involved, and Foundation on Linux has no HTTP
    /// client without FoundationNetworking).
    static func hook(_ address: String, method: String = "GET") throws -> Data {
        let process = Process()
        process.executableURL = try LoopbackServer.python()
        process.arguments = [
            "-c",
            "import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen("
                + "urllib.request.Request(sys.argv[1], method=sys.argv[2]), timeout=20).read())",
            address, method,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}

extension PortReportingChild {
    /// `script` (beside this file) run by the test virtualenv's python (`scripts/oauth-venv.sh`
    /// makes it when missing: Authlib, graphql-core), and the HTTP port it reported.
    static func virtualenvServer(_ script: String) throws -> (PortReportingChild, port: Int) {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = folder.deletingLastPathComponent().deletingLastPathComponent()
        let python = try OAuthTestServer.virtualenvPython(root: root)
        let child = try PortReportingChild(
            script: folder.appendingPathComponent(script), arguments: [], python: python)
        guard let port = child.ports["http"] else { throw LoopbackServer.StartError.noPortLine(child.firstLine) }
        return (child, port)
    }
}
