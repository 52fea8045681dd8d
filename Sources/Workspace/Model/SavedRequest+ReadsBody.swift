extension SavedRequest {
    /// Whether an expectation or a capture of the request reads the response's body (a status, a
    /// header or the time does not). A stream that ran for an hour is read back whole only when
    /// something reads it.
    package var readsBody: Bool {
        let expectationReads = expectations.contains { expectation in
            switch expectation.subject {
            case .status, .header, .responseTime, .close: false
            default: true
            }
        }
        let captureReads = captures.contains { capture in
            switch capture.source {
            case .status, .header: false
            case .jsonPath, .body, .event: true
            }
        }
        return expectationReads || captureReads
    }

    /// Whether a `close` expectation checks how the server ends a WebSocket conversation: any
    /// close it sends is then a normal end, and the check decides.
    package var checksServerClose: Bool {
        expectations.contains { expectation in
            if case .close = expectation.subject { return true }
            return false
        }
    }
}
