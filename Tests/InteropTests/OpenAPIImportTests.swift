import Interop
import Testing
import Workspace

/// OpenAPI 3.0 / 3.1 (JSON and YAML) and Swagger 2.0, on fixtures written here.
@Suite struct OpenAPIImportTests {
    static let yaml31 = """
        openapi: 3.1.0
        info: {title: Zoo, version: 1.0}
        servers:
          - url: https://{region}.zoo.test/v1
            description: Production
            variables:
              region: {default: eu, enum: [eu, us]}
          - url: http://localhost:8080/v1
        tags: [{name: animals, description: The animals}]
        security: [{token: []}]
        paths:
          /animals/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: integer, example: 7}}
            get:
              tags: [animals]
              operationId: getAnimal
              summary: Get an animal
              parameters:
                - {name: verbose, in: query, schema: {type: boolean, default: false}}
                - {name: limit, in: query, required: true, schema: {type: integer, enum: [10, 20]}}
                - {name: X-Trace, in: header, schema: {type: string}}
                - {name: session, in: cookie, schema: {type: string, example: abc}}
              responses:
                '404': {description: No such animal}
                '203': {description: From a cache}
                '200': {description: The animal}
          /animals:
            post:
              tags: [animals]
              summary: Add an animal
              security: [{basicAuth: []}]
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Animal'}
              responses:
                2XX: {description: Added}
                default: {description: An error}
          /files/{name}.json:
            get:
              summary: A file
              security: []
              parameters: [{name: name, in: path, required: true, schema: {type: string}}]
          /login:
            post:
              summary: Log in
              security: [{oauth: []}]
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      required: [user]
                      properties: {user: {type: string, example: ada}, remember: {type: boolean}}
        components:
          securitySchemes:
            token: {type: apiKey, in: header, name: X-API-Key}
            basicAuth: {type: http, scheme: basic}
            oauth: {type: oauth2, flows: {clientCredentials: {tokenUrl: 'https://auth.test/token', scopes: {}}}}
          schemas:
            Animal:
              type: object
              properties:
                id: {type: integer, readOnly: true}
                name: {type: string, example: Rex}
                born: {type: string, format: date}
                tags: {type: array, items: {type: string}}
                parent: {$ref: '#/components/schemas/Animal'}
        """

    func imported(_ text: String = yaml31, name: String = "zoo.yaml") throws(ImportError) -> ImportResult {
        try OpenAPIImport.importCollection(Fixtures.source(text, name: name), options: ImportOptions())
    }

    func request(_ result: ImportResult, _ name: String) throws -> SavedRequest {
        try #require(result.collection.allRequests.first { $0.request.name == name }?.request)
    }

    /// Two documents of one title and version are two collections (history and secrets are kept
    /// by collection id); the same file imported again keeps its id.
    @Test func twoDocumentsOfOneTitleGetTwoIDs() throws {
        let first = try imported(name: "zoo.yaml").collection.id
        #expect(try imported(name: "zoo.yaml").collection.id == first)
        #expect(try imported(name: "zoo-v2.yaml").collection.id != first)
    }

    @Test func foldersPerTagAndEnvironmentsPerServer() throws {
        let result = try imported()
        #expect(result.collection.name == "Zoo")
        #expect(result.collection.folders.map(\.name) == ["animals"])
        #expect(result.collection.folders[0].description == "The animals")
        #expect(result.collection.requests.map(\.name) == ["A file", "Log in"])
        let environments = result.collection.environments
        #expect(environments.map(\.name) == ["Production", "localhost:8080"])
        #expect(environments[0].baseURL == "https://{{region}}.zoo.test/v1")
        #expect(environments[0].variables.map(\.name) == ["region"])
        #expect(environments[0].variables[0].value == "eu")
        #expect(result.collection.defaultEnvironment == "Production")
    }

