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

    package var captures: [String: Value]
    package var environment: [Variable]
    package var collection: [Variable]
    /// Already stripped of the `LAZER_VAR_` prefix (see `ProcessVariables.exposed`).
    package var process: [String: String]
    package var dynamic: DynamicValues
    /// The whole process environment, for `{{$processEnv NAME}}` only (the user names the variable).
    package var processEnvironment: [String: String]
    /// The folder of the collection file, where `{{$dotenv NAME}}` reads `.env`; nil when it has no file.
    package var dotenvFolder: String?
    /// Read instead of the `.env` file when set (a load script's export reads the names at run time).
    package var dotenv: DotEnvFile?
    /// The answers to `{{$prompt}}` / `{{$select}}` (by label), or `.shownAsWritten` for a preview.
    package var prompts: PromptAnswers

    package init(
        captures: [String: Value] = [:], environment: [Variable] = [], collection: [Variable] = [],
        process: [String: String] = [:], dynamic: DynamicValues = .system,
        processEnvironment: [String: String] = [:], dotenvFolder: String? = nil, prompts: PromptAnswers = .given([:])
    ) {
        self.prompts = prompts
        self.captures = captures
        self.environment = environment
        self.collection = collection
        self.process = process
        self.dynamic = dynamic
        self.processEnvironment = processEnvironment
        self.dotenvFolder = dotenvFolder
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
        if let value = captures[name] { return value }
        if let variable = environment.first(where: { $0.name == name }) {
            return Value(variable.value, secret: variable.secret)
        }
        if let variable = collection.first(where: { $0.name == name }) {
            return Value(variable.value, secret: variable.secret)
        }
        if let value = process[name] { return Value(value) }
        return nil
    }
}
