import Foundation
import Interop
import Workspace

// libFuzzer target for the importers (`make fuzz-import`): each input goes through one importer,
// chosen by IMPORT_FUZZ_FORMAT (postman, openapi, har, curl, http; default: every
// one; postman also reads the input as a Postman environment). An import may refuse an input with an ImportError; it must never crash or hang, and what
// it returns must be a collection Lazer loads (as `lazer import` validates it) and must import
// the same bytes again the same way. Built normally (without FUZZING), the same executable
// replays files given as arguments, to reproduce a finding under the debugger.

/// The formats this run fuzzes, from `IMPORT_FUZZ_FORMAT`.
private let formats: [String] = {
    let all = ["postman", "openapi", "har", "curl", "http"]
    guard let chosen = getenv("IMPORT_FUZZ_FORMAT").map({ String(cString: $0) }), !chosen.isEmpty else {
        return all
    }
    return chosen.split(separator: ",").map(String.init)
}()

/// Runs `bytes` through the chosen importers and checks what they return.
func importOnce(_ bytes: [UInt8]) {
    let source = ImportSource(name: "fuzz", bytes: bytes, baseFolder: "/nonexistent")
    for format in formats {
        if format == "postman" {
            if let environments = try? PostmanImport.importEnvironments(source) {
                let collection = RequestCollection(id: "fuzz", name: "fuzz", environments: environments.environments)
                guard CollectionLoader.load(Array(collection.fileText().utf8), file: "fuzz.json").collection != nil
                else { fatalError("postman environment import is not valid in a collection") }
            }
        }
        guard let importFormat = ImportFormat(rawValue: format) else { fatalError("unknown format \(format)") }
        guard let result = try? Importer.importSource(source, format: importFormat) else { continue }
        let text = result.collection.fileText()
        let loaded = CollectionLoader.load(Array(text.utf8), file: "fuzz.json")
        guard loaded.collection != nil else {
            fatalError("\(format) import is not a valid collection: \(loaded.diagnostics.map(\.description))")
        }
        guard let again = try? Importer.importSource(source, format: importFormat),
            again.collection.fileText() == text
        else { fatalError("\(format) import is not byte-stable") }
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
