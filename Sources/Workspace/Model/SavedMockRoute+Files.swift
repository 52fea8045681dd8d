import Foundation
import HTTPCore

extension SavedMockRoute {
    /// `lazer validate`: mock routes whose answer is a `file` that is not there beside the
    /// collection ("environment mock, route GET /x: no such file missing/body.json"). Without it a
    /// run against the mock said only that a saved body could not be read.
    package static func fileProblems(in document: CollectionDocument) -> [String] {
        let folder = URL(fileURLWithPath: document.path).deletingLastPathComponent()
        var found: [String] = []
        for environment in document.collection.environments {
            for route in environment.routes {
                for response in route.responses {
                    guard case .file(let path) = response.body,
                        let problem = WebSocketSettings.fileProblem(path, folder: folder)
                    else { continue }
                    let name = route.method.map { "\($0.rawValue) \(route.path)" } ?? route.path
                    found.append("environment \(environment.name), route \(name): \(problem)")
                }
            }
        }
        return found
    }
}
