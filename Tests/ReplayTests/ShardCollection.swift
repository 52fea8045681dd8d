/// A collection for the shard and merge tests: `Login` captures a token `Orders` uses (so the two
/// folders are one unit), `Health` stands alone with a failing check, and two top-level requests.
enum ShardCollection {
    static let text = """
        {
          "formatVersion": 1,
          "id": "5ba4d000-0000-4000-8000-000000000001",
          "name": "Sharded",
          "defaultEnvironment": "mock",
          "folders": [
            {"name": "Login", "requests": [
              {"id": "login", "name": "Log in", "method": "POST", "url": "/login",
               "captures": [{"variable": "token", "from": "jsonPath", "path": "$.token"}],
               "expectations": [{"subject": "status", "op": "equals", "value": 200}]}]},
            {"name": "Orders", "requests": [
              {"id": "orders", "name": "Orders", "method": "GET", "url": "/orders",
               "headers": [{"name": "X-Token", "value": "{{token}}"}],
               "expectations": [{"subject": "status", "op": "equals", "value": 200}]}]},
            {"name": "Health", "requests": [
              {"id": "health", "name": "Health", "method": "GET", "url": "/health",
               "expectations": [{"subject": "status", "op": "equals", "value": 200}]},
              {"id": "version", "name": "Version", "method": "GET", "url": "/version",
               "expectations": [{"subject": "body", "op": "equals", "value": "2.0"}]}]}
          ],
          "requests": [
            {"id": "ping", "name": "Ping", "method": "GET", "url": "/ping"},
            {"id": "pong", "name": "Pong", "method": "GET", "url": "/pong"}
          ],
          "environments": [
            {"name": "mock", "kind": "mock", "baseURL": "http://shard.mock", "routes": [
              {"method": "POST", "path": "/login", "response": {"json": {"token": "t-123"}}},
              {"method": "GET", "path": "/orders", "headers": [{"name": "X-Token", "value": "t-123"}],
               "response": {"json": [1, 2]}},
              {"method": "GET", "path": "/health", "response": {"text": "ok"}},
              {"method": "GET", "path": "/version", "response": {"text": "1.0"}},
              {"method": "GET", "path": "/ping", "response": {"text": "pong"}},
              {"method": "GET", "path": "/pong", "response": {"text": "ping"}}
            ]}
          ]
        }

        """
}
