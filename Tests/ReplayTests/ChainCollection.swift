/// A collection with a mock environment for the engine's tests: a login whose token (a secret
/// capture) authorises the next call, and requests that fail each way a request can.
enum ChainCollection {
    static let password = "hunter2-password"
    static let token = "tok-SECRET-4242"

    static let text = """
        {
          "formatVersion": 1,
          "id": "c0ffee00-0000-4000-8000-00000000cafe",
          "name": "Chain",
          "defaultEnvironment": "mock",
          "variables": [
            {
              "name": "password",
              "secret": true
            }
          ],
          "folders": [
            {
              "name": "Auth",
              "requests": [
                {
                  "id": "login",
                  "name": "Log in",
                  "method": "POST",
                  "url": "/login",
                  "body": {
                    "type": "json",
                    "json": {
                      "password": "{{password}}"
                    }
                  },
                  "expectations": [
                    {
                      "subject": "status",
                      "op": "equals",
                      "value": 200
                    }
                  ],
                  "captures": [
                    {
                      "variable": "token",
                      "from": "jsonPath",
                      "path": "$.token",
                      "secret": true
                    },
                    {
                      "variable": "userId",
                      "from": "jsonPath",
                      "path": "$.user"
                    }
                  ]
                },
                {
                  "id": "me",
                  "name": "Who am I",
                  "method": "GET",
                  "url": "/users/{{userId}}",
                  "query": [
                    {
                      "name": "key",
                      "value": "{{token}}"
                    }
                  ],
                  "headers": [
                    {
                      "name": "Authorization",
                      "value": "Bearer {{token}}"
                    }
                  ],
                  "expectations": [
                    {
                      "subject": "status",
                      "op": "equals",
                      "value": 200
                    },
                    {
                      "subject": "jsonPath",
                      "path": "$.name",
                      "op": "equals",
                      "value": "Ada"
                    },
                    {
                      "subject": "jsonPath",
                      "path": "$.id",
                      "op": "equals",
                      "value": 7.0
                    }
                  ]
                }
              ]
            },
            {
              "name": "Failures",
              "requests": [
                {
                  "id": "wrong-name",
                  "name": "Wrong name",
                  "method": "GET",
                  "url": "/users/7",
                  "headers": [
                    {
                      "name": "Authorization",
                      "value": "Bearer {{token}}"
                    }
                  ],
                  "expectations": [
                    {
                      "subject": "jsonPath",
                      "path": "$.name",
                      "op": "equals",
                      "value": "Grace"
                    },
                    {
                      "subject": "jsonPath",
                      "path": "$.echo",
                      "op": "equals",
                      "value": "not the token"
                    }
                  ]
                },
                {
                  "id": "unauthorised",
                  "name": "Unauthorised",
                  "method": "GET",
                  "url": "/users/7",
                  "expectations": [
                    {
                      "subject": "status",
                      "op": "equals",
                      "value": 200
                    }
                  ]
                },
                {
                  "id": "refused",
                  "name": "Refused",
                  "method": "GET",
                  "url": "/refused"
                },
                {
                  "id": "slow",
                  "name": "Slow",
                  "method": "GET",
                  "url": "/slow"
                },
                {
                  "id": "undefined",
                  "name": "Undefined",
                  "method": "GET",
                  "url": "/users/{{nobody}}"
                }
              ]
            }
          ],
          "environments": [
            {
              "name": "mock",
              "kind": "mock",
              "baseURL": "http://chain.mock",
              "routes": [
                {
                  "method": "POST",
                  "path": "/login",
                  "json": {
                    "password": "\(password)"
                  },
                  "response": {
                    "json": {
                      "token": "\(token)",
                      "user": 7
                    }
                  }
                },
                {
                  "method": "GET",
                  "path": "/users/:id(int)",
                  "headers": [
                    {
                      "name": "Authorization",
                      "value": "Bearer \(token)"
                    }
                  ],
                  "response": {
                    "json": {
                      "id": 7,
                      "name": "Ada",
                      "echo": "\(token)"
                    }
                  }
                },
                {
                  "method": "GET",
                  "path": "/users/:id(int)",
                  "response": {
                    "status": 401,
                    "json": {
                      "error": "no token"
                    }
                  }
                },
                {
                  "method": "GET",
                  "path": "/refused",
                  "response": {
                    "failure": "connectionRefused"
                  }
                },
                {
                  "method": "GET",
                  "path": "/slow",
                  "response": {
                    "delayMilliseconds": 60000
                  }
                }
              ]
            }
          ]
        }

        """
}
