import AnnotatedLocks
import Foundation
import Synchronization

/// The routing of a mock environment: which route answers a request, with which response of its
/// sequence, and the 404 for a request no route matches. One table serves both ways a mock is
/// reached — ``MockDispatcher`` in process and `MockServer` over a socket — so a route behaves the
/// same in both.
///
/// Routes are tried in order; the first that matches answers with its next response (see
/// ``MockRoute/Persistence``). A `HEAD` request no route names falls back to the `GET` route of
/// its path (answered without a body by whoever sends it); an `OPTIONS` request no route names is
/// answered `204` with an `Allow` header listing the methods of the routes of its path.
///
/// Threading: thread-safe; the counts of served responses are shared by every caller.
public final class MockRouteTable: Sendable {
    private struct Entry {
        var route: MockRoute
        var served: Int
    }

    private let entries: Mutex<[Entry]>

    public init(_ routes: [MockRoute] = []) {
        entries = Mutex(routes.map { Entry(route: $0, served: 0) })
    }

    /// The routes still in the table (consumed routes are gone).
    public var routes: [MockRoute] { entries.withLock(ownedBy: self) { $0.map(\.route) } }

    /// Adds a route after the existing ones.
    public func register(_ route: MockRoute) {
        entries.withLock(ownedBy: self) { $0.append(Entry(route: route, served: 0)) }
    }

    /// Replaces every route (sequences start again): a reloaded mock environment.
    public func replace(with routes: [MockRoute]) {
        entries.withLock(ownedBy: self) { $0 = routes.map { Entry(route: $0, served: 0) } }
    }

    /// Removes every route.
    public func removeAll() {
        entries.withLock(ownedBy: self) { $0.removeAll() }
    }

    /// Whether a route matches on the request body: only then is a body read for matching.
    public var matchesBodies: Bool { entries.withLock(ownedBy: self) { $0.contains { $0.route.bodyJSON != nil } } }

    /// The answer to `request`: the matching route's next response (its sequence advanced), or a
    /// 404 naming the closest routes and why each missed.
    public func answer(_ request: HTTPRequest) -> MockAnswer {
        let path = MockMatcher.path(of: request)
        let query = MockMatcher.query(of: request)
        let body = matchesBodies ? MockMatcher.bodyJSON(of: request) : nil
        return entries.withLock(ownedBy: self) { entries -> MockAnswer in
            if let answer = Self.take(
                request.method, in: &entries, request: request, path: path, query: query, body: body)
            {
                return answer
            }
            if request.method == .head,
                let answer = Self.take(.get, in: &entries, request: request, path: path, query: query, body: body)
            {
                return answer
            }
            let routes = entries.map(\.route)
            if request.method == .options {
                let methods = routes.filter { $0.path.match(path) != nil }.map { $0.method?.rawValue ?? "*" }
                if !methods.isEmpty {
                    return MockAnswer(response: MockMatcher.allow(methods), route: nil, parameters: [:], path: path)
                }
            }
            return MockAnswer(
                response: MockMatcher.notFound(request, path: path, query: query, body: body, routes: routes),
                route: nil, parameters: [:], path: path)
        }
    }

    /// The first route matching `method` and the rest of the request, advanced by one response.
    private static func take(
        _ method: HTTPMethod, in entries: inout [Entry], request: HTTPRequest, path: String, query: [String: String],
        body: JSONValue?
    ) -> MockAnswer? {
        for index in entries.indices {
            let route = entries[index].route
            guard !route.responses.isEmpty,
                let parameters = MockMatcher.match(
                    route, method: method, headers: request.headers, path: path, query: query, body: body)
            else { continue }
            let served = entries[index].served
            let count = route.responses.count
            let response =
                route.persistence == .cycle ? route.responses[served % count] : route.responses[min(served, count - 1)]
            entries[index].served += 1
            if route.persistence == .consumable, served + 1 >= count {
                entries.remove(at: index)
            }
            return MockAnswer(response: response, route: route, parameters: parameters, path: path)
        }
        return nil
    }
}

/// What a ``MockRouteTable`` answered to one request.
public struct MockAnswer: Sendable {
    /// The response to send (a 404 or an `OPTIONS` answer when no route matched).
    public var response: MockResponse
    /// The route that answered; `nil` when none matched.
    public var route: MockRoute?
    /// The path parameters the route captured (`id` → `"7"`).
    public var parameters: [String: String]
    /// The path the request was matched on.
    public var path: String
}
