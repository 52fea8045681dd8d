/// One step of a WebSocket conversation played in order (issue 25): send a saved message, or
/// wait for a received message that satisfies a check and take values from it for the steps
/// after it. `{"send": "login"}`, `{"expect": {"path": "$.type", "op": "equals", "value":
/// "welcome"}, "seconds": 5, "captures": [{"variable": "session", "path": "$.session"}]}`.
package enum WebSocketStep: Sendable, Equatable {
    case send(SendStep)
    case expect(ExpectStep)

    /// Sends the saved message of this name, its `{{variables}}` filled when it goes (so a value an
    /// earlier step captured is in it).
    package struct SendStep: Sendable, Equatable {
        package var message: String
        package var unknownFields: [StoredJSON.Member]

        package init(message: String, unknownFields: [StoredJSON.Member] = []) {
            self.message = message
            self.unknownFields = unknownFields
        }
    }

    /// Waits for the first message received from now on whose data (at `path` when it is JSON,
    /// else as text) satisfies `op` and `value`; messages that do not are passed over (they stay
    /// in the conversation). None within `seconds` fails the step and ends the conversation.
    package struct ExpectStep: Sendable, Equatable {
        package var path: String?
        package var op: Expectation.Operator
        package var value: StoredJSON?
        package var seconds: Double?
        package var captures: [WebSocketStepCapture]
        package var unknownFields: [StoredJSON.Member]
        /// Members of the `expect` object Lazer does not know, kept as they were.
        package var checkUnknownFields: [StoredJSON.Member] = []

        /// How long a step waits when it does not say.
        package static let defaultSeconds = 10.0

        package init(
            path: String? = nil, op: Expectation.Operator, value: StoredJSON? = nil, seconds: Double? = nil,
            captures: [WebSocketStepCapture] = [], unknownFields: [StoredJSON.Member] = []
        ) {
            self.path = path
            self.op = op
            self.value = value
            self.seconds = seconds
            self.captures = captures
            self.unknownFields = unknownFields
        }

        /// The check as an `anyEvent` expectation, so it is evaluated and shown as that one is.
        package var expectation: Expectation {
            Expectation(subject: .anyEvent(path: path), op: op, value: value)
        }

        package var waitSeconds: Double { seconds ?? Self.defaultSeconds }
    }

    static let sendKeys = ["send"]
    static let expectKeys = ["expect", "seconds", "captures"]
    static let checkKeys = ["path", "op", "value"]

    static func read(
        _ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader, messages: [WebSocketSavedMessage]
    ) -> WebSocketStep? {
        guard let fields = reader.object(node, at: path) else { return nil }
        switch (fields.has("send"), fields.has("expect")) {
        case (true, false):
            guard let name = fields.string("send") else { return nil }
            guard messages.contains(where: { $0.name == name }) else {
                let known = messages.map { "\"\($0.name)\"" }.joined(separator: ", ")
                reader.report(
                    .error,
                    "no saved message is named \"\(name)\""
                        + (known.isEmpty ? " (the request has no saved messages)" : "; the messages are \(known)"),
                    at: fields.node("send")?.offset ?? fields.offset, path: path.appending("send"))
                return nil
            }
            return .send(SendStep(message: name, unknownFields: fields.unknownFields(known: sendKeys)))
        case (false, true):
            return readExpect(fields, path, reader).map(WebSocketStep.expect)
        default:
            reader.report(
                .error, "a step has one of \"send\" (a saved message's name) or \"expect\" (a check)",
                at: fields.offset, path: path)
            return nil
        }
    }

    private static func readExpect(_ fields: ObjectFields, _ path: DocumentPath, _ reader: DocumentReader)
        -> ExpectStep?
    {
        let unknown = fields.unknownFields(known: expectKeys)
        let seconds = fields.seconds("seconds")
        let captures = fields.array("captures") { WebSocketStepCapture.read($0, $1, reader) }
        guard let checkNode = fields.node("expect") else { return nil }
        let checkPath = path.appending("expect")
        guard let check = reader.object(checkNode, at: checkPath) else { return nil }
        guard let op: Expectation.Operator = check.choice("op", required: true),
            let jsonPath = check.optionalJSONPath("path")
        else { return nil }
        let value = check.json("value")
        if op == .matches, !check.checkRegularExpression("value", value) { return nil }
        if value == nil, op != .exists, op != .notExists {
            reader.report(.error, "missing required field \"value\"", at: check.offset, path: checkPath)
            return nil
        }
        if let seconds, seconds == 0 {
            reader.report(
                .error, "a step waits more than 0 seconds", at: fields.node("seconds")?.offset ?? fields.offset,
                path: path.appending("seconds"))
            return nil
        }
        var step = ExpectStep(
            path: jsonPath, op: op, value: value, seconds: seconds, captures: captures, unknownFields: unknown)
        step.checkUnknownFields = check.unknownFields(known: checkKeys)
        return step
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        switch self {
        case .send(let step):
            object.add("send", step.message)
            object.append(unknown: step.unknownFields)
        case .expect(let step):
            var check = ObjectBuilder()
            check.add("path", step.path)
            check.add("op", step.op.rawValue)
            check.add("value", step.value)
            check.append(unknown: step.checkUnknownFields)
            object.add("expect", check.json)
            object.add("seconds", seconds: step.seconds)
            if !step.captures.isEmpty { object.add("captures", list: step.captures.map(\.stored)) }
            object.append(unknown: step.unknownFields)
        }
        return object.json
    }
}

/// A value an `expect` step takes from the message that satisfied it: its data at `path` when it
/// is JSON, else the message's text. `secret` masks it wherever it is shown.
package struct WebSocketStepCapture: Sendable, Equatable {
    package var variable: String
    package var path: String?
    package var secret: Bool
    package var unknownFields: [StoredJSON.Member]

    package init(variable: String, path: String? = nil, secret: Bool = false, unknownFields: [StoredJSON.Member] = []) {
        self.variable = variable
        self.path = path
        self.secret = secret
        self.unknownFields = unknownFields
    }

    static let keys = ["variable", "path", "secret"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> WebSocketStepCapture? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let variable = fields.string("variable", required: true)
        guard let jsonPath = fields.optionalJSONPath("path"), let variable,
            fields.checkVariableName("variable", variable)
        else { return nil }
        return WebSocketStepCapture(
            variable: variable, path: jsonPath, secret: fields.bool("secret") ?? false,
            unknownFields: fields.unknownFields(known: keys))
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("variable", variable)
        object.add("path", path)
        object.add("secret", secret ? true : nil)
        object.append(unknown: unknownFields)
        return object.json
    }
}
