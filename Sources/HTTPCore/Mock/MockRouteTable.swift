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
/// Threading: thread-safe; the counts of served responses are shared by every caller. Matching
/// runs outside the lock, over an immutable snapshot of the routes: a mock server answers from
/// several event loops at once, and a thread descheduled while holding a lock for a whole match
/// stalls every other loop (which showed as tail latency). The lock is held only to read the
/// snapshot and, for a route with a sequence, to advance its count.
public final class MockRouteTable: Sendable {
    /// The routes as they were last set: never changed, replaced whole.
    private final class Snapshot: Sendable {
        let routes: [MockRoute]
        /// Whether a route matches on the request body: only then is a body read for matching.
        let matchesBodies: Bool
        /// Whether a route matches on query items: only then is the query decoded before matching.
        let matchesQueries: Bool
        /// Each route's `description`, made once here rather than for every answer recorded.
        let descriptions: [String]
        /// Bumped by every change, so an answer matched on an older snapshot is matched again.
        let generation: Int

        convenience init(routes: [MockRoute], generation: Int) {
            self.init(routes: routes, descriptions: routes.map(\.description), generation: generation)
        }

        init(routes: [MockRoute], descriptions: [String], generation: Int) {
            self.routes = routes
            // A GraphQL route reads the operation from a POST's body or a GET's query.
            self.matchesBodies = routes.contains { $0.bodyJSON != nil || $0.graphql != nil }
            self.matchesQueries = routes.contains { !$0.query.isEmpty || $0.graphql != nil }
            self.descriptions = descriptions
            self.generation = generation
        }

        /// This snapshot with `route` (described as `description`) added after its routes.
        func adding(_ route: MockRoute, description: String) -> Snapshot {
            Snapshot(routes: routes + [route], descriptions: descriptions + [description], generation: generation + 1)
        }
    }

    private struct State {
        var snapshot: Snapshot
        /// Responses served per route of `snapshot`, by index.
        var served: [Int]
    }

    private let state: Mutex<State>

    public init(_ routes: [MockRoute] = []) {
        state = Mutex(State(snapshot: Snapshot(routes: routes, generation: 0), served: routes.map { _ in 0 }))
    }

    /// The routes still in the table (consumed routes are gone).
    public var routes: [MockRoute] {
        state.withLock(ownedBy: self) { state in
            state.snapshot.routes.indices.filter {
                !Self.isConsumed(state.snapshot.routes[$0], served: state.served[$0])
            }
            .map { state.snapshot.routes[$0] }
        }
    }

    /// Adds a route after the existing ones.
    public func register(_ route: MockRoute) {
        let description = route.description
        state.withLock(ownedBy: self) { state in
            state.snapshot = state.snapshot.adding(route, description: description)
            state.served.append(0)
        }
    }

    /// Replaces every route (sequences start again): a reloaded mock environment.
    public func replace(with routes: [MockRoute]) {
        let descriptions = routes.map(\.description)
        state.withLock(ownedBy: self) { state in
            state = State(
                snapshot: Snapshot(
                    routes: routes, descriptions: descriptions, generation: state.snapshot.generation + 1),
                served: routes.map { _ in 0 })
        }
    }

    /// Removes every route.
    public func removeAll() {
        replace(with: [])
    }

    /// Whether a route matches on the request body: only then is a body read for matching.
    public var matchesBodies: Bool { currentSnapshot.matchesBodies }

    private var currentSnapshot: Snapshot { state.withLock(ownedBy: self) { $0.snapshot } }

    /// The answer to `request`: the matching route's next response (its sequence advanced), or a
    /// 404 naming the closest routes and why each missed.
    public func answer(_ request: HTTPRequest) -> MockAnswer {
        let path = MockMatcher.path(of: request)
        let snapshot = currentSnapshot
        // Decoded only when a route asks for query items; a miss decodes it for the 404's hints.
        let query = snapshot.matchesQueries ? MockMatcher.query(of: request) : nil
        let body = snapshot.matchesBodies ? MockMatcher.bodyJSON(of: request) : nil
        switch answer(request, path: path, query: query, body: body, on: snapshot) {
        case .answered(let answer):
            return answer
        case .changed:
            // The routes were replaced while this request was matched: match it on the new ones.
            return self.answer(request)
        }
    }

