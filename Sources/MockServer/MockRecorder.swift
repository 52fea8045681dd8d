import Foundation
import HTTPCore
package import Workspace

/// Turns exchanges into routes of a mock environment of a collection, so `lazer run --env MOCK`
/// then answers offline what the live servers answered.
///
/// A route matches the method, the path, the query items and a small JSON body as sent — a GraphQL
/// request's operation and variables instead of its body (``RecordedMatchers``) — so requests that
/// differ only by their query or body get routes of their own; a path segment, query value or body
/// holding a secret is not matched on. The same request seen again in one recording makes a
/// `sequence` that cycles (each pass of a run gets the answers in the order they were recorded).
/// The status, the headers that describe the body (framing, dates, cookies and headers holding a
/// secret are left out) and the body — in a file under `mocks/<collection>/<environment>/`, secrets
/// masked — are written; a response slower than ``delayThreshold`` keeps its time as a delay; a
/// transport failure a mock can simulate becomes one. Everything left out is listed in ``dropped``;
/// a request the server never answered (not reached) in ``unanswered``.
///
/// A route the environment already had before this recording is handled by ``ExistingRoutes``:
/// updated, kept, or asked about — never duplicated.
package struct MockRecorder: Sendable {
    /// What to do when the environment already has a route for a recorded request (same matchers).
    package enum ExistingRoutes: String, Sendable, CaseIterable {
        /// Ask (the `ask` closure); without one, keep the route and say so.
        case ask
        /// Replace the route's answers with the recorded one.
        case update
        /// Keep the route as it is.
        case keep
    }

    /// Responses at least this slow keep their time as `delayMilliseconds`.
    package static let delayThreshold = Duration.milliseconds(250)

    /// Transport failures that describe the server's behaviour, so a route simulates them.
    static let recordedFailures: Set<MockFailure> = [.totalTimeout, .emptyReply, .receiveFailure]

    package private(set) var document: CollectionDocument
    package let environment: String
    package let existing: ExistingRoutes
    /// Asked about an existing route (its description); `true` updates it.
    package let ask: (@Sendable (String) -> Bool)?
    /// What was left out, one line each (never the secret itself).
    package private(set) var dropped: [String] = []
    /// What was recorded, one line each.
    package private(set) var recorded: [String] = []
    /// Routes already there that this recording left as they were.
    package private(set) var kept: [String] = []
    /// Requests that got no answer to record (the server could not be reached), one line each.
    package private(set) var unanswered: [String] = []
    /// Route keys written during this recording (a repeat becomes a sequence step, not a question).
    private var written: Set<String> = []
    /// Route keys the user decided about (so one question per route).
    private var decided: [String: Bool] = [:]

    /// Problems that stop a recording before it starts.
    package struct SetupError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// A recorder into `environment` of `document`, created as a mock environment when missing.
    package init(
        document: CollectionDocument, environment: String, existing: ExistingRoutes,
        ask: (@Sendable (String) -> Bool)? = nil
    ) throws(SetupError) {
        var document = document
        if let found = document.collection.environment(named: environment) {
            guard found.kind == .mock else {
                throw SetupError(
                    description:
                        "\"\(environment)\" is a live environment of \(document.collection.name): record into a mock environment"
                )
            }
        } else {
            document.collection.environments.append(
                Environment(
                    name: environment, kind: .mock, baseURL: "http://mock.invalid",
                    description: "Recorded by lazer record."))
        }
        self.document = document
        self.environment = environment
        self.existing = existing
        self.ask = ask
    }

    /// The folder bodies go to, relative to the collection file.
    package var bodyFolder: String {
        let stem = ((document.path as NSString).lastPathComponent as NSString).deletingPathExtension
        return "mocks/\(Self.slug(stem))/\(Self.slug(environment))"
    }

    /// Adds `exchange` as a route (or a step of one). Writes its body file; the collection itself
    /// is written by `save`.
    package mutating func add(_ exchange: RecordedExchange) throws {
        guard let environmentIndex = document.collection.environments.firstIndex(where: { $0.name == environment })
        else { return }
        let matchers = RecordedMatchers(
            method: RequestMethod(rawValue: exchange.method), path: pattern(for: exchange), query: exchange.query,
            body: exchange.requestBody, redactor: exchange.redactor, template: exchange.template)
        dropped += matchers.dropped.map { "\(exchange.label): \($0)" }
        let key = matchers.identity
        var routes = document.collection.environments[environmentIndex].routes
        let existingIndex = routes.firstIndex(where: matchers.isSame)
        if let existingIndex, !written.contains(key) {
            guard shouldUpdate(key, label: matchers.label) else {
                if !kept.contains(matchers.label) { kept.append(matchers.label) }
                return
            }
            routes[existingIndex].responses = []
            routes[existingIndex].cycle = false
        }
        let step = existingIndex.map { routes[$0].responses.count } ?? 0
        guard let response = try response(for: exchange, matchers: matchers, step: step) else { return }
        if let existingIndex {
            routes[existingIndex].responses.append(response)
            routes[existingIndex].cycle = routes[existingIndex].responses.count > 1
        } else {
            routes.insert(matchers.route(responses: [response]), at: matchers.insertionIndex(in: routes))
        }
        document.collection.environments[environmentIndex].routes = routes
        written.insert(key)
        let status = response.failure.map { "failure \($0.rawValue)" } ?? String(response.status)
        recorded.append(
            "\(exchange.label): \(matchers.label) → \(status)" + (step > 0 ? " (sequence step \(step + 1))" : ""))
    }

    /// Saves the collection through the workspace's atomic save.
    package mutating func save(with services: WorkspaceServices) throws(SaveError) {
        try services.save(&document)
    }

    private mutating func shouldUpdate(_ key: String, label: String) -> Bool {
        if let decision = decided[key] { return decision }
        let decision: Bool
        switch existing {
        case .update: decision = true
        case .keep: decision = false
        case .ask: decision = ask?(label) ?? false
        }
        decided[key] = decision
        return decision
    }

    /// The route path: the path as sent, each segment holding a secret made a wildcard.
    private mutating func pattern(for exchange: RecordedExchange) -> String {
        var secretCount = 0
        let segments = exchange.path.split(separator: "/", omittingEmptySubsequences: true).map { segment -> String in
            let decoded = String(segment).removingPercentEncoding ?? String(segment)
            if exchange.redactor.redact(decoded) != decoded
                || exchange.redactor.redact(String(segment)) != String(segment)
            {
                secretCount += 1
                return ":secret\(secretCount)"
            }
            // A segment that reads like pattern syntax is kept literal by escaping its first character.
            if segment.hasPrefix(":") || segment == "*" {
                return "%" + String(format: "%02X", segment.utf8.first ?? 0) + segment.dropFirst()
            }
            return String(segment)
        }
        if secretCount > 0 {
            dropped.append("\(exchange.label): \(secretCount) path segment(s) holding a secret matched by a wildcard")
        }
        return "/" + segments.joined(separator: "/")
    }

    private mutating func response(for exchange: RecordedExchange, matchers: RecordedMatchers, step: Int) throws
        -> SavedMockResponse?
    {
        if let conversation = exchange.webSocket {
            let (script, left) = conversation.script(redactor: exchange.redactor)
            dropped += left.map { "\(exchange.label): \($0)" }
            // The upgrade's own fields (those the server sets for the handshake) are not kept.
            var rows: [KeyValueRow] = []
            if case .response(_, let headers, _) = exchange.outcome {
                for field in headers
                where RecordedHeaders.keeps(field.name) && RecordedHeaders.canBeSent(field)
                    && !MockDispatcher.upgradeFields.contains(field.name.lowercased())
                    && !WebSocketTranscript.isOwnHeader(field.name)
                    && exchange.redactor.redact(field.value) == field.value
                {
                    rows.append(KeyValueRow(name: field.name, value: field.value))
                }
            }
            return SavedMockResponse(status: 101, headers: rows, body: .websocket(script))
        }
        let delay = exchange.duration >= Self.delayThreshold ? Int(exchange.duration / .milliseconds(10)) * 10 : nil
        switch exchange.outcome {
        case .failure(let reason):
            // What the server did (too slow, hung up) is recorded; failing to reach it is not an answer.
            guard let failure = MockFailure(rawValue: reason.name), Self.recordedFailures.contains(failure) else {
                let title = ErrorTranslator.standard.translate(TransportError(reason)).title
                unanswered.append("\(exchange.label): \(title.prefix(1).lowercased() + title.dropFirst())")
                return nil
            }
            return SavedMockResponse(status: 200, delayMilliseconds: delay, failure: failure)
        case .response(let status, let headers, let body):
            var rows: [KeyValueRow] = []
            for field in headers {
                guard RecordedHeaders.keeps(field.name) else {
                    if RecordedHeaders.credentials.contains(field.name.lowercased()) {
                        dropped.append("\(exchange.label): response header \(field.name) (a credential)")
                    }
                    continue
                }
                guard RecordedHeaders.canBeSent(field) else {
                    // The mock server could not send it (the client would get no answer at all).
                    dropped.append(
                        "\(exchange.label): response header \(field.name) (a control character in its "
                            + (HTTPToken.isValid(field.name) ? "value" : "name") + " cannot be sent)")
                    continue
                }
                if exchange.redactor.redact(field.value) != field.value {
                    dropped.append("\(exchange.label): response header \(field.name) (it holds a secret)")
                    continue
                }
                rows.append(KeyValueRow(name: field.name, value: field.value))
            }
            if let events = exchange.streamEvents, (200..<300).contains(status) {
                return SavedMockResponse(status: status, headers: rows, body: .events(streamEvents(events, exchange)))
            }
            var bodyValue = SavedMockResponse.Body.none
            if !body.isEmpty {
                var bytes = body
                if let text = String(validating: body, as: UTF8.self) {
                    let masked = exchange.redactor.redact(text)
                    if masked != text {
                        dropped.append("\(exchange.label): secret values in the body, written masked")
                        bytes = Array(masked.utf8)
                    }
                }
                let relative = fileName(matchers, step: step, mediaType: headers.mediaType)
                let folder = (document.path as NSString).deletingLastPathComponent
                let absolute = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(relative)
                try FileManager.default.createDirectory(
                    atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                // As every file Lazer writes: atomically, through a link to its target, never world-writable.
                try AtomicFile.write(bytes, to: absolute, keepBackup: false)
                bodyValue = .file(path: relative)
            }
            return SavedMockResponse(status: status, headers: rows, body: bodyValue, delayMilliseconds: delay)
        }
    }

    /// A streamed answer's events as a route plays them: each after the wait it came after (the
    /// first: after the send), to 10 ms; a JSON object or array as JSON, other data as its text;
    /// secrets masked (said).
    private mutating func streamEvents(_ events: [StreamEvent], _ exchange: RecordedExchange) -> [SavedStreamEvent] {
        var previous = Duration.zero
        var masked = false
        let saved = events.map { event in
            let wait = event.offset - previous
            previous = event.offset
            let text = exchange.redactor.redact(event.data)
            masked = masked || text != event.data
            let data: StoredJSON
            switch try? StoredJSON(parsing: text) {
            case .object(let members)?: data = .object(members)
            case .array(let items)?: data = .array(items)
            default: data = .string(text)
            }
            return SavedStreamEvent(
                event: event.name.map(exchange.redactor.redact), id: event.id.map(exchange.redactor.redact), data: data,
                delayMilliseconds: RecordedConversation.delay(wait))
        }
        if masked { dropped.append("\(exchange.label): secret values in the events, written masked") }
        return saved
    }

    /// `mocks/<collection>/<environment>/get-status-418.json`, `get-search-q-a.json` for a query,
    /// `post-items-1a2b3c4d.json` for a JSON body matcher (a hash of the body, so two bodies never
    /// share a file), `post-graphql-graphql-user-1a2b3c4d.json` for a GraphQL operation and its
    /// variables, `…-2.json` for a later sequence step.
    private func fileName(_ matchers: RecordedMatchers, step: Int, mediaType: String?) -> String {
        let type = mediaType?.lowercased() ?? ""
        let ext =
            type.contains("json")
            ? "json"
            : type.contains("html")
                ? "html"
                : type.hasPrefix("text/")
                    ? "txt"
                    : type.contains("xml") ? "xml" : "bin"
        var withoutBody = matchers
        withoutBody.json = nil
        withoutBody.graphql?.variables = nil
        var base = Self.slug(withoutBody.label)
        if base.isEmpty { base = "root" }
        if let json = matchers.json { base += "-" + Self.hash(json.compact()) }
        if let variables = matchers.graphql?.variables { base += "-" + Self.hash(variables.compact()) }
        return "\(bodyFolder)/\(base)\(step > 0 ? "-\(step + 1)" : "").\(ext)"
    }

    /// FNV-1a, 32 bits, as 8 hex digits: stable across runs and machines.
    static func hash(_ text: String) -> String {
        var value: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            value ^= UInt32(byte)
            value = value &* 0x0100_0193
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// Lower-case letters, digits and single dashes.
    static func slug(_ text: String) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("-") {
                result += "-"
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return String(result.prefix(80))
    }
}
