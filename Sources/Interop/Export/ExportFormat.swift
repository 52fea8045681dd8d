/// The formats `lazer export` writes.
package enum ExportFormat: String, Sendable, CaseIterable {
    /// curl command lines, resolved in the environment (secrets masked unless revealed).
    case curl
    /// A `.http` file (JetBrains HTTP Client / VS Code REST Client), `{{variables}}` kept.
    case http
    /// A Postman v2.1 collection (with environments).
    case postman
    /// HAR 1.2 from the history of the selected requests.
    case har
    /// A Locust file (Python) with the load model, for Locust's distributed master/worker mode.
    case locust
    /// A k6 script with the load model as a scenario, checks and thresholds.
    case k6

    /// Whether the format carries `lazer load`'s model and thresholds (`ExportInput.load`).
    package var isLoadScript: Bool { self == .locust || self == .k6 }
}
