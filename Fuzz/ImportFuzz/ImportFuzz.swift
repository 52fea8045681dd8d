// libFuzzer targets for the importers (`make fuzz-import`), built by SwiftPM with
// `--sanitize=fuzzer --sanitize=address -Xswiftc -DFUZZING`. `LAZER_FUZZ` picks the importer:
// curl, http, env (http-client.env.json), postman, openapi, har. Every input must import or
// throw an `ImportError` — never crash or hang — and whatever imports must be a valid collection
// (it loads back through `CollectionLoader` without errors). curl and .http results are also
// exported as curl and .http and imported again: the same number of requests must come back.
// Without FUZZING (a normal build) the executable replays files given as arguments through the
// same checks, to reproduce a finding: `ImportFuzz curl fuzz-out/crash-…`.

import Foundation
import Interop
import Workspace

/// The importer under test, from `LAZER_FUZZ` (default curl).
let fuzzTarget = ProcessInfo.processInfo.environment["LAZER_FUZZ"] ?? "curl"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    check(Array(UnsafeBufferPointer(start: data, count: size)), target: fuzzTarget)
    return 0
}

/// Imports `bytes` with the importer `target` and checks what comes out.
func check(_ bytes: [UInt8], target: String) {
    let source = ImportSource(name: "fuzz", bytes: bytes, baseFolder: "/nonexistent-lazer-fuzz")
    let options = ImportOptions(readsFiles: false)
    let result: ImportResult
    do {
        switch target {
        case "curl": result = try CurlImport.importCollection(source, options: options)
        case "http": result = try HTTPFileImport.importCollection(source, options: options)
        case "env":
            let environments = try HTTPClientEnvironmentImport.importEnvironments(source)
            result = ImportResult(
                collection: RequestCollection(
                    id: "fuzz", name: "fuzz", variables: environments.sharedVariables,
                    environments: environments.environments))
        case "postman": result = try Importer.importSource(source, format: .postman, options: options)
        case "openapi": result = try Importer.importSource(source, format: .openapi, options: options)
        case "har": result = try Importer.importSource(source, format: .har, options: options)
        default: fatalError("LAZER_FUZZ=\(target): expected curl, http, env, postman, openapi or har")
        }
    } catch {
        _ = error.description
        return
    }
    let text = result.collection.fileText()
    let loaded = CollectionLoader.load(Array(text.utf8), file: "fuzz.json")
    guard loaded.collection != nil else {
        fatalError("the imported collection does not load: \(loaded.diagnostics)\n\(text)")
    }
    for item in result.report.items { _ = item.description }
    guard target == "curl" || target == "http" else { return }
    let document = CollectionDocument(
        path: "/nonexistent-lazer-fuzz/fuzz.json", collection: result.collection, fingerprint: .missing)
    let count = result.collection.allRequests.count
    let input = ExportInput(document: document, revealSecrets: true)
    let curl = CurlExport.commands(input)
    let http = HTTPFileExport.file(input)
    let again = (
        curl: try? CurlImport.importCollection(
            ImportSource(name: "export.sh", bytes: Array(curl.utf8), baseFolder: "/nonexistent-lazer-fuzz"),
            options: options),
        http: try? HTTPFileImport.importCollection(
            ImportSource(name: "export.http", bytes: Array(http.utf8), baseFolder: "/nonexistent-lazer-fuzz"),
            options: options)
    )
    guard again.curl?.collection.requests.count == count else {
        fatalError(
            "\(count) requests exported as curl came back as \(String(describing: again.curl?.collection.requests.count)):\n\(curl)"
        )
    }
    guard again.http?.collection.requests.count == count else {
        fatalError(
            "\(count) requests exported as .http came back as \(String(describing: again.http?.collection.requests.count)):\n\(http)"
        )
    }
}

#if !FUZZING
/// Replays inputs: `ImportFuzz TARGET FILE…`.
@main
struct ImportFuzzReplay {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let target = arguments.first else {
            print("usage: ImportFuzz curl|http|env|postman|openapi|har FILE…")
            return
        }
        for path in arguments.dropFirst() {
            check(Array(try Data(contentsOf: URL(fileURLWithPath: path))), target: target)
        }
        print("ok: \(arguments.count - 1) inputs")
    }
}
#endif
