import Foundation
import HTTPCore
import Testing

@Suite("HTTPMethod")
struct HTTPMethodTests {
    @Test("standard methods are upper-case tokens and custom tokens are accepted")
    func standardAndCustom() throws {
        #expect(HTTPMethod.get.rawValue == "GET")
        #expect(HTTPMethod.standard.count == 9)
        let purge = try HTTPMethod(token: "PURGE")
        #expect(purge.rawValue == "PURGE")
        #expect(HTTPMethod(rawValue: "GET") == .get)
        #expect(HTTPMethod(rawValue: "get") != .get)
    }

    @Test(
        "malformed tokens are rejected with a RequestError naming them",
        arguments: ["", "GET X", "A(B", "MÉTHODE", "a\r\n"])
    func invalid(token: String) {
        #expect(HTTPMethod(rawValue: token) == nil)
        #expect(throws: RequestError.invalidMethod(token)) { try HTTPMethod(token: token) }
    }

    @Test("methods round-trip through JSON and bad ones fail decoding")
    func codable() throws {
        let data = try JSONEncoder().encode([HTTPMethod.patch, try HTTPMethod(token: "REPORT")])
        #expect(String(decoding: data, as: UTF8.self) == #"["PATCH","REPORT"]"#)
        #expect(try JSONDecoder().decode([HTTPMethod].self, from: data) == [.patch, try HTTPMethod(token: "REPORT")])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([HTTPMethod].self, from: Data(#"["BAD ONE"]"#.utf8))
        }
    }

    @Test("GET, HEAD, OPTIONS and TRACE are bodyless")
    func bodyless() {
        #expect(HTTPMethod.standard.filter(\.isBodyless) == [.get, .head, .options, .trace])
    }
}
