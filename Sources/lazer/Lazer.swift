import ArgumentParser

/// The `lazer` command: a terminal API explorer, and the headless tools built from the same parts.
@main
struct Lazer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lazer",
        abstract: "A terminal API explorer for Linux.",
        discussion: """
            Browse saved endpoint collections, send requests over libcurl and read the answers as
            collapsible JSON trees, or replay the same collections headlessly for CI.

            Planned, not available yet: tui (the explorer screen), run (replay a collection with
            assertions), send (one-shot request), mock (serve a mock environment over HTTP), import,
            export, validate.
            """,
        version: LazerVersion.current,
        subcommands: [JSONCommand.self, UIDemoCommand.self]
    )
}
