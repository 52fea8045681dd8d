public import Foundation

/// A time zone written as an identifier (`Europe/Paris`) or abbreviation (`UTC`).
public struct TimeZoneTransform: CodingTransform {
    public init() {}

    public func decode(_ json: String) throws(TransformError) -> TimeZone {
        guard let zone = TimeZone(identifier: json) ?? TimeZone(abbreviation: json) else {
            throw TransformError("\"\(json)\" is not a known time zone")
        }
        return zone
    }

    public func encode(_ value: TimeZone) throws(TransformError) -> String {
        value.identifier
    }
}
