import ArgumentParser
import Glibc

/// The `lazer` command: a terminal API explorer, and the headless tools built from the same parts.
@main
struct Lazer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lazer",
        abstract: "A terminal API explorer for Linux.",
        discussion: """
            Browse saved endpoint collections, send requests over libcurl and read the answers as \
            collapsible JSON trees, or replay the same collections headlessly for CI.

            With no command (or with tui), lazer opens the explorer over ./Collections, or over the \
            collection files and folders given.

            mock serves a mock environment over HTTP; record captures one from a live environment.
            """,
        version: LazerVersion.current,
        subcommands: [
            TUICommand.self, JSONCommand.self, SendCommand.self, RunCommand.self, ValidateCommand.self,
            MockCommand.self, RecordCommand.self,
            ImportCommand.self, ExportCommand.self, HistoryCommand.self, DiffCommand.self, UIDemoCommand.self,
            LoadCommand.self, ReportCommand.self,
        ],
        defaultSubcommand: TUICommand.self
    )

    /// Runs the command line. A usage error exits with 2 in every command — `lazer send` follows
    /// curl and HTTPie, `lazer run` documents 2 for usage and collection errors, and one tool
    /// should not answer 2 here and ArgumentParser's 64 (EX_USAGE) there.
    /// A usage error found by `command` once parsed, in ArgumentParser's shape, with the
    /// command's own usage line.
    static func usageError(_ error: any Error, of command: any ParsableCommand.Type) -> String {
        let name = command._commandName
        let path = name == _commandName ? _commandName : "\(_commandName) \(name)"
        return "Error: \(message(for: error))\nUsage: \(usageString(for: command))\n"
            + "  See '\(path) --help' for more information.\n"
    }

    static func main() {
        // A closed pipe (`lazer json big.json | head`) is a write error each command reports
        // ("cannot write the output: Broken pipe", exit 1), not a silent death by SIGPIPE (141).
        signal(SIGPIPE, SIG_IGN)
        let (arguments, headers) = HeaderArguments.extract(from: Array(CommandLine.arguments.dropFirst()))
        // The command parsed: a usage error it finds once running is shown with its own usage
        // (the root's `lazer <subcommand>` said nothing about `-H`).
        var parsed: (any ParsableCommand.Type)?
        do {
            var command = try parseAsRoot(arguments)
            parsed = type(of: command)
            if !headers.isEmpty, var send = command as? SendCommand {
                send.headers = headers + send.headers
                // The headers are checked as the other options were (they were added after).
                try send.validate()
                command = send
            }
            try command.run()
        } catch {
            // An exit status a command chose (every `lazer run` ends so) says nothing more:
            // asking ArgumentParser for its message first builds the command's usage text twice
            // and throws it away (~0.3 ms of every run).
            if let code = error as? ExitCode, code != .validationFailure { Glibc.exit(code.rawValue) }
            if exitCode(for: error) == .validationFailure {
                FileBytes.writeError(parsed.map { usageError(error, of: $0) } ?? fullMessage(for: error) + "\n")
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
