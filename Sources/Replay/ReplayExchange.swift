import Foundation
public import HTTPCore
public import Workspace

/// One exchange of a run as it happened, before any redaction: for `lazer record`, which turns it
/// into a mock route (and masks secrets itself with ``redactor``). Reporters never see it.
public struct ReplayExchange: Sendable {
    public var item: RunPlan.Item
    /// The request as sent (adapters applied, URL pinned).
    public var request: HTTPRequest
    /// The response and its body, or the error when none arrived.
    public var outcome: Result<DataResponse, any Error>
    /// The body's bytes (empty for a failure).
    public var body: [UInt8]
    public var duration: Duration
    /// Masks the secrets of this exchange: the collection's secret values, values of secret captures so far,
    /// and those this response gave to secret captures.
    public var redactor: Redactor
}
