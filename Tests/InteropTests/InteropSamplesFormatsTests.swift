import HTTPCore
import Interop
import Testing
import Workspace

/// The Postman, OpenAPI and HAR files of ../shared/interop-samples, imported and compared with
/// the counts and fields its README gives for each.
@Suite(.enabled(if: InteropSamples.isPresent, "../shared/interop-samples is not on this machine"))
struct InteropSamplesFormatsTests {
    func imported(_ name: String) throws -> ImportResult {
        try Importer.importSource(try InteropSamples.load(name))
    }

    func methods(_ collection: RequestCollection) -> [String: Int] {
        collection.allRequests.reduce(into: [:]) { $0[$1.request.method.rawValue, default: 0] += 1 }
    }

    func folderCount(_ folders: [Folder]) -> Int {
        folders.count + folders.map { folderCount($0.folders) }.reduce(0, +)
    }

    @Test func postmanInsomniaComplex() throws {
        let result = try imported("postman21_insomnia_complex.postman_collection.json")
        #expect(result.collection.allRequests.count == 6)
        #expect(folderCount(result.collection.folders) == 1)
        #expect(methods(result.collection) == ["POST": 6])
        #expect(result.report.items.contains { $0.what.hasPrefix("GraphQL") })
        #expect(result.report.items.contains { $0.what.contains("body mode \"unknown\"") })
    }

    @Test func postmanRealworldConduit() throws {
        let result = try imported("postman21_realworld_conduit.postman_collection.json")
        #expect(result.collection.allRequests.count == 32)
        #expect(folderCount(result.collection.folders) == 5)
        #expect(methods(result.collection) == ["POST": 8, "GET": 18, "PUT": 2, "DELETE": 4])
        // Test scripts on 30 of the 32 requests, carried as scripts (issue 32), none left as notes.
        #expect(result.collection.allRequests.filter { $0.request.scripts?.test != nil }.count == 30)
        #expect(result.collection.allRequests.filter { $0.request.notes != nil }.isEmpty)
        #expect(result.report.items.filter { $0.what.contains("script") }.isEmpty)
    }

    @Test func postmanRedoclyMuseum() throws {
        let result = try imported("postman21_redocly_museum.postman_collection.json")
        #expect(result.collection.allRequests.count == 8)
        #expect(folderCount(result.collection.folders) == 3)
        #expect(methods(result.collection) == ["GET": 4, "PATCH": 1, "DELETE": 1, "POST": 2])
        #expect(result.collection.variables.count == 1)
        // Collection-level basic auth, inherited by every request.
        #expect(
            result.collection.allRequests.allSatisfy {
                if case .basic = result.collection.authInForce(for: $0.request).auth.scheme { return true }
                return false
            })
        #expect(result.collection.allRequests.filter { $0.request.body != .empty }.count == 3)
    }

    @Test func postmanNewmanEchoV20() throws {
        let result = try imported("postman20_newman_echo_v2.postman_collection.json")
        #expect(result.collection.allRequests.count == 22)
        #expect(folderCount(result.collection.folders) == 7)
        #expect(methods(result.collection) == ["GET": 17, "POST": 2, "PUT": 1, "PATCH": 1, "DELETE": 1])
        let auths = result.collection.allRequests.map(\.request.auth.scheme)
        #expect(auths.filter { if case .digest = $0 { true } else { false } }.count == 1)
        #expect(auths.filter { if case .basic = $0 { true } else { false } }.count == 1)
        #expect(result.report.items.contains { $0.what.hasPrefix("OAuth 1.0") })
        #expect(result.collection.allRequests.filter { $0.request.scripts?.test != nil }.count == 22)
    }

    @Test func postmanEnvironment() throws {
        let result = try Importer.importEnvironments(
            try InteropSamples.load("postman_env_insomnia_basic.postman_environment.json"))
        #expect(result.environments.map(\.name) == ["Production Env"])
        #expect(result.environments[0].variables.map(\.name) == ["foo"])
        #expect(result.report.items.count == 1)
    }

    @Test func openAPIEndpointSecurity() throws {
        let result = try imported("oas30_insomnia_endpoint_security.yaml")
        #expect(result.collection.allRequests.count == 12)
        #expect(methods(result.collection) == ["GET": 12])
        #expect(result.collection.environments.map(\.baseURL) == ["https://api.server.test/v1"])
        let schemes = result.collection.allRequests.map(\.request.auth.scheme)
        #expect(schemes.contains { if case .basic = $0 { true } else { false } })
        #expect(schemes.contains { if case .apiKey(_, _, .query) = $0 { true } else { false } })
        #expect(schemes.contains { if case .apiKey(_, _, .header) = $0 { true } else { false } })
        #expect(result.collection.allRequests.contains { $0.request.headers.contains { $0.name == "Cookie" } })
        #expect(result.report.items.contains { $0.what.contains("OAuth 2.0") })
    }

    @Test func openAPIPetstore30() throws {
        let result = try imported("oas30_oai_petstore.yaml")
        #expect(result.collection.allRequests.count == 3)
        #expect(methods(result.collection) == ["GET": 2, "POST": 1])
        #expect(result.collection.environments.map(\.baseURL) == ["http://petstore.swagger.io/v1"])
        #expect(result.collection.allRequests.filter { $0.request.body != .empty }.count == 1)
    }

    @Test func openAPI31Conduit() throws {
        let result = try imported("oas31_realworld_conduit.yml")
        #expect(result.collection.allRequests.count == 19)
        #expect(methods(result.collection) == ["POST": 6, "GET": 7, "PUT": 2, "DELETE": 4])
        #expect(result.collection.environments.map(\.baseURL) == ["https://api.realworld.show/api"])
        let bodies = result.collection.allRequests.filter {
            if case .json = $0.request.body.content { return true }
            return false
        }
        #expect(bodies.count == 6)
    }

    @Test func swagger20PetstoreExpanded() throws {
        let result = try imported("swagger20_oai_petstore-expanded.yaml")
        #expect(result.collection.allRequests.count == 4)
        #expect(methods(result.collection) == ["GET": 2, "POST": 1, "DELETE": 1])
        #expect(result.collection.environments.map(\.baseURL) == ["http://petstore.swagger.io/api"])
        #expect(result.collection.allRequests.filter { $0.request.body != .empty }.count == 1)
    }

    @Test func harFirefox() throws {
        let result = try imported("har_mitmproxy_firefox.har")
        #expect(result.collection.allRequests.count == 14)
        #expect(methods(result.collection) == ["GET": 14])
    }

    @Test func harChromePostData() throws {
        let result = try imported("har_mitmproxy_postdata.har")
        #expect(result.collection.allRequests.count == 1)
        let request = try #require(result.collection.allRequests.first?.request)
        #expect(request.method == .post)
        #expect(request.body != .empty)
        #expect(!request.headers.contains { $0.name.hasPrefix(":") })
        #expect(result.report.items.contains { $0.what.hasPrefix("HTTP/2 pseudo-headers") })
    }
}
