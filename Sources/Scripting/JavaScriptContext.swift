import CJavaScriptCore
import Foundation
import Workspace

/// The one JavaScriptCore context of a `JavaScriptEngine`: the prelude's `begin`/`call`/`end`,
/// the scripts compiled so far, and the watch kept on the script that runs. Used under the
/// engine's lock only.
final class JavaScriptContext {
    private let group: JSContextGroupRef
    private let context: JSGlobalContextRef
    private let begin: JSObjectRef
    private let call: JSObjectRef
    private let end: JSObjectRef
    private let one: JSObjectRef
    /// Lines JavaScriptCore counts before a compiled function's body (its `function anonymous(…) {`),
    /// measured when an error is first placed (a probe that throws costs milliseconds at start).
    private lazy var lineOffset = measuredLineOffset()
    /// Compiled script functions by their text (protected from the collector while held).
    private var compiled: [String: JSObjectRef] = [:]
    private static let compiledLimit = 512

    /// The watch on the running script and the answers to `native`.
    private let host: ScriptHost

    init(limits: JavaScriptEngine.Limits) throws(ScriptError) {
        let host = ScriptHost(limits: limits)
        self.host = host
        if let failure = cjsc_load() {
            throw ScriptError(
                origin: "engine",
                message:
                    "scripts need JavaScriptCore (Debian's libjavascriptcoregtk-4.1-0): \(String(cString: failure))")
        }
        group = cjsc_JSContextGroupCreate()
        context = cjsc_JSGlobalContextCreateInGroup(group, nil)
        let context = self.context
        guard let hardening = JavaScriptHardening(context: context) else {
            cjsc_JSGlobalContextRelease(context)
            cjsc_JSContextGroupRelease(group)
            throw ScriptError(origin: "engine", message: "the script sandbox could not be made")
        }
        host.hardening = hardening
        func function(_ callback: JSObjectCallAsFunctionCallback) -> JSObjectRef {
            var definition = JSClassDefinition()
            definition.callAsFunction = callback
            return cjsc_JSObjectMake(
                context, cjsc_JSClassCreate(&definition), Unmanaged.passUnretained(host).toOpaque())
        }
        var api: (JSObjectRef, JSObjectRef, JSObjectRef, JSObjectRef)?
        var failure: String?
        JavaScriptText.with("prelude") { url in
            JavaScriptText.with(ScriptPrelude.source) { source in
                var exception: JSValueRef?
                let maker = cjsc_JSEvaluateScript(context, source, nil, url, 1, &exception)
                guard exception == nil, let maker, let makerObject = cjsc_JSValueToObject(context, maker, nil) else {
                    failure = JavaScriptText.string(of: exception, in: context)
                    return
                }
                var arguments: [JSValueRef?] = [function(nativeCallback), function(hardenCallback)]
                let made = cjsc_JSObjectCallAsFunction(context, makerObject, nil, 2, &arguments, &exception)
                guard exception == nil, let made, let object = cjsc_JSValueToObject(context, made, nil) else {
                    failure = JavaScriptText.string(of: exception, in: context)
                    return
                }
                func member(_ name: String) -> JSObjectRef? {
                    JavaScriptText.with(name) { key in
                        cjsc_JSObjectGetProperty(context, object, key, nil).flatMap {
                            cjsc_JSValueToObject(context, $0, nil)
                        }
                    }
                }
                guard let begin = member("begin"), let call = member("call"), let end = member("end"),
                    let one = member("one")
                else { return }
                for function in [begin, call, end, one] { cjsc_JSValueProtect(context, function) }
                api = (begin, call, end, one)
            }
        }
        guard let api else {
            hardening.unprotect()
            cjsc_JSGlobalContextRelease(context)
            cjsc_JSContextGroupRelease(group)
            throw ScriptError(origin: "engine", message: failure ?? "the script sandbox could not be made")
        }
        (begin, call, end, one) = api
        host.group = group
        // Asked every 10 ms while a script runs; `shouldStop` says whether it is past a limit.
        cjsc_JSContextGroupSetExecutionTimeLimit(
            group, 0.01, watchdogCallback, Unmanaged.passUnretained(host).toOpaque())
    }

    deinit {
        for function in compiled.values { cjsc_JSValueUnprotect(context, function) }
        for function in [begin, call, end, one] { cjsc_JSValueUnprotect(context, function) }
        host.hardening?.unprotect()
        cjsc_JSGlobalContextRelease(context)
        cjsc_JSContextGroupRelease(group)
    }

    // MARK: - Running

