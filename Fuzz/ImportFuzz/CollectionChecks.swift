import TerminalText
import Workspace

/// `IMPORT_FUZZ_FORMAT=collection` (`make fuzz-collection`): the input is a collection file, loaded
/// the way `lazer validate` and the explorer load one. Every diagnostic, printed as validate prints
/// it, must be terminal-safe; a collection that loads is saved as the explorer saves it and must
/// load again without errors, to the same collection (but the values of secrets, which saving moves
/// to the secrets file) and the same text.
func loadCollectionOnce(_ bytes: [UInt8]) {
    let first = CollectionLoader.load(bytes, file: "fuzz\u{1B}[2J.json")
    for diagnostic in first.diagnostics where !TerminalText.isSafe(TerminalText.line(diagnostic.description)) {
        fatalError("a diagnostic is not terminal-safe once rendered")
    }
    guard let collection = first.collection else { return }
    // What validate and the explorer read from a loaded collection.
    let summary = "\(collection.name), \(collection.allRequests.count) requests, \(collection.environments.count)"
    if !TerminalText.isSafe(TerminalText.line(summary)) { fatalError("a summary line is not terminal-safe") }
    let saved = collection.fileText()
    let second = CollectionLoader.load(Array(saved.utf8), file: "saved.json")
    guard let again = second.collection else {
        fatalError("a saved collection does not load again: \(second.diagnostics)")
    }
    guard again.fileText() == saved else { fatalError("saving a reloaded collection changes its text") }
    guard again == withoutSecretValues(collection) else { fatalError("a saved collection loads as another collection") }
}

/// What a collection file keeps of `collection`: a secret variable's value written in the file is
/// loaded (with a warning) but moved to the secrets file by the first save.
private func withoutSecretValues(_ collection: RequestCollection) -> RequestCollection {
    func kept(_ variables: [Variable]) -> [Variable] {
        variables.map { variable in
            var variable = variable
            if variable.secret { variable.value = "" }
            return variable
        }
    }
    var collection = collection
    collection.variables = kept(collection.variables)
    for index in collection.environments.indices {
        collection.environments[index].variables = kept(collection.environments[index].variables)
    }
    return collection
}
