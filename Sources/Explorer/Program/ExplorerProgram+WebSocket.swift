import Foundation
import Futures
import HTTPCore
import Workspace

/// A WebSocket request's Send (issue 25): the same chain as HTTP (checks, captures, history) on a
/// `WebSocketExchange` future; its messages both ways come back as stream events, so the Stream
/// view lists them live (↑ sent, ↓ received) and Esc closes the connection cleanly (1000).
extension ExplorerProgram {
    func webSocketFuture(
        _ settings: WebSocketSettings, job: SendJob, request: HTTPRequest, preparation: SendPreparation,
        stream: ResponseStream
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
        let url: URL
        do {
            url = try WebSocketSettings.connectURL(request.url()).get()
        } catch {
            return failed("\(error)")
        }
        let outgoing: [WebSocketMessage]
        switch WebSocketTranscript.outgoing(settings, collectionFile: job.document.path) {
        case .success(let messages): outgoing = messages
        case .failure(let error): return failed(error.description)
        }
        var webSocket = WebSocketRequest(
            url: url, headers: request.headers, subprotocols: settings.subprotocols,
            pingInterval: settings.pingSeconds.map { .milliseconds(Int64($0 * 1000)) })
        if let timeout = request.options.connectTimeout ?? request.options.totalTimeout {
            webSocket.connectTimeout = timeout
        }
        let key = job.key
        let generation = job.generation
        return WebSocketExchange.future(
            connector: connector, request: webSocket, sent: request, outgoing: outgoing, stream: stream,
            scheduler: main, clock: dependencies.stageClock
        ) { [weak self] events in
            self?.deliver(.streamEvents(key, generation: generation, events))
        }
    }
}
