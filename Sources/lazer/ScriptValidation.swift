import Scripting
import Workspace

/// `lazer validate`'s check of a collection's scripts: each must parse as JavaScript.
enum ScriptValidation {
    static func problems(in collection: RequestCollection, engine: JavaScriptEngine) -> [String] {
        collection.allScripts.compactMap { script in
            let stage = script.stage == .preRequest ? "pre-request" : "test"
            return engine.syntaxError(in: script.text, origin: "\(script.origin) \(stage)")?.description
        }
    }
}
