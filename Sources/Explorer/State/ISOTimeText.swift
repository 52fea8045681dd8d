package import Foundation
import TUI
import Workspace

/// Local times for history rows: "14:03:22" today, "23 Nov 14:03" before.
package enum ISOTimeText {
    package static func short(_ date: Date) -> String {
        let calendar = Calendar.current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let time = String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        if calendar.isDateInToday(date) { return time }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(parts.day ?? 0) \(months[max(0, min(11, (parts.month ?? 1) - 1))]) " + String(time.prefix(5))
    }
}
