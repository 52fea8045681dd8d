import Foundation

/// Collection texts shared by the tests, written in the canonical form `save` produces.
enum Fixtures {
    /// The repository root (this file is Tests/WorkspaceTests/Fixtures.swift).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static let minimal = """
        {
          "$schema": "https://lazer.dev/schema/collection-v1.json",
          "formatVersion": 1,
          "id": "c0ffee00-0000-4000-8000-000000000001",
          "name": "Sample",
          "defaultEnvironment": "local",
          "variables": [
            {
              "name": "userId",
              "value": "7"
            }
          ],
          "folders": [
            {
              "name": "Posts",
              "requests": [
                {
                  "id": "req-list",
                  "name": "List posts",
                  "method": "GET",
                  "url": "/posts",
                  "query": [
                    {
                      "name": "userId",
                      "value": "{{userId}}"
                    }
                  ]
                }
              ]
            }
          ],
          "requests": [
            {
              "id": "req-get",
              "name": "Get post",
              "method": "GET",
              "url": "/posts/:id",
              "pathParams": [
                {
                  "name": "id",
                  "value": "1"
                }
              ]
            },
            {
              "id": "req-create",
              "name": "Create post",
              "method": "POST",
              "url": "{{api}}/posts",
              "body": {
                "type": "json",
                "json": {
                  "title": "{{title}}",
                  "userId": 7
                }
              }
            }
          ],
          "environments": [
            {
              "name": "local",
              "kind": "live",
              "baseURL": "http://127.0.0.1:8080",
              "variables": [
                {
                  "name": "api",
                  "value": "http://127.0.0.1:8080/api"
                },
                {
                  "name": "token",
                  "secret": true
                }
              ]
            }
          ]
        }

        """

    /// `minimal` with one field replaced (exactly once).
    static func minimal(replacing old: String, with new: String) -> String {
        minimal.replacingOccurrences(of: old, with: new)
    }
}