    private enum Outcome {
        case answered(MockAnswer)
        case changed(Snapshot)
    }

    private func answer(
        _ request: HTTPRequest, path: String, query: [String: String]?, body: JSONValue?, on snapshot: Snapshot
    ) -> Outcome {
        let routeQuery = query ?? [:]
        switch take(request.method, on: snapshot, request: request, path: path, query: routeQuery, body: body) {
        case .answered(let answer): return .answered(answer)
        case .changed(let newer): return .changed(newer)
        case nil: break
        }
        if request.method == .head {
            // A HEAD no route names falls back to the GET route of its path.
            switch take(.get, on: snapshot, request: request, path: path, query: routeQuery, body: body) {
            case .answered(let answer): return .answered(answer)
            case .changed(let newer): return .changed(newer)
            case nil: break
            }
        }
        let query = query ?? MockMatcher.query(of: request)
        // No route answered: the routes not consumed decide the OPTIONS answer and the 404's hints.
        let routes = state.withLock(ownedBy: self) { state -> [MockRoute]? in
            guard state.snapshot === snapshot else { return nil }
            return snapshot.routes.indices.filter { !Self.isConsumed(snapshot.routes[$0], served: state.served[$0]) }
                .map { snapshot.routes[$0] }
        }
        guard let routes else { return .changed(currentSnapshot) }
        if request.method == .options {
            let methods = routes.filter { $0.path.match(path) != nil }.map { $0.method?.rawValue ?? "*" }
            if !methods.isEmpty {
                return .answered(
                    MockAnswer(
                        response: MockMatcher.allow(methods), route: nil, routeDescription: nil, parameters: [:],
                        path: path))
            }
        }
        return .answered(
            MockAnswer(
                response: MockMatcher.notFound(request, path: path, query: query, body: body, routes: routes),
                route: nil, routeDescription: nil, parameters: [:], path: path))
    }

    /// The first route matching `method` and the rest of the request, advanced by one response;
    /// `nil` when none matches.
    private func take(
        _ method: HTTPMethod, on snapshot: Snapshot, request: HTTPRequest, path: String, query: [String: String],
        body: JSONValue?
    ) -> Outcome? {
        // Read in place: a route is copied (a dozen fields retained) only once it matched.
        let routes = snapshot.routes
        for index in routes.indices {
            guard !routes[index].responses.isEmpty,
                let parameters = MockMatcher.match(
                    routes[index], method: method, headers: request.headers, path: path, query: query, body: body)
            else { continue }
            let route = routes[index]
            // One response that stays: nothing to count, no lock.
            if route.responses.count == 1, route.persistence != .consumable {
                return .answered(
                    MockAnswer(
                        response: route.responses[0], route: route, routeDescription: snapshot.descriptions[index],
                        parameters: parameters, path: path))
            }
            let next = state.withLock(ownedBy: self) { state -> Outcome? in
                guard state.snapshot === snapshot else { return .changed(state.snapshot) }
                let served = state.served[index]
                if Self.isConsumed(route, served: served) { return nil }
                state.served[index] += 1
                let count = route.responses.count
                let response =
                    route.persistence == .cycle
                    ? route.responses[served % count] : route.responses[min(served, count - 1)]
                return .answered(
                    MockAnswer(
                        response: response, route: route, routeDescription: snapshot.descriptions[index],
                        parameters: parameters, path: path))
            }
            if let next { return next }
        }
        return nil
    }

    /// Whether a consumable route has served every response (and so is gone).
    private static func isConsumed(_ route: MockRoute, served: Int) -> Bool {
        route.persistence == .consumable && served >= route.responses.count
    }
}

/// What a ``MockRouteTable`` answered to one request.
public struct MockAnswer: Sendable {
    /// The response to send (a 404 or an `OPTIONS` answer when no route matched).
    public var response: MockResponse
    /// The route that answered; `nil` when none matched.
    public var route: MockRoute?
    /// `route?.description`, made once per route table (every answer is recorded with it).
    var routeDescription: String?
    /// The path parameters the route captured (`id` → `"7"`).
    public var parameters: [String: String]
    /// The path the request was matched on.
    public var path: String
}
