import Explorer
import HTTPCore
import JSONTree

/// Exchange results as the program hands them to the reducer, for pure tests.
enum Results {
    static func json(
        _ text: String, generation: Int, status: Int = 200, reason: String = "OK", checks: [CheckResult] = [],
        banner: Translation? = nil, environment: String = "dev"
    ) throws -> ExchangeResult {
        let document = try JSONDocument(text: text)
        return result(
            generation: generation, environment: environment,
            response: ReceivedResponse(
                status: status, reason: reason, httpVersion: "HTTP/1.1",
                headers: [("Content-Type", "application/json"), ("X-Request-Id", "r-42")],
                timings: Timings(
                    dnsLookup: .milliseconds(2), connect: .milliseconds(5), preTransfer: .milliseconds(6),
                    timeToFirstByte: .milliseconds(30), total: .milliseconds(42)),
                size: Int64(text.utf8.count), content: .json(document), contentType: "application/json",
                banner: banner, checks: checks))
    }

    static func text(_ text: String, generation: Int, contentType: String = "text/plain") -> ExchangeResult {
        let bytes = Array(text.utf8)
        return result(
            generation: generation, environment: "dev",
            response: ReceivedResponse(
                status: 200, reason: "OK", httpVersion: "HTTP/1.1", headers: [("Content-Type", contentType)],
                timings: Timings(total: .milliseconds(3)), size: Int64(bytes.count),
                content: .text(TextBody(bytes: bytes), problem: nil), contentType: contentType, banner: nil,
                checks: []))
    }

    static func binary(_ bytes: [UInt8], generation: Int) -> ExchangeResult {
        result(
            generation: generation, environment: "dev",
            response: ReceivedResponse(
                status: 200, reason: "OK", httpVersion: "HTTP/1.1",
                headers: [("Content-Type", "application/octet-stream")], timings: Timings(total: .milliseconds(3)),
                size: Int64(bytes.count), content: .binary(TextBody(binary: bytes)),
                contentType: "application/octet-stream", banner: nil, checks: []))
    }

    static func failure(generation: Int) -> ExchangeResult {
        ExchangeResult(
            generation: generation,
            outcome: .failure(
                FailureCard(
                    translation: Translation(
                        title: "The server's name could not be found",
                        explanation: "dev.mock does not resolve to an address.",
                        hint: "Check the base URL of the environment.",
                        technicalDetail: "Could not resolve host: dev.mock"),
                    origin: "the base URL of environment \"dev\" (mock): http://dev.mock",
                    elapsed: .milliseconds(15))),
            environmentName: "dev", isMock: true, url: "http://dev.mock/users?limit=10", method: "GET")
    }

    private static func result(generation: Int, environment: String, response: ReceivedResponse) -> ExchangeResult {
        ExchangeResult(
            generation: generation, outcome: .response(response), environmentName: environment, isMock: true,
            url: "http://dev.mock/users?limit=10", method: "GET")
    }

    /// The users document the `dev` environment of `Alpha` answers `GET /users` with.
    static let users = """
        [{"id":1,"name":"Ada","tags":["admin","ops"],"address":{"city":"London","zip":"N1"}},\
        {"id":2,"name":"Grace","tags":[],"address":{"city":"Arlington","zip":"22201"}}]
        """
}