    func run(_ job: ScriptJob) -> ScriptOutcome {
        host.send = job.send
        defer { host.send = nil }
        let body = job.response.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
        var arguments: [JSValueRef?] = [
            JavaScriptText.value(ScriptInput.json(of: job), in: context), JavaScriptText.value(body, in: context),
        ]
        if job.scripts.count == 1, let script = job.scripts.first, case .success(let function) = compile(script) {
            return runOne(job, script, function, input: arguments)
        }
        var errors: [ScriptError] = []
        // A script stopped at a limit: what it allocated is collected before the next.
        var stopped = false
        var exception: JSValueRef?
        watch()
        _ = cjsc_JSObjectCallAsFunction(context, begin, nil, 2, &arguments, &exception)
        if exception != nil {
            let message = stopReason ?? JavaScriptText.string(of: exception, in: context) ?? "the sandbox failed"
            return ScriptOutcome(errors: [ScriptError(origin: job.scripts.first?.origin ?? "engine", message: message)])
        }
        for script in job.scripts {
            let function: JSObjectRef
            switch compile(script) {
            case .success(let made): function = made
            case .failure(let error):
                errors.append(placed(error, in: script.text))
                continue
            }
            watch()
            var callArguments: [JSValueRef?] = [function, JavaScriptText.value(script.origin, in: context)]
            exception = nil
            let answer = cjsc_JSObjectCallAsFunction(context, call, nil, 2, &callArguments, &exception)
            if stopReason == nil, host.shouldStop(), let stopReason {
                errors.append(ScriptError(origin: script.origin, message: stopReason))
                stopped = true
            } else if let stopReason {
                stopped = true
                errors.append(ScriptError(origin: script.origin, message: stopReason))
            } else if exception != nil {
                let message = JavaScriptText.string(of: exception, in: context) ?? "the script failed"
                errors.append(ScriptError(origin: script.origin, message: message))
            } else if let thrown = answer.flatMap({ cjsc_JSValueIsString(context, $0) ? $0 : nil }) {
                errors.append(
                    placed(
                        Self.error(thrown: JavaScriptText.string(of: thrown, in: context) ?? "", origin: script.origin))
                )
            }
        }
        watch()
        exception = nil
        let ended = cjsc_JSObjectCallAsFunction(context, end, nil, 0, nil, &exception)
        var outcome = ScriptOutcome()
        if let text = JavaScriptText.string(of: ended, in: context), exception == nil {
            outcome = ScriptInput.outcome(text, variables: job.variables)
        } else {
            errors.append(
                ScriptError(
                    origin: job.scripts.last?.origin ?? "engine",
                    message: stopReason ?? JavaScriptText.string(of: exception, in: context) ?? "the sandbox failed"))
        }
        outcome.errors = errors
        if stopped { cjsc_JSGarbageCollect(context) }
        return outcome
    }

    /// A job of one script, in one call into JavaScriptCore (`one`: begin, the script, end).
    private func runOne(
        _ job: ScriptJob, _ script: ScriptSource, _ function: JSObjectRef, input: [JSValueRef?]
    ) -> ScriptOutcome {
        var arguments = input + [function, JavaScriptText.value(script.origin, in: context)]
        var exception: JSValueRef?
        watch()
        let answer = cjsc_JSObjectCallAsFunction(context, one, nil, 4, &arguments, &exception)
        // Asked once more at the end: one allocation can grow the process between two asks.
        let stopped = stopReason != nil || host.shouldStop()
        defer { if stopped { cjsc_JSGarbageCollect(context) } }
        if exception == nil, let text = JavaScriptText.string(of: answer, in: context) {
            // JSON text holds no raw line break: one parts the thrown failure from the outcome.
            let utf8 = text.utf8
            let lineBreak = utf8.firstIndex(of: UInt8(ascii: "\n"))
            let outcomeText = lineBreak.map { String(text[utf8.index(after: $0)...]) } ?? text
            var outcome = ScriptInput.outcome(outcomeText, variables: job.variables)
            if let stopReason {
                outcome.errors = [ScriptError(origin: script.origin, message: stopReason)]
            } else if let lineBreak {
                outcome.errors = [placed(Self.error(thrown: String(text[..<lineBreak]), origin: script.origin))]
            }
            return outcome
        }
        // Stopped inside the script (or the sandbox failed): what it did until then, from `end`.
        let error = ScriptError(
            origin: script.origin,
            message: stopReason ?? JavaScriptText.string(of: exception, in: context) ?? "the script failed")
        watch()
        exception = nil
        let ended = cjsc_JSObjectCallAsFunction(context, end, nil, 0, nil, &exception)
        var outcome = ScriptOutcome()
        if exception == nil, let text = JavaScriptText.string(of: ended, in: context) {
            outcome = ScriptInput.outcome(text, variables: job.variables)
        }
        outcome.errors = [error]
        return outcome
    }

    /// Where JavaScriptCore says line 1 of a compiled body is (its lines before the body).
    private func measuredLineOffset() -> Int {
        guard case .success(let function) = compile(ScriptSource("throw new Error()", origin: "probe"), keep: false)
        else { return 0 }
        var exception: JSValueRef?
        _ = cjsc_JSObjectCallAsFunction(context, function, nil, 0, nil, &exception)
        return (ScriptInput.describe(exception, in: context).line ?? 1) - 1
    }

