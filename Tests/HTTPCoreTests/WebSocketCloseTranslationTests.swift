import Foundation
import HTTPCore
import Testing

/// A WebSocket that ends abnormally reads as what its close code means, told apart by who closed
/// it (issue 25: "protocol violations end the connection with the right close code and a
/// translated card"), not as a broken download.
struct WebSocketCloseTranslationTests {
    private let url: URL = {
        var parts = URLComponents()
        parts.scheme = "ws"
        parts.host = "127.0.0.1"
        parts.port = 9001
        parts.path = "/feed"
        return parts.url ?? URL(fileURLWithPath: "/")
    }()

    private func translate(_ code: UInt16?, _ reason: String = "", by initiator: WebSocketClose.Initiator)
        -> Translation
    {
        let close = WebSocketClose(code: code, reason: reason, initiator: initiator)
        return ErrorTranslator.standard.translate(
            TransportError(.receiveFailure, message: close.description, url: url, webSocketClose: close))
    }

    @Test("a violation by the server that Lazer closed for names the code and blames the server")
    func violationsLazerClosedFor() {
        let tooLarge = translate(1009, "a message larger than 16 MiB", by: .connection)
        #expect(tooLarge.title == "Message too large")
        #expect(tooLarge.explanation.contains("127.0.0.1:9001 sent a message larger than Lazer accepts"))
        #expect(tooLarge.explanation.contains("1009"))
        #expect(tooLarge.technicalDetail.contains("a message larger than 16 MiB"))
        #expect(
            translate(1007, "invalid UTF-8 in a text message", by: .connection).title
                == "The server sent text that is not UTF-8")
        let frame = translate(1002, "a masked frame", by: .connection)
        #expect(frame.title == "The server broke the WebSocket protocol")
        #expect(frame.explanation.contains("a masked frame"))
    }

    @Test("the same codes sent by the server say the server refused something of ours")
    func closesTheServerSent() {
        let tooLarge = translate(1009, "max 1 KiB", by: .server)
        #expect(tooLarge.title == "Message too large for the server")
        #expect(tooLarge.explanation.contains("(max 1 KiB)"))
        #expect(translate(1007, by: .server).explanation.contains("(no reason given)"))
        #expect(translate(1008, "token expired", by: .server).hint.contains("authentication"))
        #expect(translate(1011, by: .server).title == "Server error")
        #expect(translate(1013, "overloaded", by: .server).title == "The server asks to come back later")
        let app = translate(4403, "forbidden", by: .server)
        #expect(app.title == "Closed by the application")
        #expect(app.explanation.contains("its own code 4403: forbidden"))
        #expect(translate(1003, by: .server).title == "The server refused a message")
        #expect(translate(1010, by: .server).title == "WebSocket closed abnormally")
    }

    @Test("a connection that ended without a close frame is a dropped connection")
    func dropped() {
        #expect(translate(1006, by: .connection).title == "Connection dropped")
        #expect(translate(nil, by: .connection).title == "Connection dropped")
    }

    @Test("a secret in a close reason is masked, a long reason cut, and other receive failures keep their text")
    func reasonsAreScrubbed() {
        let close = translate(4001, "Bearer abc.def.ghi " + String(repeating: "x", count: 500), by: .server)
        #expect(!close.explanation.contains("abc.def.ghi"))
        #expect(close.explanation.count < 400)
        let download = ErrorTranslator.standard.translate(TransportError(.receiveFailure, url: url))
        #expect(download.title == "Receiving failed")
    }

    @Test("the webSocket keys may be overridden, and unknown ones in that namespace are refused")
    func overrides() {
        #expect(TranslationCatalog.isValidKey("webSocket.messageTooLarge"))
        #expect(!TranslationCatalog.isValidKey("webSocket.tooBig"))
        let translator = ErrorTranslator(overrides: ["webSocket.policy": TranslationTemplate(title: "Not allowed")])
        let close = WebSocketClose(code: 1008, reason: "", initiator: .server)
        let error = TransportError(.receiveFailure, url: url, webSocketClose: close)
        #expect(translator.translate(error).title == "Not allowed")
    }
}
