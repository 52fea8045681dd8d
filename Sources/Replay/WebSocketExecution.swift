import AnnotatedLocks
import Foundation
import Futures
import HTTPCore
import Synchronization
import Workspace

/// `lazer run` on a WebSocket request (issue 25) or a GraphQL subscription (issue 28, through
/// `WebSocketOpening`): connect through the services' connector (the
/// executable's NIO transport), send the saved messages in order (or play the steps), keep the
/// conversation until `stream.maxEvents`, `stream.seconds` (both a clean close, 1000) or the
/// server's close, then check expectations against it (`WebSocketTranscript.conversationType`:
/// status 101, `events`/`event` on the received messages). An abnormal end (1006, a protocol
/// error) is an error result. Reports get two phases (`upgrade`: connecting, TLS and the 101;
/// `open`: the connection's life) and, when they keep details, the upgrade's request and the
/// conversation; history keeps the exchange as the explorer does, so a past conversation opens in
/// its Stream view row by row.
extension RequestExecution {
    func sendWebSocket(
        _ prepared: HTTPRequest, preparation: SendPreparation, into result: consuming RequestResult
    ) async -> Outcome {
        var preparation = preparation
        var request = prepared
        // `oauth2` auth: the token goes on the upgrade (and is masked in all that is reported).
        if preparation.oauth != nil {
            let used = OAuthTokensUsed()
            let authorized = await preparation.authorized(prepared, onToken: used.add)?.fetchResult()
            preparation.redactor = preparation.redactor.adding(used.secrets)
            switch authorized {
            case .success(let withToken)?: request = withToken
            case .failure(let error)?:
                result.status = .error
                result.failure = failure(error, request: prepared, redactor: preparation.redactor)
                return Outcome(result: result, captured: [:])
            case nil: break
            }
        }
        let masking = preparation.redactor
        func notSent(_ problem: String, _ result: consuming RequestResult) -> Outcome {
            result.status = .notSent
            result.problems = [masking.redact(problem)]
            return Outcome(result: result, captured: [:])
        }
        // A mock environment's dispatcher answers the upgrade from its routes, in process.
        let mock = preparation.environment?.kind == .mock ? preparation.dispatcher as? any WebSocketConnecting : nil
        guard let base = mock ?? runner.services.webSockets else {
            return notSent("this program has no WebSocket transport", result)
        }
        var opening: WebSocketOpening
        switch WebSocketOpening.make(
            saved: item.request, request: request, connector: base, collectionFile: item.document.path,
            preparation: preparation)
        {
        case .success(let made): opening = made
        case .failure(let error): return notSent(error.description, result)
        }
        // `lazer record` keeps the conversation as on the wire (a subscription's protocol too).
        let recording = runner.onExchange != nil
        let wire = WireRecords()
        let wired = recording && opening.observeWire(wire.add)
        let (connector, webSocket, outgoing) = (opening.connector, opening.request, opening.outgoing)
        let url = webSocket.url
        result.url = preparation.redactor.redact(url.absoluteString)
        let limits = item.request.stream
        let clockStart = ContinuousClock.now
        let startedAt = Date()
        let keepsDetails = runner.configuration.keepsExchangeDetails
        if keepsDetails { result.details = ExchangeDetails.request(request, redactor: preparation.redactor) }
        let session: any WebSocketSession
        do {
            session = try await connector.connect(webSocket)
        } catch {
            result.duration = ContinuousClock.now - clockStart
            result.status = .error
            result.failure = failure(error, request: request, redactor: preparation.redactor)
            return Outcome(result: result, captured: [:])
        }
        let upgraded = ContinuousClock.now
        let timer = limits?.seconds.map { seconds in
            Task {
                try? await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
                session.close(code: 1000, reason: "")
            }
        }
        for message in outgoing { session.send(message) }
        // Steps play the conversation and close after the last one (the stream's limits, when
        // set, end it instead).
        let player = opening.stepPlayer(closesWhenDone: limits?.maxEvents == nil && limits?.seconds == nil)
        player?.start(session)
        let maxEvents = limits?.maxEvents
        let textName = opening.textName
        // On the connection's own thread, as `lazer send` and the explorer read a conversation.
        let (conversation, close, recorded, failed) = await withTaskExecutorPreference(
            session.preferredExecutor
        ) {
            var received = 0
            // Every row of it, as the explorer keeps it (history lists them again).
            var conversation: [UInt8] = []
            var index = 0
            var close = WebSocketClose(code: 1006, initiator: .connection)
            // The conversation as `lazer record` keeps it (only when something records).
            var records: [WebSocketRecord] = []
            var failure: WebSocketControlMessage?
            for await event in session.events {
                var shown = WebSocketExchange.streamEvent(event, index: index, textName: textName)
                shown.offset = ContinuousClock.now - clockStart
                // A received message is kept whole (as checks read it): only other rows are masked.
                if case .received = event {} else { shown.data = masking.redact(shown.data) }
                WebSocketTranscript.appendEntry(
                    WebSocketExchange.conversationEntry(event, shown: shown), to: &conversation)
                index += 1
                switch event {
                case .sent(let message):
                    if recording, !wired {
                        records.append(WebSocketRecord(.sent, message, offset: ContinuousClock.now - clockStart))
                    }
                case .received(let message):
                    if recording, !wired {
                        records.append(WebSocketRecord(.received, message, offset: ContinuousClock.now - clockStart))
                    }
                    received += 1
                    player?.received(message)
                    if let maxEvents, received == maxEvents { session.close(code: 1000, reason: "") }
                case .closed(let closed):
                    close = closed
                    player?.ended(closed)
                case .control(let control) where failure == nil && control.failure != nil: failure = control
                default: break
                }
            }
            return (conversation, close, records, failure)
        }
        var records = wired ? wire.records : recorded
        timer?.cancel()
        let elapsed = ContinuousClock.now - clockStart
        result.duration = elapsed
        result.phases = [
            ExchangePhase(name: "upgrade", milliseconds: RequestResult.milliseconds(upgraded - clockStart)),
            ExchangePhase(name: "open", milliseconds: RequestResult.milliseconds(elapsed - (upgraded - clockStart))),
        ]
        // A subprotocol's failure (a subscription's `error`) ends it with a normal close.
        guard close.endsNormally(serverCloseExpected: item.request.checksServerClose), failed == nil else {
            result.status = .error
            result.failure = failure(
                TransportError.webSocketEnd(close: close, failure: failed, url: url),
                request: request,
                redactor: preparation.redactor)
            return Outcome(result: result, captured: [:])
        }
        let steps = player?.outcome
        let facts = WebSocketTranscript.facts(
            handshake: session.handshake, conversation: conversation, close: close, steps: steps?.checks ?? [],
            duration: elapsed)
        // What the steps captured is a variable for the requests after this one too (the request's
        // own captures win a name both take).
        var stepPreparation = preparation
        if let captured = steps?.captured, !captured.isEmpty {
            let secrets = captured.values.filter(\.secret).map(\.text)
            if !secrets.isEmpty { stepPreparation.redactor = preparation.redactor.adding(secrets) }
        }
        var checked = check(facts, preparation: stepPreparation, into: result)
        if let captured = steps?.captured {
            checked.captured.merge(captured) { own, _ in own }
            let redactor = stepPreparation.redactor
            checked.result.captures += captured.sorted { $0.key < $1.key }.map { name, value in
                CaptureResult(
                    variable: name, value: value.secret ? Redactor.mask : redactor.redact(value.text),
                    secret: value.secret)
            }
        }
        let secrets = checked.captured.values.filter(\.secret).map(\.text)
        let redactor = secrets.isEmpty ? preparation.redactor : preparation.redactor.adding(secrets)
        if keepsDetails, let details = checked.result.details {
            checked.result.details = details.responding(headers: facts.headers, body: facts.body, redactor: redactor)
        }
        // History keeps the whole conversation, as the explorer does.
        record(
            Exchange(
                request: request, url: url,
                result: .success(
                    DataResponse(
                        request: request, statusCode: StatusCode(rawValue: facts.status), headers: facts.headers,
                        url: url, reasonPhrase: "Switching Protocols", body: .data(Data(facts.body)))),
                startedAt: startedAt, duration: elapsed),
            preparation)
        if let observer = runner.onExchange {
            if close.initiator == .server, let code = close.code, !records.isEmpty {
                records[records.count - 1].serverClose = code
            }
            // The route answers the upgrade, a GET without a body (a subscription's request object
            // went in its `subscribe` message, which the conversation keeps).
            let upgrade = WebSocketOpening.upgrade(of: request)
            let response = DataResponse(
                request: upgrade, statusCode: StatusCode(rawValue: facts.status), headers: facts.headers, url: url,
                reasonPhrase: "Switching Protocols", body: .data(Data()))
            var exchange = ReplayExchange(
                item: item, request: upgrade, outcome: .success(response), body: [], duration: elapsed,
                redactor: redactor)
            exchange.webSocket = records
            observer(exchange)
        }
        checked.result.responseReason = "Switching Protocols"
        checked.result.attempts = 1
        return Outcome(result: checked.result, captured: checked.captured)
    }
}

/// The messages of a connection as on the wire, with their offsets, for `lazer record`.
private final class WireRecords: Sendable {
    private let start = ContinuousClock.now
    private let collected = Mutex<[WebSocketRecord]>([])

    var records: [WebSocketRecord] { collected.withLock(ownedBy: self) { $0 } }

    @Sendable func add(_ event: WebSocketEvent) {
        let offset = ContinuousClock.now - start
        switch event {
        case .sent(let message):
            collected.withLock(ownedBy: self) { $0.append(WebSocketRecord(.sent, message, offset: offset)) }
        case .received(let message):
            collected.withLock(ownedBy: self) { $0.append(WebSocketRecord(.received, message, offset: offset)) }
        default: break
        }
    }
}
