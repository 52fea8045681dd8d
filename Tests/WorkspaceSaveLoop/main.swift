import Foundation
import Workspace

// Child process of the kill-during-save test: alternately saves two versions of a collection to
// the path in argv[1], forever, and prints "saved" after each completed save. The test
// kills it with SIGKILL at random moments and checks the file is always one whole version.

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: workspace-save-loop FILE\n".utf8))
    exit(2)
}
let path = arguments[1]
guard case .loaded(var document) = CollectionStore.load(path: path) else {
    FileHandle.standardError.write(Data("cannot load \(path)\n".utf8))
    exit(1)
}
let names = ["Version A", "Version B"]
var round = 0
while true {
    document.collection.name = names[round % 2]
    do {
        try CollectionStore.save(&document)
    } catch {
        FileHandle.standardError.write(Data("save failed: \(error)\n".utf8))
        exit(1)
    }
    FileHandle.standardOutput.write(Data("saved\n".utf8))
    round += 1
}
