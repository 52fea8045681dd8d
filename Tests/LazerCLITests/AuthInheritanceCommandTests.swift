import Foundation
import LoopbackTesting
import Testing

/// Auth set once on a folder or the collection reaches the requests that inherit it, over the
/// wire (`lazer run` against the loopback server, which echoes the headers it got); `none` on a
/// request sends none; `lazer export` writes the hierarchy where the format has one (Postman) and
/// the auth in force where it has none (.http).
@Suite("auth inheritance")
struct AuthInheritanceCommandTests {
    static func collection(port: Int) -> String {
        func echo(_ id: String, _ name: String, auth: String = "", op: String, _ value: String) -> String {
            """
            {"id": "\(id)", "name": "\(name)", "method": "GET", "url": "/echo"\(auth),
             "expectations": [{"subject": "body", "op": "\(op)", "value": "\(value)"}]}
            """
        }
        return """
            {
              "formatVersion": 1, "id": "inherit", "name": "Inherit", "defaultEnvironment": "local",
              "auth": {"type": "bearer", "token": "{{token}}"},
              "variables": [{"name": "token", "value": "t-123"}],
              "folders": [
                {"name": "Admin", "auth": {"type": "basic", "username": "admin", "password": "pw"},
                 "folders": [{"name": "Deeper", "requests": [\(echo("deep", "Deep", op: "contains", "Basic YWRtaW46cHc="))]}],
                 "requests": [
                   \(echo("admin", "Admin list", op: "contains", "Basic YWRtaW46cHc=")),
                   \(echo("own", "Own key", auth: #", "auth": {"type": "apiKey", "name": "X-Key", "value": "k", "in": "header"}"#, op: "notContains", "Authorization"))
                 ]}
              ],
              "requests": [
                \(echo("top", "Top", op: "contains", "Bearer t-123")),
                \(echo("open", "Open", auth: #", "auth": {"type": "none"}"#, op: "notContains", "Authorization"))
              ],
              "environments": [{"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:\(port)"}]
            }
            """
    }

    @Test("lazer run sends the folder's or the collection's auth to requests that inherit, none to none")
    func run() throws {
        let server = try LoopbackServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(port: server.port), to: "inherit.json")
        let result = try LazerBinary.run(
            ["run", file, "--no-history"], environment: scratch.environment, currentDirectory: scratch.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("5 requests: 5 passed"), "\(result.stdout)")
        let validate = try LazerBinary.run(["validate", file], environment: scratch.environment)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
    }

    @Test("export: Postman keeps the hierarchy (noauth for none), .http writes the auth in force")
    func export() throws {
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(port: 9), to: "inherit.json")
        let postman = try LazerBinary.run(
            ["export", file, "--format", "postman", "--reveal-secrets"], environment: scratch.environment)
        #expect(postman.status == 0, "\(postman.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(postman.stdout.utf8)) as? [String: Any])
        #expect((root["auth"] as? [String: Any])?["type"] as? String == "bearer")
        let items = root["item"] as? [[String: Any]] ?? []
        let admin = try #require(items.first { $0["name"] as? String == "Admin" })
        #expect((admin["auth"] as? [String: Any])?["type"] as? String == "basic")
        func request(_ name: String, in items: [[String: Any]]) -> [String: Any]? {
            items.first { $0["name"] as? String == name }?["request"] as? [String: Any]
        }
        #expect(request("Top", in: items)?["auth"] == nil)
        #expect((request("Open", in: items)?["auth"] as? [String: Any])?["type"] as? String == "noauth")

        let http = try LazerBinary.run(["export", file, "--format", "http"], environment: scratch.environment)
        #expect(http.status == 0, "\(http.stderr)")
        let blocks = http.stdout.components(separatedBy: "###")
        let deep = try #require(blocks.first { $0.contains("Admin/Deeper/Deep") })
        #expect(deep.contains("Authorization: Basic admin:pw"))
        let top = try #require(blocks.first { $0.hasPrefix(" Top") })
        #expect(top.contains("Authorization: Bearer {{token}}"))
        let open = try #require(blocks.first { $0.hasPrefix(" Open") })
        #expect(!open.contains("Authorization"))
    }
}
