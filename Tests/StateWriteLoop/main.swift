import Foundation
import StateStore

// Writes to a state store in a loop until killed, printing a line after each committed write:
// `state-write-loop DATABASE history|drafts TAG [COUNT]`. History: appends entry TAG-i (retention
// 50 per collection); drafts: replaces this instance's draft with version i. With COUNT it stops
// after COUNT writes (the concurrent-writers test); without, it runs until killed.
let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: state-write-loop DATABASE history|drafts TAG [COUNT]\n".utf8))
    exit(2)
}
let database = StateDatabase(path: arguments[1])
let tag = arguments[3]
let limit = arguments.count > 4 ? Int(arguments[4]) ?? Int.max : Int.max
let instance = DraftInstance(id: "loop-" + tag, process: "\(getpid())")
// A body big enough that a write spans several pages (a torn write would show).
let padding = String(repeating: "x", count: 6_000)
var index = 0
while index < limit {
    do {
        if arguments[2] == "history" {
            let json = "{\"id\":\"\(tag)-\(index)\",\"n\":\(index),\"pad\":\"\(padding)\"}"
            try database.appendHistory(
                HistoryRecord(
                    id: "\(tag)-\(index)", collectionID: "c", requestID: "r", time: Date().timeIntervalSince1970,
                    json: json, search: HistorySearchText(url: "http://h/\(tag)/\(index)")),
                retention: HistoryRetention(maximumEntries: 50, maximumAge: nil))
        } else {
            let json = "{\"version\":\(index),\"pad\":\"\(padding)\"}"
            try database.replaceDrafts(
                of: instance, with: [StoredDraft(collectionID: "c", requestID: "r", json: json)],
                now: Date().timeIntervalSince1970)
        }
    } catch {
        FileHandle.standardError.write(Data("state-write-loop: \(error)\n".utf8))
        exit(1)
    }
    // Unbuffered: the line is out as soon as the write committed.
    FileHandle.standardOutput.write(Data("\(index)\n".utf8))
    index += 1
}
