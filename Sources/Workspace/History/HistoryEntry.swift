package import Foundation

/// One exchange as recorded in history: what was sent, what came back (or the error), and when.
/// Secrets are already redacted and large bodies truncated when an entry is built.
package struct HistoryEntry: Sendable, Equatable {
    package struct Header: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    package var id: String
    package var date: Date
    package var requestID: String?
    package var requestName: String?
    package var environment: String?
    package var method: String
    package var url: String
    package var requestHeaders: [Header]
    package var requestBody: HistoryBody?
    package var status: Int?
    /// The reason phrase the server sent (`OK`; "" over HTTP/2); nil when there was no status line
    /// (a mock answer, an error, an entry written before Lazer recorded it).
    package var statusText: String?
    /// The protocol the exchange went over (`HTTP/1.1`, `HTTP/2`); nil without a response.
    package var httpVersion: String?
    package var responseHeaders: [Header]
    package var responseBody: HistoryBody?
    package var durationMilliseconds: Double?
    /// The translated error when there was no response.
    package var error: String?

    package init(
        id: String = IdentifierGenerator.make(), date: Date = Date(), requestID: String? = nil,
        requestName: String? = nil, environment: String? = nil, method: String, url: String,
        requestHeaders: [Header] = [], requestBody: HistoryBody? = nil, status: Int? = nil,
        responseHeaders: [Header] = [], responseBody: HistoryBody? = nil, durationMilliseconds: Double? = nil,
        error: String? = nil, statusText: String? = nil, httpVersion: String? = nil
    ) {
        self.id = id
        self.date = date
        self.requestID = requestID
        self.requestName = requestName
        self.environment = environment
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.statusText = statusText
        self.httpVersion = httpVersion
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.durationMilliseconds = durationMilliseconds
        self.error = error
    }

    /// A copy with every secret replaced by the mask (headers, URL, bodies, error).
    package func redacted(with redactor: Redactor) -> HistoryEntry {
        var copy = self
        copy.url = redactor.redact(url)
        copy.requestHeaders = requestHeaders.map {
            Header($0.name, redactor.redactHeader(name: $0.name, value: $0.value))
        }
        copy.responseHeaders = responseHeaders.map {
            Header($0.name, redactor.redactHeader(name: $0.name, value: $0.value))
        }
        copy.requestBody = requestBody.map { body in
            var body = body
            if body.encoding == .utf8 { body.text = redactor.redact(body.text) }
            return body
        }
        copy.responseBody = responseBody.map { body in
            var body = body
            if body.encoding == .utf8 { body.text = redactor.redact(body.text) }
            return body
        }
        copy.error = error.map(redactor.redact)
        return copy
    }

    var stored: StoredJSON {
        func headers(_ list: [Header]) -> [StoredJSON] {
            list.map {
                .object([StoredJSON.Member("name", .string($0.name)), StoredJSON.Member("value", .string($0.value))])
            }
        }
        var object = ObjectBuilder()
        object.add("id", id)
        object.add("time", ISOTime.format(date))
        object.add("requestId", requestID)
        object.add("requestName", requestName)
        object.add("environment", environment)
        object.add("method", method)
        object.add("url", url)
        object.add("requestHeaders", list: headers(requestHeaders))
        object.add("requestBody", requestBody?.stored)
        object.add("status", status)
        object.add("statusText", statusText)
        object.add("httpVersion", httpVersion)
        object.add("responseHeaders", list: headers(responseHeaders))
        object.add("responseBody", responseBody?.stored)
        object.add("durationMilliseconds", seconds: durationMilliseconds)
        object.add("error", error)
        return object.json
    }

    init?(stored: StoredJSON) {
        guard let id = stored["id"]?.stringValue, let time = stored["time"]?.stringValue,
            let date = ISOTime.parse(time), let method = stored["method"]?.stringValue,
            let url = stored["url"]?.stringValue
        else { return nil }
        func headers(_ value: StoredJSON?) -> [Header] {
            guard case .array(let items)? = value else { return [] }
            return items.compactMap { item in
                guard let name = item["name"]?.stringValue, let value = item["value"]?.stringValue else { return nil }
                return Header(name, value)
            }
        }
        func number(_ value: StoredJSON?) -> Double? {
            if case .number(let text)? = value { return Double(text) }
            return nil
        }
        self.init(
            id: id, date: date, requestID: stored["requestId"]?.stringValue,
            requestName: stored["requestName"]?.stringValue, environment: stored["environment"]?.stringValue,
            method: method, url: url, requestHeaders: headers(stored["requestHeaders"]),
            requestBody: HistoryBody(stored: stored["requestBody"]), status: number(stored["status"]).map { Int($0) },
            responseHeaders: headers(stored["responseHeaders"]),
            responseBody: HistoryBody(stored: stored["responseBody"]),
            durationMilliseconds: number(stored["durationMilliseconds"]), error: stored["error"]?.stringValue,
            statusText: stored["statusText"]?.stringValue, httpVersion: stored["httpVersion"]?.stringValue)
    }
}
