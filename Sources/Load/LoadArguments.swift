/// The texts of `lazer load`'s options: durations (`60s`, `500ms`, `2m`, `1.5s`), rates
/// (`500/s`, `30/m`) and stages (`30s:100/s`). Each parser says what it expected.
package enum LoadArguments {
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// `allowingZero`: `0s` is a duration too (`--grace 0s`: cancel at once).
    package static func duration(_ text: String, allowingZero: Bool = false) throws(Problem) -> Duration {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (unit, scale) in units where text.hasSuffix(unit) {
            if unit == "s", text.hasSuffix("ms") { continue }
            if let value = Double(text.dropLast(unit.count)), value.isFinite, value > 0 || (allowingZero && value == 0)
            {
                return .nanoseconds(Int64((value * scale * 1e9).rounded()))
            }
        }
        throw Problem("\"\(text)\" is not a duration: write a number and a unit, such as 60s, 500ms or 2m")
    }

    /// Requests per second.
    package static func rate(_ text: String) throws(Problem) -> Double {
        let per: [(String, Double)] = [("/s", 1), ("/m", 1.0 / 60)]
        for (unit, scale) in per where text.hasSuffix(unit) {
            if let value = Double(text.dropLast(unit.count)), value.isFinite, value >= 0 { return value * scale }
        }
        throw Problem("\"\(text)\" is not a rate: write requests per second or minute, such as 500/s or 30/m")
    }

    package static func stage(_ text: String) throws(Problem) -> LoadModel.RateStage {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            throw Problem("\"\(text)\" is not a stage: write DURATION:RATE, such as 30s:100/s")
        }
        return LoadModel.RateStage(duration: try duration(parts[0]), rate: try rate(parts[1]))
    }
}
