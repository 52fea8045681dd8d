import Foundation
import Interop
import LoopbackTesting
import Testing
import Workspace

/// What the real `curl` sends is what the imported request sends through Lazer: each command runs
/// through bash and curl against the loopback echo server, then is imported and sent through
/// Lazer's resolver and transport; method, path and query, the headers that matter and the body
/// bytes (multipart: the parts) must be equal.
@Suite struct CurlVersusLazerTests {
    static let cases: [String] = [
        "curl URL",
        "curl -X POST URL -H 'Content-Type: application/json' -d '{\"a\": 1, \"b\": [true, null]}'",
        "curl URL -d 'a=1' -d 'b=two words&c'",
        "curl URL -d name=Ada -d 'city=S%C3%A3o+Paulo'",
        "curl URL --data-urlencode 'q=hello world&x' --data-urlencode '=héllo/ü' --data-urlencode name@note.txt",
        "curl URL -d @body.txt",
        "curl URL --data-binary @body.txt -H 'Content-Type: text/plain'",
        "curl URL --data-binary @body.txt",
        "curl --json '{\"x\":true}' URL",
        "curl --json '{\"a\":' --json '1}' URL",
        "curl -F 'name=Ada' -F 'file=@upload.txt;type=text/plain' -F 'note=<note.txt' URL",
        "curl -F 'file=@upload.txt;filename=renamed.txt' --form-string 'raw=@not-a-file' URL",
        "curl -u ada:s3cret URL",
        "curl -u ada:s3cret --digest URL",
        "curl -G -d q=1 -d 'r=a+b' 'URL?x=0'",
        "curl -T upload.bin URL",
        "curl -X PUT -T upload.bin URL",
        "curl -T upload.bin URL/",
        "curl -T 'up load&.txt' 'URL/?a=1#top'",
        "curl -X POST -T upload.txt URL/",
        "curl -T upload.txt -H 'Content-Type: text/plain' URL",
        "curl -F 'doc=@upload.txt' -F 'blob=@upload.bin' URL",
        "curl -b 'a=1; b=2' -A 'agent/1.0' -e 'http://ref.example/page' URL",
        "curl \\\n  -H $'X-Tab: a\\tb' \\\n  -H \"X-Quote: \\\"q\\\" \\$HOME\" \\\n  URL",
        "curl -H 'X-Empty;' -H 'X-Two: 1' -H 'X-Two: 2' URL",
        "curl --compressed -k -L --max-time 5 -sS URL",
        "curl -X PATCH --data-raw '@not-a-file' URL",
        "curl --url-query 'q=a b' --url-query '+raw=%20' 'URL?x=1'",
        "curl -r 0-99 URL",
        "curl -H \"Authorization: Bearer $TOKEN\" URL",
        "curl -XDELETE 'URL?id=7&force=true'",
        "curl -sSL -H'Accept: text/plain' URL",
        "curl --request OPTIONS URL",
        "curl -d '' URL",
        "curl --data-binary $'line1\\nline2\\r\\n' -H 'Content-Type: text/csv' URL",
    ]

    static let folder: String = {
        let path = NSTemporaryDirectory() + "lazer-curl-compare-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try? "line one\nline two\r\nline three\n".write(toFile: path + "/body.txt", atomically: true, encoding: .utf8)
        try? "a note & more\n".write(toFile: path + "/note.txt", atomically: true, encoding: .utf8)
        try? "uploaded bytes\n".write(toFile: path + "/upload.txt", atomically: true, encoding: .utf8)
        try? Data([0, 1, 2, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: path + "/upload.bin"))
        try? "spaced name\n".write(toFile: path + "/up load&.txt", atomically: true, encoding: .utf8)
        return path
    }()

    @Test(arguments: cases)
    func curlAndLazerSendTheSame(_ template: String) async throws {
        let server = try LoopbackServer.shared()
        let url = server.url("/echo").absoluteString
        let command = template.replacingOccurrences(of: "URL", with: url)
        let variables = ["TOKEN": "t0ken-value"]
        let curlOutput = try EchoExchange.runCurl(command, in: Self.folder, environment: variables)
        let source = ImportSource(name: "paste", bytes: Array(command.utf8), baseFolder: Self.folder)
        let imported = try CurlImport.requests(from: source, options: ImportOptions(targetFolder: Self.folder))
        try #require(imported.requests.count == 1)
        let lazerOutput = try await EchoExchange.send(imported.requests[0], folder: Self.folder, variables: variables)
        let keeping = Self.headersSet(by: command)
        let byCurl = try EchoedRequest(json: curlOutput, keeping: keeping)
        let byLazer = try EchoedRequest(json: lazerOutput, keeping: keeping)
        #expect(byCurl == byLazer, "\(command)")
        #expect(!byCurl.method.isEmpty, "curl reached the echo server: \(command)")
    }

    /// Client headers a command sets itself (`-H 'Accept: …'`, `-A`, `--json`), so they are compared too.
    static func headersSet(by command: String) -> Set<String> {
        var names: Set<String> = []
        let lower = command.lowercased()
        for name in EchoedRequest.clientHeaders where lower.contains(name + ":") { names.insert(name) }
        if lower.contains(" -a ") || lower.contains("--user-agent") { names.insert("user-agent") }
        if lower.contains("--json") { names.insert("accept") }
        return names
    }
}
