import Foundation
import LoopbackTesting
import Testing

/// `{{$prompt}}` / `{{$select}}` headless, and `lazer send --var`: answered by `--var 'Label=…'`,
/// never asked on stdin; without an answer the run stops at once with the `--var` to pass.
@Suite("prompts headless")
struct PromptCommandTests {
    private func collection(_ server: LoopbackServer, scratch: RunCommandTests.Scratch) throws -> String {
        try scratch.write(
            """
            {
              "formatVersion": 1,
              "id": "prompts-0000-4000-8000-000000000001",
              "name": "Prompts",
              "defaultEnvironment": "local",
              "environments": [ { "name": "local", "kind": "live", "baseURL": "\(server.url("/").absoluteString)" } ],
              "requests": [
                { "id": "p-1", "name": "Order", "method": "GET", "url": "/echo/orders/{{$prompt \\"Order id\\"}}",
                  "headers": [ { "name": "X-Region", "value": "{{$select \\"Region\\" eu us}}" } ] }
              ]
            }
            """, to: "prompts.json")
    }

    private func run(_ arguments: [String], _ scratch: RunCommandTests.Scratch) throws -> LazerBinary.Output {
        // stdin holds an answer: a run must not read it.
        try LazerBinary.run(
            ["run"] + arguments + ["--no-history", "--reporter", "json"], stdin: Data("99\n".utf8),
            environment: scratch.environment)
    }

    @Test("lazer run without an answer fails at once, names the label and the --var to pass, reads no stdin")
    func runWithoutAnswer() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try collection(server, scratch: scratch)
        let result = try run([file, "--var", "Region=eu"], scratch)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                #"{{$prompt \"Order id\"}} is asked at send; without asking, pass --var 'Order id=VALUE'"#),
            "\(result.stdout)")
        #expect(!result.stdout.contains("/orders/99"))
    }

    @Test("lazer run --var 'Label=value' answers the prompt and the select; the server receives them")
    func runWithAnswers() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try collection(server, scratch: scratch)
        let result = try run([file, "--var", "Order id=A-17", "--var", "Region=us"], scratch)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("/echo/orders/A-17"), "\(result.stdout)")
        let wrong = try run([file, "--var", "Order id=A-17", "--var", "Region=mars"], scratch)
        #expect(wrong.status == 2)
        #expect(wrong.stdout.contains(#"\"mars\" is not one of its options: eu, us"#), "\(wrong.stdout)")
    }

    @Test("lazer send --var fills {{name}}, dynamic values and prompts in the URL, headers and body")
    func sendWithVars() throws {
        let server = try LoopbackServer.shared()
        let result = try LazerBinary.run([
            "send", "POST", server.url("/echo").absoluteString + "/{{id}}/{{$prompt \"Order id\"}}",
            "--var", "id=7", "--var", "Order id=A 1", "-H", "X-Id: {{id}}-{{$randomInt 3 4}}",
            "--json", #"{"id": "{{id}}"}"#,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let echo = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(echo?["path"] as? String == "/echo/7/A%201")
        let headers = echo?["headers"] as? [[String]] ?? []
        #expect(headers.contains(["X-Id", "7-3"]))
        let body = (echo?["body"] as? String).flatMap { Data(base64Encoded: $0) }
        #expect(body == Data(#"{"id": "7"}"#.utf8))
    }

    @Test("lazer send with a {{name}} no --var gives: a usage error naming it, exit 2, nothing sent")
    func sendUnresolved() throws {
        let result = try LazerBinary.run(["send", "http://127.0.0.1:9/{{id}}"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("the URL: {{id}} has no value: pass --var id=VALUE"), "\(result.stderr)")
        let prompt = try LazerBinary.run(
            ["send", "http://127.0.0.1:9/", "-H", "X: {{$prompt \"Token\"}}"], stdin: Data("t\n".utf8))
        #expect(prompt.status == 2)
        #expect(
            prompt.stderr.contains(
                "-H #1: {{$prompt Token}} is asked at send; without asking, pass --var 'Token=VALUE'"),
            "\(prompt.stderr)")
    }
}
