import Foundation

extension DynamicValues {
    /// What a `{{$name arguments}}` gives.
    package enum Outcome: Sendable, Equatable {
        /// The text to put in its place; `secret` for values read from the process environment or
        /// `.env` (where credentials live), so displays and history mask them.
        case value(String, secret: Bool)
        /// No dynamic value has that name.
        case unknown
        /// The arguments do not fit, or the value is missing (an unset `$processEnv` name).
        case invalid(String)
    }

    /// What `.env` `$dotenv` reads: nil when the collection has no file (nothing to be beside).
    package typealias DotEnvSource = () -> Result<DotEnvFile?, DynamicArguments.Failure>?

    /// The value of `{{$name arguments}}`, reading `$processEnv` from `processEnvironment` and
    /// `$dotenv` from `dotenv` (asked only when used).
    package func evaluate(
        _ name: String, _ arguments: [String], processEnvironment: [String: String], dotenv: DotEnvSource
    ) -> Outcome {
        guard let canonical = Self.canonical(name) else { return .unknown }
        switch canonical {
        case "uuid":
            guard arguments.isEmpty else { return .invalid("takes no arguments") }
            return .value(uuid(), secret: false)
        case "timestamp", "isoTimestamp":
            switch DynamicDate.offset(arguments[...]) {
            case .failure(let failure): return .invalid(failure.text)
            case .success(let offset):
                let date = offset?.apply(to: now()) ?? now()
                let format: DynamicDate.Format = canonical == "timestamp" ? .unix : .iso8601
                return .value(DynamicDate.text(date, format, timeZone: DynamicDate.utc), secret: false)
            }
        case "date", "localDate":
            guard let first = arguments.first else {
                return .invalid("needs a FORMAT: \(DynamicDate.formatHelp)")
            }
            let format: DynamicDate.Format
            switch DynamicDate.format(first) {
            case .failure(let failure): return .invalid(failure.text)
            case .success(let value): format = value
            }
            switch DynamicDate.offset(arguments.dropFirst()) {
            case .failure(let failure): return .invalid(failure.text)
            case .success(let offset):
                let date = offset?.apply(to: now()) ?? now()
                let zone = canonical == "date" ? DynamicDate.utc : localTimeZone
                return .value(DynamicDate.text(date, format, timeZone: zone), secret: false)
            }
        case "randomInt": return randomInteger(arguments)
        case "randomString":
            guard arguments.count <= 1 else { return .invalid("takes one argument, a length") }
            guard let text = arguments.first else { return .value(randomString(16), secret: false) }
            guard let count = Int(text), (1...Self.maximumStringLength).contains(count) else {
                return .invalid("the length \"\(text)\" is not a whole number from 1 to \(Self.maximumStringLength)")
            }
            return .value(randomString(count), secret: false)
        case "processEnv":
            guard let variable = singleName(arguments) else {
                return .invalid("takes one argument, the name of an environment variable")
            }
            guard let value = processEnvironment[variable] else {
                return .invalid("\(variable) is not set in the environment Lazer was started in")
            }
            return .value(value, secret: true)
        case "prompt", "select":
            // `VariableResolver` answers these from its scope before asking here.
            return .invalid("is asked at send")
        default:  // dotenv
            guard let variable = singleName(arguments) else {
                return .invalid("takes one argument, a name from the .env file beside the collection")
            }
            guard readsFiles else { return .value(DynamicArguments.expression(name, arguments), secret: false) }
            switch dotenv() {
            case nil:
                return .invalid("the collection has no file yet, so there is no \(DotEnvFile.fileName) beside it")
            case .failure(let failure)?: return .invalid(failure.text)
            case .success(nil)?: return .invalid("there is no \(DotEnvFile.fileName) file beside the collection")
            case .success(let file?)?:
                if let value = file.values[variable] { return .value(value, secret: true) }
                let skipped =
                    file.unreadableLines.isEmpty
                    ? ""
                    : " (lines skipped, not NAME=value: "
                        + file.unreadableLines.prefix(5).map(String.init).joined(separator: ", ") + ")"
                return .invalid("\(variable) is not in \(file.path)\(skipped)")
            }
        }
    }

    /// `$randomString N` takes at most this many characters.
    package static let maximumStringLength = 10_000

    /// `$randomInt` (0 to 1000) or `$randomInt MIN MAX` (MIN included, MAX excluded, as the `.http` clients do).
    private func randomInteger(_ arguments: [String]) -> Outcome {
        if arguments.isEmpty { return .value(String(randomInt(0...1000)), secret: false) }
        guard arguments.count == 2 else { return .invalid("takes two arguments, MIN and MAX, or none") }
        guard let low = Int(arguments[0]), let high = Int(arguments[1]) else {
            let bad = Int(arguments[0]) == nil ? arguments[0] : arguments[1]
            return .invalid("\"\(bad)\" is not a whole number")
        }
        guard low < high else { return .invalid("MIN (\(low)) must be less than MAX (\(high)), which is excluded") }
        return .value(String(randomInt(low...(high - 1))), secret: false)
    }

    /// The one argument of `$processEnv NAME` or `$dotenv NAME`, nil when there is not exactly one usable name.
    private func singleName(_ arguments: [String]) -> String? {
        guard arguments.count == 1, let name = arguments.first, !name.isEmpty, !name.hasPrefix("%") else { return nil }
        return name
    }
}
