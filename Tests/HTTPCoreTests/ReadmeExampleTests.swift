import Foundation
import Futures
import FuturesTesting
import HTTPCore
import Synchronization
import Testing

/// A Sendable sink that records lines, standing in for the UI.
private final class Log: Sendable {
    private let lines = Mutex<[String]>([])

    func add(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var all: [String] { lines.withLock { $0 } }
}

@Suite("README example (HTTPCore)")
struct HTTPCoreReadmeExampleTests {
    @Test("the README's mock example compiles and prints what the README says")
    func example() throws {
        let log = Log()
        // README begin
        struct Post: Codable, Sendable { let id: Int, title: String }

        let scheduler = ManualScheduler()  // the app injects MainQueueScheduler()
        let mock = MockDispatcher(scheduler: scheduler)  // CurlDispatcher in the app
        try mock.register(.get, "/posts/:id(int)", responses: try .json(Post(id: 1, title: "Hello")))
        let translator = ErrorTranslator.standard

        for path in ["/posts/1", "/posts/one"] {
            mock.dataFuture { HTTPRequest(path: path, serverProvider: nil) }  // a throw here lands in `error`
                .then { response in
                    if response.httpError != nil { return translator.translate(response).title }
                    return try response.decode(Post.self).body.title
                }
                .success { line in log.add(line) }
                .error { error in log.add(translator.translate(error).title) }
                .send()
        }
        scheduler.runAll()
        // README end
        #expect(log.all == ["Hello", "Not found"])
    }
}