    /// `error` placed in the script's own lines.
    private func placed(_ error: ScriptError) -> ScriptError {
        var error = error
        error.line = error.line.map { max(1, $0 - lineOffset) }
        return error
    }

    /// A compile error placed in `text`: an error at the end of the input (an unclosed brace) is
    /// reported past the last line, where the function's wrapping closes it; it is on the last.
    private func placed(_ error: ScriptError, in text: String) -> ScriptError {
        var error = placed(error)
        let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
        if let line = error.line, line > lines {
            error.line = lines
            error.column = nil
        }
        return error
    }

    func syntaxError(in text: String, origin: String) -> ScriptError? {
        switch compile(ScriptSource(text, origin: origin), keep: false) {
        case .success: return nil
        case .failure(let error): return placed(error, in: text)
        }
    }

    /// The script's function, compiled once per distinct text.
    private func compile(_ script: ScriptSource, keep: Bool = true) -> Result<JSObjectRef, ScriptError> {
        if let function = compiled[script.text] { return .success(function) }
        var exception: JSValueRef?
        let function = JavaScriptText.with(script.text) { body in
            JavaScriptText.with(script.origin) { url in
                cjsc_JSObjectMakeFunction(context, nil, 0, nil, body, url, 1, &exception)
            }
        }
        guard let function, exception == nil else {
            let thrown = ScriptInput.describe(exception, in: context)
            return .failure(
                ScriptError(origin: script.origin, message: thrown.message, line: thrown.line, column: thrown.column))
        }
        guard keep else { return .success(function) }
        if compiled.count >= Self.compiledLimit {
            for old in compiled.values { cjsc_JSValueUnprotect(context, old) }
            compiled.removeAll()
        }
        cjsc_JSValueProtect(context, function)
        compiled[script.text] = function
        return .success(function)
    }

    private static func error(thrown: String, origin: String) -> ScriptError {
        // `call` answers `[message, line, column]` for an exception the script threw.
        guard let parts = try? JSONSerialization.jsonObject(with: Data(thrown.utf8)) as? [Any], !parts.isEmpty else {
            return ScriptError(origin: origin, message: thrown)
        }
        return ScriptError(
            origin: origin, message: parts[0] as? String ?? thrown,
            line: parts.count > 1 ? (parts[1] as? NSNumber)?.intValue : nil,
            column: parts.count > 2 ? (parts[2] as? NSNumber)?.intValue : nil)
    }

    /// Starts the watch on a script (or on the sandbox's own code around it).
    private func watch() { host.watch() }
    private var stopReason: String? { host.stopReason }
}

/// JavaScriptCore asks once per time limit set: a script let go on is given the next slice by
/// setting the limit again (from inside the callback, which the library allows).
private let watchdogCallback: cjsc_should_terminate = { _, pointer in
    guard let pointer else { return true }
    let host = Unmanaged<ScriptHost>.fromOpaque(pointer).takeUnretainedValue()
    if host.shouldStop() { return true }
    if let group = host.group { cjsc_JSContextGroupSetExecutionTimeLimit(group, 0.01, watchdogCallback, pointer) }
    return false
}

/// The prelude's `hardenNative(object)`: freezes what is reachable from it (JavaScriptHardening).
private let hardenCallback: JSObjectCallAsFunctionCallback = { context, function, _, count, arguments, exception in
    guard let context else { return nil }
    if let function, let pointer = cjsc_JSObjectGetPrivate(function), count > 0, let root = arguments?[0] {
        let host = Unmanaged<ScriptHost>.fromOpaque(pointer).takeUnretainedValue()
        if let thrown = host.hardening?.harden(root) { exception?.pointee = thrown }
    }
    return cjsc_JSValueMakeUndefined(context)
}

private let nativeCallback: JSObjectCallAsFunctionCallback = { context, function, _, count, arguments, exception in
    guard let context, let function, let pointer = cjsc_JSObjectGetPrivate(function) else { return nil }
    let host = Unmanaged<ScriptHost>.fromOpaque(pointer).takeUnretainedValue()
    let operation = count > 0 ? JavaScriptText.string(of: arguments?[0], in: context) ?? "" : ""
    let argument = count > 1 ? JavaScriptText.string(of: arguments?[1], in: context) ?? "" : ""
    do throws(NativeOperations.Failure) {
        return JavaScriptText.value(try host.answer(operation, argument), in: context)
    } catch {
        exception?.pointee = JavaScriptText.with(error.message) { message in
            var argument: [JSValueRef?] = [cjsc_JSValueMakeString(context, message)]
            return JavaScriptText.with("Error") { name in
                let constructor = cjsc_JSObjectGetProperty(context, cjsc_JSContextGetGlobalObject(context), name, nil)
                    .flatMap { cjsc_JSValueToObject(context, $0, nil) }
                return constructor.flatMap { cjsc_JSObjectCallAsFunction(context, $0, nil, 1, &argument, nil) }
            }
        }
        return nil
    }
}
