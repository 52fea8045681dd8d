import ArgumentParser

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
    static func main() {
        let (arguments, headers) = HeaderArguments.extract(from: Array(CommandLine.arguments.dropFirst()))
        do {
            var command = try parseAsRoot(arguments)
            if !headers.isEmpty, var send = command as? SendCommand {
                send.headers = headers + send.headers
                command = send
            }
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileBytes.writeError(fullMessage(for: error) + "\n")
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
