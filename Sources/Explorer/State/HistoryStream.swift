import Foundation
import HTTPCore
import JSONTree
import Workspace

/// A past exchange whose answer was a stream (SSE, NDJSON, json-seq): its events read back from
/// the body history kept (bounded as every history body is), so the Stream view shows an opened
/// entry as it showed the stream live — its list, search, filter, joined text and event trees.
enum HistoryStream {
    static func log(_ entry: HistoryEntry, join: String?) -> StreamLog? {
        guard
            let type = entry.responseHeaders.last(where: { $0.name.lowercased() == "content-type" })?.value,
            let body = entry.responseBody
        else { return nil }
        let bytes =
            body.encoding == .utf8 ? Array(body.text.utf8) : Array(Data(base64Encoded: body.text) ?? Data())
        var log = StreamLog(generation: -1)
        if type == WebSocketTranscript.conversationType {
            // A WebSocket conversation: its rows as they were seen live, both ways, with their times.
            log.append(conversation(bytes))
        } else if let format = StreamFormat(contentType: type) {
            log.append(StreamDecoder.events(in: bytes, format: format))
        } else {
            return nil
        }
        log.end = .closed
        log.join(join)
        return log
    }

    /// The rows of a WebSocket conversation body (`WebSocketTranscript.conversationType`): a binary
    /// message as its size and hex again, anything else as it was listed.
    static func conversation(_ bytes: [UInt8]) -> [StreamEvent] {
        WebSocketTranscript.entries(in: JSONBytes(bytes)).enumerated().map { index, entry in
            var event: StreamEvent
            if entry.base64, let data = Data(base64Encoded: entry.data) {
                let message = WebSocketMessage.binary(Array(data))
                event = WebSocketExchange.streamEvent(
                    entry.row.hasPrefix("↑") ? .sent(message) : .received(message), index: index)
            } else {
                event = StreamEvent(index: index, name: entry.row.isEmpty ? nil : entry.row, data: entry.data)
            }
            event.offset = entry.offset
            return event
        }
    }
}
