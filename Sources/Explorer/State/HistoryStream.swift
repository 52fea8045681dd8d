import Foundation
import HTTPCore
import Workspace

/// A past exchange whose answer was a stream (SSE, NDJSON, json-seq): its events read back from
/// the body history kept (bounded as every history body is), so the Stream view shows an opened
/// entry as it showed the stream live — its list, search, filter, joined text and event trees.
enum HistoryStream {
    static func log(_ entry: HistoryEntry, join: String?) -> StreamLog? {
        guard
            let type = entry.responseHeaders.last(where: { $0.name.lowercased() == "content-type" })?.value,
            let format = StreamFormat(contentType: type), let body = entry.responseBody
        else { return nil }
        let bytes =
            body.encoding == .utf8 ? Array(body.text.utf8) : Array(Data(base64Encoded: body.text) ?? Data())
        var log = StreamLog(generation: -1)
        log.append(StreamDecoder.events(in: bytes, format: format))
        log.end = .closed
        log.join(join)
        return log
    }
}
