import Foundation
import Futures
import HTTPCore
import Workspace

/// A WebSocket request's Send (issue 25), and a GraphQL subscription's (issue 28, through
/// `WebSocketOpening`): the same chain as HTTP (checks, captures, history) on a `WebSocketExchange` future; its messages both ways come back as stream events, so the Stream
/// view lists them live (↑ sent, ↓ received) and Esc closes the connection cleanly (1000).
extension ExplorerProgram {
    func webSocketFuture(
        job: SendJob, request: HTTPRequest, preparation: SendPreparation, stream: ResponseStream,
        onEvents: @escaping @Sendable ([StreamEvent]) -> Void
    ) -> ResponseFuture<DataResponse> {
        let main = dependencies.main
        func failed(_ message: String) -> ResponseFuture<DataResponse> {
            ResponseFuture(scheduler: main, result: .failure(TransportError(.unsupportedProtocol, message: message)))
        }
        // A mock environment's dispatcher answers the upgrade from its routes, in process.
        let mock = preparation.environment?.kind == .mock ? preparation.dispatcher as? any WebSocketConnecting : nil
        guard let connector = mock ?? dependencies.workspace.webSockets
        else {
            return failed("this program has no WebSocket transport")
        }
        let opening: WebSocketOpening
        switch WebSocketOpening.make(
            saved: job.request, request: request, connector: connector, collectionFile: job.document.path,
            connectionInit: preparation.resolved.connectionInit)
        {
        case .success(let made): opening = made
        case .failure(let error): return failed(error.description)
        }
        let key = job.key
        let generation = job.generation
        let link = WebSocketLink()
        webSocketLinks[key] = (generation, link)
        return WebSocketExchange.future(
            connector: opening.connector, request: opening.request, sent: request, outgoing: opening.outgoing,
            stream: stream, scheduler: main, clock: dependencies.stageClock, link: link, textName: opening.textName,
            onEvents: onEvents)
    }

    /// The composer's message: read (a saved message's file, off the main queue) and sent on the
    /// connection of `generation`; it comes back as a ↑ row. A closed connection is said.
    func sendWebSocket(
        _ key: RequestKey, generation: Int, _ message: WebSocketSavedMessage, collectionFile: String
    ) {
        guard let entry = webSocketLinks[key], entry.generation == generation else {
            dispatch(.notice("Not sent: the connection is closed (F5 opens it again)", isError: true))
            return
        }
        let link = entry.link
        dependencies.work.schedule { [weak self] in
            switch WebSocketTranscript.outgoing(WebSocketSettings(messages: [message]), collectionFile: collectionFile)
            {
            case .success(let messages):
                for outgoing in messages where !link.send(outgoing) {
                    self?.deliver(.notice("Not sent: the connection is closed (F5 opens it again)", isError: true))
                    return
                }
            case .failure(let error):
                self?.deliver(.notice("Not sent: \(error.description)", isError: true))
            }
        }
    }
}
