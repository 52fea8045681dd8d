extension Capture {
    /// The value this capture takes from a response (JSON strings unquoted), nil when its source
    /// is missing.
    package func value(in facts: ResponseFacts) -> VariableScope.Value? {
        let subject: Expectation.Subject =
            switch source {
            case .jsonPath(let path): .jsonPath(path)
            case .header(let name): .header(name: name)
            case .status: .status
            case .body: .body
            case .event(let index, let path): .event(index: index, path: path)
            }
        guard let first = ExpectationCheck.values(of: subject, in: facts).first else { return nil }
        return VariableScope.Value(first.text, secret: secret)
    }
}
