import Foundation
package import HTTPCore

/// Turns a mock environment's saved routes into `MockDispatcher` routes. File bodies are
/// resolved relative to the collection file's folder.
package enum MockRouteBuilder {
    /// The routes, in file order; throws a `MockRouteError` naming the route for a bad path (the
    /// loader already reports those with their position, so this only fires for routes built in
    /// code or edited since).
    package static func routes(for environment: Environment, baseFolder: String) throws(MockRouteError) -> [MockRoute] {
        try environment.routes.map { saved throws(MockRouteError) in
            do throws(MockError) {
                return try MockRoute(
                    method: saved.method.flatMap { HTTPMethod(rawValue: $0.rawValue) },
                    path: PathPattern(saved.path),
                    query: dictionary(saved.query), headers: dictionary(saved.headers),
                    bodyJSON: saved.json.map(jsonValue),
                    graphql: saved.graphql.map {
                        MockGraphQLMatch(operationName: $0.operation, variables: $0.variables.map(jsonValue))
                    },
                    responses: saved.responses.map { response(for: $0, baseFolder: baseFolder) },
                    persistence: saved.cycle ? .cycle : .sticky, name: saved.name)
            } catch {
                let route = saved.method.map { "\($0.rawValue) \(saved.path)" } ?? saved.path
                throw MockRouteError(environment: environment.name, route: route, problem: error)
            }
        }
    }

    package static func response(for saved: SavedMockResponse, baseFolder: String) -> MockResponse {
        let delay = saved.delayMilliseconds.map { Duration.milliseconds($0) }
        if let failure = saved.failure {
            let reason =
                TransportError.Reason.known.first { $0.name == failure.rawValue } ?? .other(code: 0, message: "")
            return .failing(reason, message: "simulated by the mock environment", delay: delay)
        }
        var headers = HTTPHeaders()
        for row in saved.headers where row.enabled { headers.add(name: row.name, value: row.value) }
        let body: MockBody
        switch saved.body {
        case .none:
            body = .empty
        case .json(let json):
            body = .data(Data(json.compact().utf8))
            if !headers.contains("Content-Type") { headers["Content-Type"] = "application/json" }
        case .text(let text):
            body = .text(text)
            if !headers.contains("Content-Type") { headers["Content-Type"] = "text/plain; charset=utf-8" }
        case .events(let events):
            let format = headers["Content-Type"].flatMap(StreamFormat.init(contentType:)) ?? .serverSentEvents
            if !headers.contains("Content-Type") { headers["Content-Type"] = format.contentType }
            let delay = saved.delayMilliseconds.map { Duration.milliseconds($0) }
            let chunks = events.map { $0.chunk(format) }
            var response = MockResponse.streamed(
                chunks, status: StatusCode(saved.status), headers: headers, delay: delay)
            switch saved.repeatEvents {
            case .times(let times)?:
                response.stream = Array(repeating: chunks, count: times).flatMap { $0 }
                response.body = .data((response.stream ?? []).reduce(into: Data()) { $0 += $1.data })
            case .forever?: response.loopsStream = true
            case nil: break
            }
            return response
        case .websocket(let saved):
            // A plain request to a WebSocket route is told to upgrade; an upgrade plays the script.
            headers["Upgrade"] = "websocket"
            headers["Content-Type"] = "text/plain; charset=utf-8"
            var response = MockResponse(
                status: StatusCode(426), headers: headers,
                body: .text("this route is a WebSocket endpoint: connect with ws:// (an HTTP/1.1 upgrade)\n"),
                delay: delay)
            response.webSocket = saved.script
            return response
        case .file(let path):
            let absolute = path.hasPrefix("/") ? path : (baseFolder as NSString).appendingPathComponent(path)
            body = .file(path: absolute)
            if !headers.contains("Content-Type"), path.lowercased().hasSuffix(".json") {
                headers["Content-Type"] = "application/json"
            }
        }
        var response = MockResponse(status: StatusCode(saved.status), headers: headers, body: body, delay: delay)
        response.bytesPerSecond = saved.bytesPerSecond
        return response
    }

    static func dictionary(_ rows: [KeyValueRow]) -> [String: String] {
        var result: [String: String] = [:]
        for row in rows where row.enabled { result[row.name] = row.value }
        return result
    }

    /// HTTPCore's plain JSON value (numbers as `Double`, objects unordered), for body matching.
    static func jsonValue(_ value: StoredJSON) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let text): .number(Double(text) ?? 0)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(jsonValue))
        case .object(let members):
            .object(Dictionary(members.map { ($0.key, jsonValue($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
