import Foundation
package import HTTPCore
package import Workspace

/// One exchange of a run as it happened, before any redaction: for `lazer record`, which turns it
/// into a mock route (and masks secrets itself with ``redactor``). Reporters never see it.
package struct ReplayExchange: Sendable {
    package var item: RunPlan.Item
    /// The request as sent (adapters applied, URL pinned).
    package var request: HTTPRequest
    /// The response and its body, or the error when none arrived.
    package var outcome: Result<DataResponse, any Error>
    /// The body's bytes (empty for a failure).
    package var body: [UInt8]
    package var duration: Duration
    /// Masks the secrets of this exchange: the collection's secret values, values of secret captures so far,
    /// and those this response gave to secret captures.
    package var redactor: Redactor
    /// A WebSocket request's conversation, in order, with each message's time from the upgrade
    /// (`lazer record` makes a WebSocket route of it); nil for HTTP.
    package var webSocket: [WebSocketRecord]? = nil
    /// A streamed response's events as they arrived, with their offsets from the send (`lazer
    /// record` replays them with their timing); nil when the response was not a stream.
    package var streamEvents: [StreamEvent]? = nil

    /// Connections the exchange opened (0 on a reused one), with or without a response: a
    /// request that timed out or was reset opened its connection too.
    package var connectionsOpened: Int {
        switch outcome {
        case .success(let response): response.timings.connectionsOpened
        case .failure(let error): (error as? TransportError)?.timings?.connectionsOpened ?? 0
        }
    }
}

/// One message of a recorded WebSocket conversation.
package struct WebSocketRecord: Sendable, Equatable {
    package enum Direction: Sendable, Equatable {
        case sent
        case received
    }

    package var direction: Direction
    package var message: WebSocketMessage
    package var offset: Duration
    /// For the last record only: the server closed the connection after it, with this code.
    package var serverClose: UInt16?

    package init(_ direction: Direction, _ message: WebSocketMessage, offset: Duration, serverClose: UInt16? = nil) {
        self.direction = direction
        self.message = message
        self.offset = offset
        self.serverClose = serverClose
    }
}
