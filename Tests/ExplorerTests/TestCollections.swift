import Explorer
import ExplorerTesting
import Foundation
import TUI
import Workspace

/// Small collections written for these tests, so each test states exactly what it relies on.
enum TestCollections {
    static let alphaID = "alpha-0000-4000-8000-000000000001"
    static let betaID = "beta-0000-4000-8000-000000000002"

    /// `Alpha`: a top-level request, a folder with a subfolder, an empty folder; a mock
    /// environment `dev` (the default) and a live one `prod` with another base URL; a secret
    /// collection variable `token` (its value comes from `LAZER_VAR_token`).
    static let alpha = FixtureFile.text(
        "alpha.json",
        """
        {
          "formatVersion": 1,
          "id": "\(alphaID)",
          "name": "Alpha",
          "defaultEnvironment": "dev",
          "variables": [
            { "name": "limit", "value": "10" },
            { "name": "token", "secret": true }
          ],
          "environments": [
            {
              "name": "dev",
              "kind": "mock",
              "baseURL": "http://dev.mock",
              "routes": [
                { "method": "GET", "path": "/users", "response": { "status": 200, "json": [
                  { "id": 1, "name": "Ada", "tags": ["admin", "ops"], "address": { "city": "London", "zip": "N1" } },
                  { "id": 2, "name": "Grace", "tags": [], "address": { "city": "Arlington", "zip": "22201" } }
                ] } },
                { "method": "GET", "path": "/users/:id", "response": { "status": 200, "json": { "id": 7, "name": "Linus" } } },
                { "method": "POST", "path": "/users", "response": { "status": 201, "json": { "id": 3 } } },
                { "method": "GET", "path": "/", "response": { "status": 200, "text": "hello" } },
                { "method": "GET", "path": "/slow", "response": { "status": 200, "json": { "late": true }, "delayMilliseconds": 3000 } }
              ]
            },
            { "name": "prod", "kind": "live", "baseURL": "https://api.example.com" }
          ],
          "requests": [
            { "id": "a-root", "name": "Root", "method": "GET", "url": "/" }
          ],
          "folders": [
            {
              "name": "Users",
              "requests": [
                {
                  "id": "a-users", "name": "List users", "method": "GET", "url": "/users",
                  "query": [ { "name": "limit", "value": "{{limit}}" } ],
                  "headers": [ { "name": "Accept", "value": "application/json" } ],
                  "expectations": [
                    { "subject": "status", "op": "equals", "value": 200 },
                    { "subject": "jsonPath", "path": "$[0].name", "op": "equals", "value": "Grace" }
                  ]
                },
                {
                  "id": "a-user", "name": "Get user", "method": "GET", "url": "/users/:id",
                  "pathParams": [ { "name": "id", "value": "7" } ]
                },
                {
                  "id": "a-create", "name": "Create user", "method": "POST", "url": "/users",
                  "body": { "type": "json", "json": { "name": "Ada" } }
                },
                { "id": "a-slow", "name": "Slow", "method": "GET", "url": "/slow" }
              ],
              "folders": [
                {
                  "name": "Admin",
                  "requests": [
                    {
                      "id": "a-admin", "name": "Admin panel", "method": "GET", "url": "/admin",
                      "headers": [ { "name": "X-Trace", "value": "{{traceId}}" } ],
                      "auth": { "type": "bearer", "token": "{{token}}" }
                    }
                  ]
                }
              ]
            },
            { "name": "Empty", "requests": [] }
          ]
        }
        """)

    /// `Beta`: one request, no environments.
    static let beta = FixtureFile.text(
        "beta.json",
        """
        {
          "formatVersion": 1,
          "id": "\(betaID)",
          "name": "Beta",
          "requests": [
            { "id": "b-ping", "name": "Ping", "method": "HEAD", "url": "https://beta.example.com/ping" }
          ]
        }
        """)

    /// A collection file that does not parse.
    static let broken = FixtureFile.text("broken.json", "{\n  \"formatVersion\": 1,\n  \"id\": \n}\n")

    static let environment = ["LAZER_VAR_token": "s3cret-token-value"]

    static func key(_ requestID: String, in collectionID: String = alphaID) -> RequestKey {
        RequestKey(collectionID: collectionID, requestID: requestID)
    }
}

/// A reducer driver over `files` in a fresh folder (kept alive with it).
struct ReducerFixture {
    let folder: HarnessFolder
    var driver: ExplorerReducerDriver

    init(
        _ files: [FixtureFile] = [TestCollections.alpha], size: Size = ExplorerHarness.standardSize,
        startup: StartupRequest = StartupRequest(), processEnvironment: [String: String] = TestCollections.environment
    ) throws {
        folder = try HarnessFolder()
        driver = try ExplorerReducerDriver(
            loading: files, in: folder, size: size, processEnvironment: processEnvironment, startup: startup)
    }
}
