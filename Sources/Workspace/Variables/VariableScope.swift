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
    /// request (a send made three copies of its nine layers, each retained and released). Changed
    /// only through `layersToChange`, which copies them first when another scope shares them;
    /// that is what makes the class's `var`s safe to share between threads.
    private final class Layers: @unchecked Sendable {
        var captures: [String: Value]
        var environment: [Variable]
        var collection: [Variable]
        var process: [String: String]
        var dynamic: DynamicValues
        var processEnvironment: [String: String]
        var dotenvFolder: String?
        var dotenv: DotEnvFile?
        var prompts: PromptAnswers

        init(
            captures: [String: Value], environment: [Variable], collection: [Variable], process: [String: String],
            dynamic: DynamicValues, processEnvironment: [String: String], dotenvFolder: String?, dotenv: DotEnvFile?,
            prompts: PromptAnswers
        ) {
            self.captures = captures
            self.environment = environment
            self.collection = collection
            self.process = process
            self.dynamic = dynamic
            self.processEnvironment = processEnvironment
            self.dotenvFolder = dotenvFolder
            self.dotenv = dotenv
            self.prompts = prompts
        }

        func copy() -> Layers {
            Layers(
                captures: captures, environment: environment, collection: collection, process: process,
                dynamic: dynamic, processEnvironment: processEnvironment, dotenvFolder: dotenvFolder, dotenv: dotenv,
                prompts: prompts)
        }
    }

    private var layers: Layers

    /// The layers, copied first when another scope shares them.
    private mutating func layersToChange() -> Layers {
        if !isKnownUniquelyReferenced(&layers) { layers = layers.copy() }
        return layers
    }

    package var captures: [String: Value] {
        get { layers.captures }
        set { layersToChange().captures = newValue }
    }
    package var environment: [Variable] {
        get { layers.environment }
        set { layersToChange().environment = newValue }
    }
    package var collection: [Variable] {
        get { layers.collection }
        set { layersToChange().collection = newValue }
    }
    /// Already stripped of the `LAZER_VAR_` prefix (see `ProcessVariables.exposed`).
    package var process: [String: String] {
        get { layers.process }
        set { layersToChange().process = newValue }
    }
    package var dynamic: DynamicValues {
        get { layers.dynamic }
        set { layersToChange().dynamic = newValue }
    }
    /// The whole process environment, for `{{$processEnv NAME}}` only (the user names the variable).
    package var processEnvironment: [String: String] {
        get { layers.processEnvironment }
        set { layersToChange().processEnvironment = newValue }
    }
    /// The folder of the collection file, where `{{$dotenv NAME}}` reads `.env`; nil when it has no file.
    package var dotenvFolder: String? {
        get { layers.dotenvFolder }
        set { layersToChange().dotenvFolder = newValue }
    }
    /// Read instead of the `.env` file when set (a load script's export reads the names at run time).
    package var dotenv: DotEnvFile? {
        get { layers.dotenv }
        set { layersToChange().dotenv = newValue }
    }
    /// The answers to `{{$prompt}}` / `{{$select}}` (by label), or `.shownAsWritten` for a preview.
    package var prompts: PromptAnswers {
        get { layers.prompts }
        set { layersToChange().prompts = newValue }
    }

    package init(
        captures: [String: Value] = [:], environment: [Variable] = [], collection: [Variable] = [],
        process: [String: String] = [:], dynamic: DynamicValues = .system,
        processEnvironment: [String: String] = [:], dotenvFolder: String? = nil, prompts: PromptAnswers = .given([:])
    ) {
        layers = Layers(
            captures: captures, environment: environment, collection: collection, process: process, dynamic: dynamic,
            processEnvironment: processEnvironment, dotenvFolder: dotenvFolder, dotenv: nil, prompts: prompts)
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
        let layers = layers
        if let value = layers.captures[name] { return value }
        if let variable = layers.environment.first(where: { $0.name == name }) {
            return Value(variable.value, secret: variable.secret)
        }
        if let variable = layers.collection.first(where: { $0.name == name }) {
            return Value(variable.value, secret: variable.secret)
        }
        if let value = layers.process[name] { return Value(value) }
        return nil
    }
}