    @Test func theDocumentedSuccessBecomesAStatusCheck() throws {
        let result = try imported()
        // 404, 203 and 200 documented: the lowest 2xx.
        #expect(
            try request(result, "Get an animal").expectations == [
                Expectation(subject: .status, op: .equals, value: .integer(200))
            ])
        // Only a 2XX range: the range.
        #expect(
            try request(result, "Add an animal").expectations == [
                Expectation(subject: .status, op: .greaterThanOrEqual, value: .integer(200)),
                Expectation(subject: .status, op: .lessThan, value: .integer(300)),
            ])
        // No response documented: no check.
        #expect(try request(result, "Log in").expectations.isEmpty)
    }

    @Test func parametersBecomePathParamsQueryHeadersAndCookies() throws {
        let get = try request(try imported(), "Get an animal")
        #expect(get.id == "getAnimal")
        #expect(get.url == "/animals/:id")
        #expect(get.pathParams == [KeyValueRow(name: "id", value: "7")])
        #expect(
            get.query == [
                KeyValueRow(name: "verbose", value: "false", enabled: false), KeyValueRow(name: "limit", value: "10"),
            ])
        #expect(
            get.headers == [
                KeyValueRow(name: "X-Trace", value: "", enabled: false),
                KeyValueRow(name: "Cookie", value: "session=abc"),
            ])
        #expect(get.auth == SavedAuth(.apiKey(name: "X-API-Key", value: "{{token}}", location: .header)))
    }

    @Test func bodiesFromSchemasFollowReferencesAndStopOnCycles() throws {
        let result = try imported()
        let post = try request(result, "Add an animal")
        guard case .json(let json) = post.body.content else {
            Issue.record("not a JSON body")
            return
        }
        #expect(json["id"] == nil)
        #expect(json["name"] == .string("Rex"))
        #expect(json["born"] == .string("2024-01-01"))
        #expect(json["tags"] == .array([.string("string")]))
        #expect(json["parent"] == .null)
        #expect(post.auth == SavedAuth(.basic(username: "{{basicAuth.username}}", password: "{{basicAuth.password}}")))
        let login = try request(result, "Log in")
        #expect(
            login.body
                == SavedBody(
                    .formURLEncoded([
                        KeyValueRow(name: "remember", value: "true", enabled: false),
                        KeyValueRow(name: "user", value: "ada"),
                    ])))
        // An oauth2 scheme becomes oauth2 auth (issue 26): Lazer fetches the token itself.
        var oauth = OAuth2Auth(grant: .clientCredentials)
        oauth.tokenURL = "https://auth.test/token"
        oauth.clientID = "{{oauth.clientId}}"
        oauth.clientSecret = "{{oauth.clientSecret}}"
        #expect(login.auth == SavedAuth(.oauth2(oauth)))
        #expect(result.collection.variables.first { $0.name == "oauth.clientSecret" }?.secret == true)
        #expect(result.collection.variables.first { $0.name == "oauth.clientId" }?.secret == false)
    }

    @Test func openIDConnectAndAuthorizationCodeSchemesBecomeOAuth2AuthWithTheirScopes() throws {
        let text = """
            openapi: 3.1.0
            info: {title: Ids, version: '1'}
            paths:
              /a:
                get:
                  security: [{oidc: [openid, profile]}]
                  responses: {'200': {description: ok}}
              /b:
                get:
                  security: [{code: [read]}]
                  responses: {'200': {description: ok}}
            components:
              securitySchemes:
                oidc: {type: openIdConnect, openIdConnectUrl: 'https://id.test/.well-known/openid-configuration'}
                code:
                  type: oauth2
                  flows:
                    authorizationCode: {authorizationUrl: 'https://id.test/auth', tokenUrl: 'https://id.test/token', scopes: {read: r}}
            """
        let result = try imported(text, name: "ids.yaml")
        let requests = result.collection.allRequests.map(\.request)
        let a = try #require(requests.first { $0.url == "/a" })
        let b = try #require(requests.first { $0.url == "/b" })
        guard case .oauth2(let oidc) = a.auth.scheme, case .oauth2(let code) = b.auth.scheme else {
            Issue.record("not oauth2: \(a.auth), \(b.auth)")
            return
        }
        #expect(oidc.grant == .authorizationCode && oidc.issuer == "https://id.test" && oidc.scope == "openid profile")
        #expect(code.authorizationURL == "https://id.test/auth" && code.tokenURL == "https://id.test/token")
        #expect(code.scope == "read" && code.clientID == "{{code.clientId}}")
    }

    @Test func partialSegmentParametersBecomeVariablesAndEmptySecurityMeansNone() throws {
        let file = try request(try imported(), "A file")
        #expect(file.url == "/files/{{name}}.json")
        #expect(file.auth == SavedAuth(.none))
    }

    @Test func openAPI30JSONAndByteStability() throws {
        let json = """
            {"openapi": "3.0.3", "info": {"title": "J", "version": "1"},
             "servers": [{"url": "/api"}],
             "paths": {"/items": {"get": {"summary": "Items", "responses": {"200": {"description": "ok"}}},
                                   "put": {"requestBody": {"content": {"text/plain": {"example": "hello"}}}, "responses": {}}}}}
            """
        let result = try imported(json, name: "j.json")
        #expect(result.collection.requests.map(\.name) == ["Items", "PUT /items"])
        #expect(result.collection.requests[1].body == SavedBody(.text("hello", contentType: "text/plain")))
        #expect(result.collection.environments[0].baseURL == "{{origin}}/api")
        // Named by where it reaches with the defaults, not "{{origin}}" (awkward to type after --env).
        #expect(result.collection.environments[0].name == "localhost")
        let templated = """
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
             "servers": [{"url": "https://{region}.zoo.test", "variables": {"region": {"default": "eu"}}}],
             "paths": {}}
            """
        #expect(try imported(templated, name: "t.json").collection.environments.map(\.name) == ["eu.zoo.test"])
        #expect(try imported(json).collection.fileText() == imported(json).collection.fileText())
    }

    @Test func swagger20() throws {
        let swagger = """
            swagger: "2.0"
            info: {title: Pets, version: "1"}
            host: pets.test
            basePath: /api
            schemes: [https]
            securityDefinitions:
              key: {type: apiKey, in: query, name: api_key}
            security: [{key: []}]
            paths:
              /pets:
                post:
                  parameters:
                    - {name: pet, in: body, required: true, schema: {$ref: '#/definitions/Pet'}}
                    - {name: dry, in: query, type: boolean}
                  responses: {200: {description: ok}}
              /pets/{id}/photo:
                put:
                  consumes: [multipart/form-data]
                  parameters:
                    - {name: id, in: path, type: integer, required: true}
                    - {name: file, in: formData, type: file}
                  responses: {200: {description: ok}}
            definitions:
              Pet: {type: object, required: [name], properties: {name: {type: string, example: Tom}}}
            """
        let result = try imported(swagger, name: "pets.yaml")
        #expect(result.collection.environments.map(\.baseURL) == ["https://pets.test/api"])
        let post = result.collection.requests[0]
        #expect(post.body == SavedBody(.json(.object([StoredJSON.Member("name", .string("Tom"))]))))
        #expect(post.query == [KeyValueRow(name: "dry", value: "", enabled: false)])
        #expect(post.auth == SavedAuth(.apiKey(name: "api_key", value: "{{key}}", location: .query)))
        let photo = result.collection.requests[1]
        #expect(photo.url == "/pets/:id/photo")
        #expect(photo.body == SavedBody(.multipart([SavedPart(name: "file", source: .text("string"), enabled: false)])))
        #expect(result.report.items.contains { $0.what.contains("file part") })
    }

    @Test func malformedDocumentsGetPositionedErrors() throws {
        do {
            _ = try imported("openapi: 3.1.0\ninfo: [unclosed\n", name: "bad.yaml")
            Issue.record("no error")
        } catch {
            #expect(error.location.line != nil)
        }
        do {
            _ = try imported("{\"openapi\": \"3.0.0\", \"info\": {\"title\": 5}, \"paths\": {}}", name: "bad.json")
            Issue.record("no error")
        } catch {
            #expect(error.location.path?.hasPrefix("info") == true)
            #expect(error.location.line == 1)
        }
        // OpenAPIKit explains over several lines: the error is one line (a terminal showed ␊␊).
        do {
            _ = try imported(
                #"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"get": {}}}}"#)
            Issue.record("no error")
        } catch {
            #expect(!error.message.contains("\n"), "\(error.message)")
            #expect(error.message.contains("PathItem could not be decoded because: Expected to find `responses` key"))
        }
        #expect(throws: ImportError.self) { try imported("swagger: \"1.2\"\n") }
        #expect(throws: ImportError.self) { try imported("just text\n") }
        let bomb =
            "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
            + (1...9).map {
                "\(Character(UnicodeScalar(97 + $0)!)): &\(Character(UnicodeScalar(97 + $0)!)) ["
                    + Array(repeating: "*\(Character(UnicodeScalar(96 + $0)!))", count: 10).joined(separator: ", ")
                    + "]"
            }.joined(separator: "\n") + "\n"
        #expect(throws: ImportError.self) { try imported(bomb) }
    }
}
