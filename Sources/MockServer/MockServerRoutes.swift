import Foundation
package import HTTPCore
import RegularFiles
import Workspace

/// A mock environment of a collection file, loaded for serving: its routes as HTTPCore builds them
/// for the in-process mock (`MockRouteBuilder`), every body file checked by ``MockFileGuard``, and
/// the files whose changes `--watch` reloads on.
package struct MockServerRoutes: Sendable {
    /// The collection file.
    package var collectionFile: String
    package var environment: String
    package var routes: [MockRoute]
    /// The collection file and every body file, for watching.
    package var files: [String]
    package var guardrail: MockFileGuard

    /// Why a mock environment cannot be served: each problem as one line, positioned where the
    /// loader knows the position (`file:line:column: error: …`).
    package struct LoadError: Error, Sendable, CustomStringConvertible {
        package var problems: [String]
        package var description: String { problems.joined(separator: "\n") }
    }

    /// Loads `path` (a collection file, or a folder holding exactly one collection with a mock
    /// environment) and the environment called `environment` — by default the collection's default
    /// environment when it is a mock, else its first mock environment.
    package static func load(_ path: String, environment: String?) throws(LoadError) -> MockServerRoutes {
        let file = try collectionFile(path, environment: environment)
        let entry = CollectionStore.load(path: file)
        guard let document = entry.document else {
            let errors = entry.diagnostics.filter { $0.severity == .error }.map(\.description)
            throw LoadError(problems: errors.isEmpty ? ["\(file): the collection could not be loaded"] : errors)
        }
        let collection = document.collection
        let mocks = collection.environments.filter { $0.kind == .mock }
        let chosen: Environment
        if let environment {
            guard let named = collection.environment(named: environment) else {
                throw LoadError(problems: [
                    "\(file): no environment named \"\(environment)\" (mock environments: \(names(mocks)))"
                ])
            }
            guard named.kind == .mock else {
                throw LoadError(problems: [
                    "\(file): \"\(environment)\" is a live environment; lazer mock serves mock environments (\(names(mocks)))"
                ])
            }
            chosen = named
        } else if let preferred = collection.defaultEnvironment.flatMap(collection.environment(named:)),
            preferred.kind == .mock
        {
            chosen = preferred
        } else if let first = mocks.first {
            chosen = first
        } else {
            throw LoadError(problems: ["\(file): the collection has no mock environment"])
        }
        let folder = (file as NSString).deletingLastPathComponent
        let guardrail = MockFileGuard(folder: folder.isEmpty ? "." : folder)
        var problems: [String] = []
        var files = [file]
        for saved in chosen.routes {
            for response in saved.responses {
                guard case .file(let written) = response.body else { continue }
                let route = "\(saved.method?.rawValue ?? "*") \(saved.path)"
                if let problem = guardrail.problem(withWrittenPath: written) {
                    problems.append(
                        "\(file): environment \"\(chosen.name)\", route \(route): file \(written): \(problem)")
                    continue
                }
                let absolute = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(written)
                files.append(absolute)
                if case .failure(let failure) = guardrail.resolve(absolute) {
                    problems.append(
                        "\(file): environment \"\(chosen.name)\", route \(route): file \(written): \(failure.reason)")
                }
            }
        }
        let routes: [MockRoute]
        do {
            routes = try MockRouteBuilder.routes(for: chosen, baseFolder: folder.isEmpty ? "." : folder)
        } catch {
            problems.append("\(file): \(error.description)")
            routes = []
        }
        guard problems.isEmpty else { throw LoadError(problems: problems) }
        return MockServerRoutes(
            collectionFile: file, environment: chosen.name, routes: routes, files: files, guardrail: guardrail)
    }

    private static func names(_ environments: [Environment]) -> String {
        environments.isEmpty ? "none" : environments.map(\.name).joined(separator: ", ")
    }

    /// The collection file `path` names: itself, or the one `*.json` of a folder with a mock environment.
    private static func collectionFile(_ path: String, environment: String?) throws(LoadError) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw LoadError(problems: [
                "\(path): \(RegularFile.notFoundReason(path, "no such collection file or folder"))"
            ])
        }
        guard isFolder.boolValue else { return path }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        let candidates = names.map { (path as NSString).appendingPathComponent($0) }.filter { file in
            guard let collection = CollectionStore.load(path: file).document?.collection else { return false }
            if let environment { return collection.environment(named: environment)?.kind == .mock }
            return collection.environments.contains { $0.kind == .mock }
        }
        guard candidates.count == 1, let only = candidates.first else {
            let which = environment.map { "a mock environment \"\($0)\"" } ?? "a mock environment"
            throw LoadError(problems: [
                candidates.isEmpty
                    ? "\(path): no collection with \(which)"
                    : "\(path): several collections have \(which) (\(candidates.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))): name the file"
            ])
        }
        return only
    }
}
