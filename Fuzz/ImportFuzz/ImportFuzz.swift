import Foundation
import Interop
import Workspace

// libFuzzer target for the importers (`make fuzz-import`): each input goes through the importers
// chosen by IMPORT_FUZZ_FORMAT (curl, http, postman, openapi, har, comma-separated; default: every
// one). An import may refuse an input with an ImportError; it must never crash or hang, and what
// it returns must be a collection Lazer loads (as `lazer import` validates it) and must import the
// same bytes again the same way. curl and .http imports are also exported as curl and as .http and
// imported again: as many requests must come back. The postman run also reads each input as a
// Postman environment, the http run as an http-client.env.json. `collection` (not among the
// default ones) reads the input as a collection file instead (`CollectionChecks`, `make
// fuzz-collection`). Built normally (without FUZZING), the same executable replays files given as
// arguments, to reproduce a finding under the debugger.

/// The formats this run fuzzes, from `IMPORT_FUZZ_FORMAT`.
private let formats: [String] = {
    let all = ["postman", "openapi", "har", "curl", "http"]
    guard let chosen = getenv("IMPORT_FUZZ_FORMAT").map({ String(cString: $0) }), !chosen.isEmpty else {
        return all
    }
    return chosen.split(separator: ",").map(String.init)
}()

/// Fails the run when `environments` would not load inside a collection.
private func checkEnvironments(_ environments: EnvironmentImport, _ format: String) {
    let collection = RequestCollection(
        id: "fuzz", name: "fuzz", variables: environments.sharedVariables, environments: environments.environments)
    guard CollectionLoader.load(Array(collection.fileText().utf8), file: "fuzz.json").collection != nil else {
        fatalError("\(format) environment import is not valid in a collection")
    }
}

/// Exports `collection` as curl and as .http and imports both back: as many requests must return.
private func checkReExports(_ collection: RequestCollection, options: ImportOptions) {
    let document = CollectionDocument(path: "/nonexistent/fuzz.json", collection: collection, fingerprint: .missing)
    let input = ExportInput(document: document, revealSecrets: true)
    let count = collection.allRequests.count
    let curl = CurlExport.commands(input)
    let curlBack = try? CurlImport.importCollection(
        ImportSource(name: "export.sh", bytes: Array(curl.utf8), baseFolder: "/nonexistent"), options: options)
    guard curlBack?.collection.requests.count == count else {
        fatalError(
            "\(count) requests exported as curl came back as \(curlBack?.collection.requests.count ?? -1):\n\(curl)")
    }
    let http = HTTPFileExport.file(input)
    let httpBack = try? HTTPFileImport.importCollection(
        ImportSource(name: "export.http", bytes: Array(http.utf8), baseFolder: "/nonexistent"), options: options)
    guard httpBack?.collection.requests.count == count else {
        fatalError(
            "\(count) requests exported as .http came back as \(httpBack?.collection.requests.count ?? -1):\n\(http)")
    }
}

/// Runs `bytes` through the chosen importers and checks what they return.
func importOnce(_ bytes: [UInt8]) {
    let source = ImportSource(name: "fuzz", bytes: bytes, baseFolder: "/nonexistent")
    // No file is read: `-d @file` and the like are reported instead.
    let options = ImportOptions(readsFiles: false)
    for format in formats {
        if format == "collection" {
            loadCollectionOnce(bytes)
            continue
        }
        if format == "postman", let environments = try? PostmanImport.importEnvironments(source) {
            checkEnvironments(environments, format)
        }
        if format == "http", let environments = try? HTTPClientEnvironmentImport.importEnvironments(source) {
            checkEnvironments(environments, format)
        }
        guard let importFormat = ImportFormat(rawValue: format) else { fatalError("unknown format \(format)") }
        let result: ImportResult
        do {
            result = try Importer.importSource(source, format: importFormat, options: options)
        } catch {
            _ = error.description
            continue
        }
        for item in result.report.items { _ = item.description }
        let text = result.collection.fileText()
        let loaded = CollectionLoader.load(Array(text.utf8), file: "fuzz.json")
        guard loaded.collection != nil else {
            fatalError("\(format) import is not a valid collection: \(loaded.diagnostics.map(\.description))")
        }
        guard let again = try? Importer.importSource(source, format: importFormat, options: options),
            again.collection.fileText() == text
        else { fatalError("\(format) import is not byte-stable") }
        if format == "curl" || format == "http" { checkReExports(result.collection, options: options) }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    importOnce(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if FUZZING
// SwiftPM links an executable's entry point as `ImportFuzz_main`; hand it to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("ImportFuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzzImport)
}
#else
@main
enum ImportFuzzReplay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let file = fopen(path, "rb") else {
                print("\(path): cannot open")
                continue
            }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = fread(&buffer, 1, buffer.count, file)
                if count <= 0 { break }
                bytes += buffer[0..<count]
            }
            fclose(file)
            importOnce(bytes)
            print("\(path): ok")
        }
    }
}
#endif
