import HTTPCore

/// The events of a streamed body, read from the whole body after the fact (as `lazer run`, the
/// explorer's checks and a history recheck all see it): by the response's `Content-Type`, none for
/// a body that is not a stream. The same decoder the transport feeds live, so the counts agree.
enum StreamEvents {
    static func of(_ facts: ResponseFacts) -> [StreamEvent] {
        guard let type = facts.headers["content-type"] else { return [] }
        // A WebSocket conversation as the explorer keeps it: its received messages are the events.
        if type == WebSocketTranscript.conversationType {
            return WebSocketTranscript.entries(in: facts.body).filter(\.received).enumerated().map {
                StreamEvent(index: $0.offset, offset: $0.element.offset, data: $0.element.data)
            }
        }
        guard let format = StreamFormat(contentType: type) else { return [] }
        return StreamDecoder.events(in: facts.body, format: format)
    }
}
