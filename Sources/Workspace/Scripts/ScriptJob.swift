/// What one run of a request's scripts is given: the scripts of one stage (the collection's, its
/// folders', the request's, in that order), the request, the response (tests only), the
/// variables they read, and the way out to the network (`pm.sendRequest`).
///
/// The engine behind `ScriptRunner` (the Scripting module, wired in by the `lazer` executable)
/// sees only this: it never learns where a collection lives or how a request is sent.
package struct ScriptJob: Sendable {
    package enum Stage: String, Sendable {
        case preRequest = "prerequest"
        case test

        /// "pre-request", "test": as people name the stage.
        package var title: String { self == .preRequest ? "pre-request" : "test" }
    }

    package var stage: Stage
    package var scripts: [ScriptSource]
    package var request: ScriptRequest
    package var response: ScriptResponse?
    package var variables: ScriptVariables
    package var info: ScriptInfo
    /// The cookie jar's cookies for the request's URL after the response (`pm.cookies`,
    /// `responseCookies`); nil: the response's own Set-Cookie headers.
    package var cookies: [ScriptHeader]?
    /// Sends a `pm.sendRequest` request (blocking the script until it is answered); nil: the
    /// scripts may not send (`pm.sendRequest` fails with a clear error).
    package var send: (@Sendable (ScriptRequest) -> Result<ScriptResponse, ScriptSendFailure>)?

    package init(
        stage: Stage, scripts: [ScriptSource], request: ScriptRequest, response: ScriptResponse? = nil,
        variables: ScriptVariables = ScriptVariables(), info: ScriptInfo,
        send: (@Sendable (ScriptRequest) -> Result<ScriptResponse, ScriptSendFailure>)? = nil
    ) {
        self.stage = stage
        self.scripts = scripts
        self.request = request
        self.response = response
        self.variables = variables
        self.info = info
        self.send = send
    }
}

/// One script's text and where it comes from ("collection", "folder Users", "request Login"),
/// named in its errors.
package struct ScriptSource: Sendable, Hashable {
    package var text: String
    package var origin: String

    package init(_ text: String, origin: String) {
        self.text = text
        self.origin = origin
    }
}

/// A request as scripts see it (`pm.request`, `pm.sendRequest`'s argument): in a pre-request
/// script it is the saved request, `{{variables}}` unresolved, and what the script changes in it
/// is sent; in a test script it is the request that was sent.
package struct ScriptRequest: Sendable, Equatable {
    package var method: String
    package var url: String
    package var headers: [ScriptHeader]
    /// The raw body text; nil when the body is not text (a form, a file) or there is none.
    package var body: String?

    package init(method: String, url: String, headers: [ScriptHeader] = [], body: String? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

package struct ScriptHeader: Sendable, Equatable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A response as scripts see it (`pm.response`, `responseBody`…).
package struct ScriptResponse: Sendable, Equatable {
    package var code: Int
    package var reason: String
    package var headers: [ScriptHeader]
    package var body: [UInt8]
    /// Milliseconds from sending to the whole response.
    package var milliseconds: Double

    package init(code: Int, reason: String, headers: [ScriptHeader], body: [UInt8], milliseconds: Double) {
        self.code = code
        self.reason = reason
        self.headers = headers
        self.body = body
        self.milliseconds = milliseconds
    }
}

/// Why a `pm.sendRequest` got no response; the script's callback receives it as its error.
package struct ScriptSendFailure: Error, Sendable, Equatable {
    package var message: String

    package init(_ message: String) { self.message = message }
}

/// The variables scripts read, by scope, as Postman names them. Values are resolved text.
package struct ScriptVariables: Sendable, Equatable {
    package var environment: [String: String]
    package var collection: [String: String]
    package var globals: [String: String]
    /// `pm.variables`' own (values captured earlier in a run, `--var`): the innermost scope.
    package var local: [String: String]
    /// Names whose values are secret: a value a script sets under one of them stays secret.
    package var secretNames: Set<String>

    package init(
        environment: [String: String] = [:], collection: [String: String] = [:], globals: [String: String] = [:],
        local: [String: String] = [:], secretNames: Set<String> = []
    ) {
        self.environment = environment
        self.collection = collection
        self.globals = globals
        self.local = local
        self.secretNames = secretNames
    }
}

/// `pm.info`.
package struct ScriptInfo: Sendable, Equatable {
    package var requestName: String
    package var requestID: String
    package var iteration: Int

    package init(requestName: String, requestID: String, iteration: Int = 0) {
        self.requestName = requestName
        self.requestID = requestID
        self.iteration = iteration
    }
}
