import Foundation
import StateStore
import Testing
import Workspace

/// What a user types into the history search: words, status classes, days and months.
@Suite struct HistoryFilterTests {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
        return calendar
    }

    @Test func wordsStatusClassesAndDates() throws {
        let filter = HistoryFilter(typed: "  users 5XX 404 2026-11-27 post ", calendar: Self.utc)
        #expect(filter.words == ["users", "404", "post"])
        #expect(filter.statusPrefixes == ["5"])
        let start = try #require(Self.utc.date(from: DateComponents(year: 2026, month: 11, day: 27)))
            .timeIntervalSince1970
        #expect(filter.timeRanges == [start..<(start + 86_400)])
    }

    @Test func aMonthAndWhatIsNotADate() throws {
        let filter = HistoryFilter(typed: "2026-02 2026-13-01 2026-1-1 6xx", calendar: Self.utc)
        let start = try #require(Self.utc.date(from: DateComponents(year: 2026, month: 2, day: 1)))
            .timeIntervalSince1970
        let end = try #require(Self.utc.date(from: DateComponents(year: 2026, month: 3, day: 1))).timeIntervalSince1970
        #expect(filter.timeRanges == [start..<end])
        #expect(filter.words == ["2026-13-01", "2026-1-1", "6xx"])
        #expect(filter.statusPrefixes.isEmpty)
    }
}
