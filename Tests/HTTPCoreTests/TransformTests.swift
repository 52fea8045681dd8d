import Foundation
import HTTPCore
import Testing

private struct Event: Codable, Equatable {
    var id: Int
    var externalID: String
    var at: Date
    var day: Date
    var zone: TimeZone
    var link: URL
    var note: String?

    enum CodingKeys: String, CodingKey {
        case id, externalID, at, day, zone, link, note
    }

    init(id: Int, externalID: String, at: Date, day: Date, zone: TimeZone, link: URL, note: String?) {
        self.id = id
        self.externalID = externalID
        self.at = at
        self.day = day
        self.zone = zone
        self.link = link
        self.note = note
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(using: IntFromStringTransform(), forKey: .id)
        externalID = try container.decode(using: StringFromIntTransform(), forKey: .externalID)
        at = try container.decode(using: DateTransform(), forKey: .at)
        day = try container.decode(using: DateTransform(format: .pattern("yyyy-MM-dd")), forKey: .day)
        zone = try container.decode(using: TimeZoneTransform(), forKey: .zone)
        link = try container.decode(using: URLTransform(), forKey: .link)
        note = try container.decodeIfPresent(using: EmptyStringTransform(), forKey: .note) ?? nil
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id, using: IntFromStringTransform())
        try container.encode(externalID, forKey: .externalID, using: StringFromIntTransform())
        try container.encode(at, forKey: .at, using: DateTransform())
        try container.encode(day, forKey: .day, using: DateTransform(format: .pattern("yyyy-MM-dd")))
        try container.encode(zone, forKey: .zone, using: TimeZoneTransform())
        try container.encode(link, forKey: .link, using: URLTransform())
        try container.encode(note, forKey: .note, using: EmptyStringTransform())
    }
}

@Suite("Codable transforms")
struct TransformTests {
    let json = #"""
        {"id":"42","externalID":9001,"at":"2024-05-01T12:30:00Z","day":"2024-05-02","zone":"Europe/Paris",
         "link":"https://x.test/a","note":""}
        """#

    @Test("a model decodes through every transform and encodes back to the same JSON shape")
    func roundTrip() throws {
        let event = try JSONDecoder().decode(Event.self, from: Data(json.utf8))
        #expect(event.id == 42)
        #expect(event.externalID == "9001")
        #expect(event.at == Date(timeIntervalSince1970: 1_714_566_600))
        #expect(event.day == Date(timeIntervalSince1970: 1_714_608_000))
        #expect(event.zone.identifier == "Europe/Paris")
        #expect(event.link.host == "x.test")
        #expect(event.note == nil)

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(event), as: UTF8.self)
        #expect(
            text
                == #"{"at":"2024-05-01T12:30:00Z","day":"2024-05-02","externalID":9001,"id":"42","link":"https:\/\/x.test\/a","note":"","zone":"Europe\/Paris"}"#
        )
    }

    @Test("a bad value fails at its key with the transform's message")
    func failures() throws {
        let bad = json.replacingOccurrences(of: #""42""#, with: #""forty-two""#)
        do {
            _ = try JSONDecoder().decode(Event.self, from: Data(bad.utf8))
            Issue.record("expected a failure")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["id"])
            #expect(context.debugDescription == "\"forty-two\" is not an integer")
        }
        #expect(throws: TransformError("\"Mars/Olympus\" is not a known time zone")) {
            try TimeZoneTransform().decode("Mars/Olympus")
        }
        #expect(throws: TransformError.self) { try URLTransform().decode("no scheme here") }
        #expect(try URLTransform(allowsRelative: true).decode("/relative").path == "/relative")
        #expect(throws: TransformError.self) { try StringFromIntTransform().encode("x1") }
        #expect(throws: TransformError.self) { try DateTransform().decode("yesterday") }
        #expect(throws: TransformError.self) { try DateTransform(format: .pattern("yyyy-MM-dd")).decode("05/02/2024") }
    }

    @Test("ISO 8601 accepts fractional seconds and offsets; the fractional format writes milliseconds")
    func iso8601() throws {
        let transform = DateTransform()
        #expect(try transform.decode("2024-05-01T12:30:00.250Z") == Date(timeIntervalSince1970: 1_714_566_600.25))
        #expect(try transform.decode("2024-05-01T14:30:00+02:00") == Date(timeIntervalSince1970: 1_714_566_600))
        let fractional = DateTransform(format: .iso8601WithFractionalSeconds)
        #expect(try fractional.encode(Date(timeIntervalSince1970: 1_714_566_600.25)) == "2024-05-01T12:30:00.250Z")
        #expect(try fractional.decode("2024-05-01T12:30:00Z") == Date(timeIntervalSince1970: 1_714_566_600))
    }

    @Test("empty strings become nil, optionally whitespace too; missing keys stay nil")
    func emptyStrings() throws {
        #expect(try EmptyStringTransform().decode("") == nil)
        #expect(try EmptyStringTransform().decode("  ") == "  ")
        #expect(try EmptyStringTransform(treatsWhitespaceAsEmpty: true).decode("  ") == nil)
        #expect(try EmptyStringTransform().decode("x") == "x")
        #expect(try EmptyStringTransform().encode(nil) == "")
        let withoutNote = json.replacingOccurrences(of: #","note":"""#, with: "")
        #expect(try JSONDecoder().decode(Event.self, from: Data(withoutNote.utf8)).note == nil)
    }
}
