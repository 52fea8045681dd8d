import Foundation
import Futures
import HTTPCore
import Workspace

/// A WebSocket request's Send (issue 25), and a GraphQL subscription's (issue 28, through
/// `WebSocketOpening`): the same chain as HTTP (checks, captures, history) on a `WebSocketExchange` future; its messages both ways come back as stream events, so the Stream
/// view lists them live (↑ sent, ↓ received) and Esc closes the connection cleanly (1000).
extension ExplorerProgram {
    /// With `oauth2` auth the upgrade goes once its token came (`onToken`, `onStep` as for HTTP),
    /// with the token on it.
    func webSocketFuture(
        job: SendJob, request: HTTPRequest, preparation: SendPreparation, stream: ResponseStream,
        onEvents: @escaping @Sendable ([StreamEvent]) -> Void,
        onToken: @escaping @Sendable (OAuthTokenOutcome) -> Void, onStep: @escaping @Sendable (OAuthStepRecord) -> Void
    ) -> ResponseFuture<DataResponse> {
        let main = dependencies.main
        @Sendable func failed(_ message: String) -> ResponseFuture<DataResponse> {
            ResponseFuture(scheduler: main, result: .failure(TransportError(.unsupportedProtocol, message: message)))
        }
        // A mock environment's dispatcher answers the upgrade from its routes, in process.
        let mock = preparation.environment?.kind == .mock ? preparation.dispatcher as? any WebSocketConnecting : nil
        guard let connector = mock ?? dependencies.workspace.webSockets
        else {
            return failed("this program has no WebSocket transport")
        }
        let link = WebSocketLink(resolver: preparation.messageResolver)
        webSocketLinks[job.key] = (job.generation, link)
        let (saved, file, clock) = (job.request, job.document.path, dependencies.stageClock)
        @Sendable func open(_ request: HTTPRequest) -> ResponseFuture<DataResponse> {
            let opening: WebSocketOpening
            switch WebSocketOpening.make(
                saved: saved, request: request, connector: connector, collectionFile: file,
                preparation: preparation)
            {
            case .success(let made): opening = made
            case .failure(let error): return failed(error.description)
            }
            return WebSocketExchange.future(
                connector: opening.connector, request: opening.request, sent: request, outgoing: opening.outgoing,
                stream: stream, scheduler: main, clock: clock, link: link, textName: opening.textName,
                serverCloseExpected: saved.checksServerClose, steps: opening.stepPlayer(closesWhenDone: false),
                redactor: preparation.redactor, onEvents: onEvents)
        }
        guard preparation.oauth != nil else { return open(request) }
        guard let authorized = preparation.authorized(request, onToken: onToken, onStep: onStep) else {
            return failed("the request could not be built")
        }
        return authorized.replace { open($0) }
    }

    /// The link of `key`'s connection when it is still the one of send `generation`.
    func openLink(_ key: RequestKey, generation: Int) -> WebSocketLink? {
        guard let entry = webSocketLinks[key], entry.generation == generation else { return nil }
        return entry.link
    }

    /// The composer's message: filled (`{{variables}}`, with what the steps captured) and read (a
    /// saved message's file, off the main queue), then sent on the
    /// connection of `generation`; it comes back as a ↑ row. A closed connection is said.
    func sendWebSocket(
        _ key: RequestKey, generation: Int, _ message: WebSocketSavedMessage, collectionFile: String
    ) {
        guard let link = openLink(key, generation: generation) else {
            dispatch(.notice("Not sent: the connection is closed (F5 opens it again)", isError: true))
            return
        }
        dependencies.work.schedule { [weak self] in
            switch link.message(message, at: "its text", collectionFile: collectionFile) {
            case .success(let outgoing):
                if !link.send(outgoing) {
                    self?.deliver(.notice("Not sent: the connection is closed (F5 opens it again)", isError: true))
                }
            case .failure(let error):
                self?.deliver(.notice("Not sent: \(error.description)", isError: true))
            }
        }
    }
}
