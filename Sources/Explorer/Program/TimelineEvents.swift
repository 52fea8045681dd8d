import Foundation
import HTTPCore
import Workspace

/// Events made fit for the explorer's state before they leave the reporting thread: what they
/// say about the request is redacted like everything else shown, and the finished response's body
/// is dropped (the chain parses it; the state keeps the parsed form only, not a second copy).
enum TimelineEvents {
    static func shown(_ event: ExchangeEvent, redactor: Redactor) -> ExchangeEvent {
        var event = event
        switch event.kind {
        case .completed(var response):
            response.body = .empty
            event.kind = .completed(response)
        case .redirect(var hop):
            // A Location may carry a token in its query: masked like the URL of the request.
            hop.location = redactor.redact(hop.location)
            hop.url = hop.url.flatMap { URL(string: redactor.redact($0.absoluteString)) }
            event.kind = .redirect(hop)
        case .queued(var queued):
            queued.url = URL(string: redactor.redact(queued.url.absoluteString)) ?? queued.url
            event.kind = .queued(queued)
        default:
            break
        }
        return event
    }
}
