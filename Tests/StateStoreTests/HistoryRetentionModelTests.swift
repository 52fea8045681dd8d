import Foundation
import StateStore
import Testing

/// Retention against a model of its rules over many appends: the count, the size counted from the
/// newest and the age, alone and together, the newest always kept — whichever way the store
/// finds what to delete.
@Suite struct HistoryRetentionModelTests {
    /// One entry of the model, oldest first.
    struct Entry: Equatable {
        var json: String
        var time: Double
        var bytes: Int
    }

    /// A small deterministic generator: the same appends on every run.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test(arguments: [
        HistoryRetention(maximumEntries: 5, maximumAge: nil, maximumBytes: 1_000_000),
        HistoryRetention(maximumEntries: 100, maximumAge: nil, maximumBytes: 120),
        HistoryRetention(maximumEntries: 100, maximumAge: 30, maximumBytes: 1_000_000),
        HistoryRetention(maximumEntries: 7, maximumAge: 40, maximumBytes: 150),
        HistoryRetention(maximumEntries: 1, maximumAge: 10, maximumBytes: 1),
    ])
    func keepsWhatTheRulesKeep(_ retention: HistoryRetention) throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        var generator = Generator(state: 42)
        var model: [Entry] = []
        var time = 1_700_000_000.0
        for index in 0..<80 {
            // Time mostly moves on, now and then back (a clock set back); sizes vary.
            time += Double(generator.next(20)) - (generator.next(10) == 0 ? 60 : 0)
            let json = "{\"n\":\(index),\"pad\":\"" + String(repeating: "x", count: generator.next(40)) + "\"}"
            let record = HistoryRecord(
                id: "e\(index)", collectionID: "c", requestID: "r", time: time, json: json,
                search: HistorySearchText(requestName: "E", method: "GET", url: "http://h/\(index)", status: "200"))
            try store.appendHistory(record, retention: retention)
            model.append(Entry(json: json, time: time, bytes: json.utf8.count))
            model = Self.kept(model, retention, now: time)
            #expect(try store.history(collectionID: "c") == model.map(\.json), "after append \(index)")
        }
    }

    /// The rules, newest first: an entry past the count, or where the size so far passes the
    /// limit, or older than the age, goes; the newest stays whatever it is.
    static func kept(_ entries: [Entry], _ retention: HistoryRetention, now: Double) -> [Entry] {
        var keep: [Entry] = []
        var total = 0
        for (position, entry) in entries.reversed().enumerated() {
            total += entry.bytes
            let aged = retention.maximumAge.map { entry.time < now - $0 } ?? false
            let gone = position + 1 > retention.maximumEntries || total > retention.maximumBytes || aged
            if position == 0 || !gone { keep.append(entry) }
        }
        return keep.reversed()
    }
}
