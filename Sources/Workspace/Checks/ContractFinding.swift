/// One way a response breaks its contract (the OpenAPI operation it is documented by) or a
/// request's own `schema` expectation: where (a JSONPath into the body, nil for the status, a
/// header or the content type), which rule (`status`, `content-type`, `header`, `document`, or the
/// JSON Schema keyword), and what is wrong in plain words.
package struct ContractFinding: Sendable, Hashable {
    /// `$.items[3].price`; nil when the finding is about the response, not a value in its body.
    package var instancePath: String?
    package var keyword: String
    /// "expected a number, found the string \"12.50\"", "status 418 is not documented (documented: 200, 404)".
    package var message: String

    package init(instancePath: String?, keyword: String, message: String) {
        self.instancePath = instancePath
        self.keyword = keyword
        self.message = message
    }

    /// The message as an expectation's expected and actual values: "expected A, found B" becomes
    /// ("A", "B"); any other message is the actual value, with nothing expected said apart.
    package var expectedAndActual: (expected: String, actual: String) {
        guard message.hasPrefix("expected "), let found = message.firstRange(of: ", found ") else {
            return ("", message)
        }
        let expected = message[message.index(message.startIndex, offsetBy: "expected ".count)..<found.lowerBound]
        return (String(expected), String(message[found.upperBound...]))
    }
}

/// The outcome of one contract check on one response: the contract's (`contract getPet`) or a
/// `schema` expectation's (`schema`), with its findings (none: the response conforms).
package struct ContractResult: Sendable, Hashable {
    package enum Source: String, Sendable, Hashable {
        /// The collection's OpenAPI document.
        case contract
        /// A request's `schema` expectation.
        case schema
    }

    package var source: Source
    /// "contract getPet", "schema".
    package var label: String
    package var findings: [ContractFinding]
    /// What was checked when it passed: "200 application/json", "the body".
    package var checked: String
    /// More findings existed than were collected.
    package var truncated: Bool

    package init(source: Source, label: String, findings: [ContractFinding], checked: String, truncated: Bool = false) {
        self.source = source
        self.label = label
        self.findings = findings
        self.checked = checked
        self.truncated = truncated
    }

    package var passed: Bool { findings.isEmpty }

    /// The label of one finding's check: `contract getPet $.items[3].price`, `contract getPet status`.
    package func label(of finding: ContractFinding) -> String {
        "\(label) \(finding.instancePath ?? finding.keyword)"
    }
}
