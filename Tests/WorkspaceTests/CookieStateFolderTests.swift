import Foundation
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import Testing
import Workspace

/// An explorer send whose cookie jar file cannot be read (the state folder cannot be made: a
/// file is where a folder should be) still goes out, with a jar of its own; writing it back
/// fails, which the explorer says ("Cookies not saved"). It used to stop the send with "cookies not
/// read", while history and drafts never stopped one.
@Suite struct CookieStateFolderTests {
    let scheduler = ManualScheduler()

    @Test func anUnreadableJarDoesNotStopTheSend() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            {"formatVersion": 1, "id": "jar-state", "name": "Jar", "defaultEnvironment": "live",
             "environments": [{"name": "live", "kind": "live", "baseURL": "http://127.0.0.1:9"}],
             "requests": [{"id": "get", "name": "Get", "method": "GET", "url": "/items"}]}
            """, to: "jar.json")
        try folder.write("a file, not a folder", to: "not-a-folder")
        let services = WorkspaceServices(
            directories: UserDirectories(
                config: folder.path + "/config", state: folder.path + "/not-a-folder/state"),
            liveDispatcher: RecordingDispatcher(scheduler: scheduler), scheduler: scheduler, delays: ManualClock(),
            processEnvironment: [:])
        let document = try #require(try services.open(folder: folder.path).documents.first)
        let request = try #require(document.collection.request(id: "get"))
        let preparation = services.prepare(request, in: document)
        #expect(preparation.problems.isEmpty, "\(preparation.problems)")
        let jar = try #require(preparation.request?.options.cookieJar)
        // The server sets a cookie: the send keeps it in its jar; writing the jar back fails.
        _ = jar.receive(["session=abc123; Path=/"], from: try #require(URL(string: "http://127.0.0.1:9/items")))
        #expect(jar.cookies.map(\.name) == ["session"])
        #expect(throws: (any Error).self) { try services.storeCookies(of: preparation) }
    }
}
