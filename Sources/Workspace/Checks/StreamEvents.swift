import HTTPCore

/// The events of a streamed body, read from the whole body after the fact (as `lazer run`, the
/// explorer's checks and a history recheck all see it): by the response's `Content-Type`, none for
/// a body that is not a stream. The same decoder the transport feeds live, so the counts agree.
enum StreamEvents {
    static func of(_ facts: ResponseFacts) -> [StreamEvent] {
        guard let format = facts.headers["content-type"].flatMap(StreamFormat.init(contentType:)) else { return [] }
        return StreamDecoder.events(in: facts.body, format: format)
    }
}
