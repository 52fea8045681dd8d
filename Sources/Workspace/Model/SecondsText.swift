/// A number of seconds as a person writes it in a message: `30`, `2.5`.
package enum SecondsText {
    package static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    package static func format(_ duration: Duration) -> String {
        format(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}
