import Explorer
import HTTPCore
import TUI
import Testing
import Workspace

/// The collections filter scores only the requests the query before matched when the new query
/// extends it (`NavigatorFilterMatches`): what it lists must be exactly what a filter built from
/// nothing lists, whatever is typed, taken back or changed in the collections between keys.
struct NavigatorFilterNarrowingTests {
    /// A small deterministic generator (the same cases on every run).
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func word(_ letters: [String], length: Int) -> String {
            (0..<length).map { _ in letters[next(letters.count)] }.joined()
        }
    }

    private static let letters = ["a", "b", "c", "A", "1", "/", "-", " ", "é"]

    private func request(_ generator: inout Generator, _ index: Int) -> SavedRequest {
        SavedRequest(
            id: "r\(index)", name: generator.word(Self.letters, length: 1 + generator.next(6)),
            method: [.get, .post, .delete][generator.next(3)],
            url: "/" + generator.word(Self.letters, length: generator.next(8)))
    }

    private func slots(_ generator: inout Generator, serial: inout Int) -> [CollectionSlot] {
        (0..<2).map { number in
            var collection = RequestCollection(id: "c\(number)", name: generator.word(Self.letters, length: 3))
            collection.requests = (0..<(10 + generator.next(30))).map { _ in
                serial += 1
                return request(&generator, serial)
            }
            collection.folders = (0..<generator.next(3)).map { _ in
                Folder(
                    name: generator.word(Self.letters, length: 2),
                    folders: [
                        Folder(
                            name: "in",
                            requests: (0..<generator.next(10)).map { _ in
                                serial += 1
                                return request(&generator, serial)
                            })
                    ],
                    requests: (0..<generator.next(20)).map { _ in
                        serial += 1
                        return request(&generator, serial)
                    })
            }
            return CollectionSlot(
                document: CollectionDocument(
                    path: "/work/c\(number).json", collection: collection,
                    fingerprint: FileFingerprint(size: 0, hash: 0)))
        }
    }

    /// The rows a filter made afresh lists for `text` (no earlier query kept).
    private func fresh(_ slots: [CollectionSlot], text: String) -> [NavigatorRow] {
        var navigator = NavigatorState()
        navigator.filter.setText(text)
        navigator.rebuild(from: slots)
        return navigator.rows
    }

    @Test("typing, taking back and editing between keys lists what a filter built from nothing lists")
    func sameRowsAsAFreshFilter() {
        var generator = Generator(state: 31)
        var serial = 0
        for _ in 0..<40 {
            var slots = slots(&generator, serial: &serial)
            var navigator = NavigatorState()
            navigator.isFiltering = true
            var text = ""
            for _ in 0..<30 {
                switch generator.next(10) {
                case 0..<6: text += Self.letters[generator.next(Self.letters.count)]
                case 6, 7: if !text.isEmpty { text.removeLast() }
                case 8:
                    // Another request in a list, or one renamed: its list has other storage now.
                    let which = generator.next(slots.count)
                    if var collection = slots[which].document?.collection {
                        serial += 1
                        if generator.next(2) == 0, !collection.requests.isEmpty {
                            collection.requests[generator.next(collection.requests.count)].name =
                                generator.word(Self.letters, length: 3)
                        } else {
                            collection.requests.append(request(&generator, serial))
                        }
                        slots[which].document?.collection = collection
                    }
                default: text = String(text.prefix(generator.next(text.count + 1)))
                }
                navigator.filter.setText(text)
                navigator.rebuild(from: slots)
                #expect(navigator.rows == fresh(slots, text: text), "filter \"\(text)\"")
            }
        }
    }

    /// One collection, "API", of requests with these names.
    private static func api(_ names: [String]) -> [CollectionSlot] {
        var collection = RequestCollection(id: "c", name: "API")
        collection.requests = names.enumerated().map { SavedRequest(id: "\($0.offset)", name: $0.element, url: "/") }
        return [
            CollectionSlot(
                document: CollectionDocument(
                    path: "/work/api.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0)))
        ]
    }

    /// A navigator with `text` typed into its filter over `slots`.
    private static func typing(_ text: String, in slots: [CollectionSlot]) -> NavigatorState {
        var navigator = NavigatorState()
        navigator.isFiltering = true
        navigator.filter.setText(text)
        navigator.rebuild(from: slots)
        return navigator
    }

    @Test("a request renamed to match after the first keys is listed at the next key")
    func anEditBetweenKeysIsSeen() throws {
        var slots = Self.api(["List users", "Health"])
        var navigator = Self.typing("us", in: slots)
        #expect(navigator.rows.map(\.title) == ["API", "List users"])
        slots[0].document?.collection.requests[1].name = "User status"
        navigator.filter.setText("use")
        navigator.rebuild(from: slots)
        // Best first: "use" starts a word of the renamed one.
        #expect(navigator.rows.map(\.title) == ["API", "User status", "List users"])
        // Taken back to a query kept from before the edit: the edit is still seen.
        navigator.filter.setText("us")
        navigator.rebuild(from: slots)
        #expect(navigator.rows.map(\.title) == ["API", "User status", "List users"])
    }

    @Test("queries that narrow nothing keep at most the position limit; the newest query stays")
    func keptMatchesAreBounded() {
        var matches = NavigatorFilterMatches()
        let half = NavigatorFilterMatches.positionLimit / 2
        let everything = NavigatorFilterMatches.Matches(requests: [], positions: Array(repeating: 0, count: half))
        for needle in [" ", "  ", "   "] {
            matches.keep(NavigatorFilterMatches.Level(needle: needle, lists: ["c": everything]))
        }
        #expect(matches.needles == ["  ", "   "])
        let beyond = NavigatorFilterMatches.Matches(requests: [], positions: Array(repeating: 0, count: half * 3))
        matches.keep(NavigatorFilterMatches.Level(needle: "    ", lists: ["c": beyond]))
        #expect(matches.needles == ["    "])
    }

    @Test("matches are kept only while the filter is typed in: it holds the lists an edit would copy")
    func matchesAreKeptOnlyWhileTyping() {
        let slots = Self.api(["List users"])
        var navigator = Self.typing("us", in: slots)
        #expect(navigator.keptFilterQueries == ["us"])
        navigator.isFiltering = false
        #expect(navigator.keptFilterQueries.isEmpty)
        // A rebuild with the filter's text kept (a file read again) lists the same, keeping nothing.
        navigator.rebuild(from: slots)
        #expect(navigator.rows.map(\.title) == ["API", "List users"])
        #expect(navigator.keptFilterQueries.isEmpty)
    }
}
