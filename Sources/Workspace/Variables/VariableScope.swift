/// Where `{{name}}` finds its value, in this order (the first layer defining the name wins):
/// 1. captures from earlier responses in this session or run,
/// 2. the selected environment's variables,
/// 3. the collection's variables,
/// 4. the process environment, only as `LAZER_VAR_<name>`.
/// Secret variables take their value from the process environment or the secrets file (see
/// `SecretValues.apply`) before they get here.
package struct VariableScope: Sendable {
    /// A value with a flag telling whether it must be masked and redacted.
    package struct Value: Sendable, Equatable {
        package var text: String
        package var secret: Bool

        package init(_ text: String, secret: Bool = false) {
            self.text = text
            self.secret = secret
        }
    }

    /// The layers, in one object a copy shares: a scope is copied into every resolver of every
    /// request (a send made three copies of its nine layers, each retained and released).
    private final class Storage: @unchecked Sendable {
        // @unchecked: only reached through `VariableScope`, which copies the box before any write
        // unless it holds the only reference, so a box another value can see is never mutated.
        var layers: Layers

        init(_ layers: Layers) { self.layers = layers }
    }

    private struct Layers {
        var captures: [String: Value]
        var environment: [Variable]
        var collection: [Variable]
        var process: [String: String]
        var dynamic: DynamicValues
        var processEnvironment: [String: String]
        var dotenvFolder: String?
        var dotenv: DotEnvFile?
        var prompts: PromptAnswers
    }

    private var storage: Storage

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.layers) }
        return storage
    }

    package var captures: [String: Value] {
        get { storage.layers.captures }
        set { uniqueStorage().layers.captures = newValue }
    }
    package var environment: [Variable] {
        get { storage.layers.environment }
        set { uniqueStorage().layers.environment = newValue }
    }
    package var collection: [Variable] {
        get { storage.layers.collection }
        set { uniqueStorage().layers.collection = newValue }
    }
    /// Already stripped of the `LAZER_VAR_` prefix (see `ProcessVariables.exposed`).
    package var process: [String: String] {
        get { storage.layers.process }
        set { uniqueStorage().layers.process = newValue }
    }
    package var dynamic: DynamicValues {
        get { storage.layers.dynamic }
        set { uniqueStorage().layers.dynamic = newValue }
    }
    /// The whole process environment, for `{{$processEnv NAME}}` only (the user names the variable).
    package var processEnvironment: [String: String] {
        get { storage.layers.processEnvironment }
        set { uniqueStorage().layers.processEnvironment = newValue }
    }
    /// The folder of the collection file, where `{{$dotenv NAME}}` reads `.env`; nil when it has no file.
    package var dotenvFolder: String? {
        get { storage.layers.dotenvFolder }
        set { uniqueStorage().layers.dotenvFolder = newValue }
    }
    /// Read instead of the `.env` file when set (a load script's export reads the names at run time).
    package var dotenv: DotEnvFile? {
        get { storage.layers.dotenv }
        set { uniqueStorage().layers.dotenv = newValue }
    }
    /// The answers to `{{$prompt}}` / `{{$select}}` (by label), or `.shownAsWritten` for a preview.
    package var prompts: PromptAnswers {
        get { storage.layers.prompts }
        set { uniqueStorage().layers.prompts = newValue }
    }

    package init(
        captures: [String: Value] = [:], environment: [Variable] = [], collection: [Variable] = [],
        process: [String: String] = [:], dynamic: DynamicValues = .system,
        processEnvironment: [String: String] = [:], dotenvFolder: String? = nil, prompts: PromptAnswers = .given([:])
    ) {
        storage = Storage(
            Layers(
                captures: captures, environment: environment, collection: collection, process: process,
                dynamic: dynamic, processEnvironment: processEnvironment, dotenvFolder: dotenvFolder, dotenv: nil,
                prompts: prompts))
    }

    /// The scope for sending requests of `collection` in `environment`.
    package init(
        collection: RequestCollection, environment: Environment?, captures: [String: Value] = [:],
        processEnvironment: [String: String] = [:], dynamic: DynamicValues = .system, dotenvFolder: String? = nil,
        prompts: PromptAnswers = .given([:])
    ) {
        self.init(
            captures: captures, environment: environment?.variables ?? [], collection: collection.variables,
            process: ProcessVariables.exposed(from: processEnvironment), dynamic: dynamic,
            processEnvironment: processEnvironment, dotenvFolder: dotenvFolder, prompts: prompts)
    }

    /// The raw (unresolved) value of `name` and the layer it came from.
    package func lookup(_ name: String) -> Value? {
        if let value = storage.layers.captures[name] { return value }
        if let variable = storage.layers.environment.first(where: { $0.name == name }) {
            return Value(variable.value, secret: variable.secret)
        }
        if let variable = storage.layers.collection.first(where: { $0.name == name }) {
            return Value(variable.value, secret: variable.secret)
        }
        if let value = storage.layers.process[name] { return Value(value) }
        return nil
    }
}
