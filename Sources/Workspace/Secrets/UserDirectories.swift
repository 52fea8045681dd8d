/// The per-user folders Lazer writes to, following the XDG base directory rules.
package struct UserDirectories: Sendable, Equatable {
    /// `$XDG_CONFIG_HOME/lazer` (default `~/.config/lazer`): the secrets file.
    package var config: String
    /// `$XDG_STATE_HOME/lazer` (default `~/.local/state/lazer`): history and UI state.
    package var state: String

    package init(config: String, state: String) {
        self.config = config
        self.state = state
    }

    /// The folders for a process environment (pass `ProcessInfo.processInfo.environment`).
    package init(environment: [String: String]) {
        let home = environment["HOME"] ?? "/tmp"
        func base(_ variable: String, _ fallback: String) -> String {
            // XDG says relative paths are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        config = base("XDG_CONFIG_HOME", ".config") + "/lazer"
        state = base("XDG_STATE_HOME", ".local/state") + "/lazer"
    }
}
