import Foundation

/// The fields of `"type": "command"` auth: a shell command whose standard output (trimmed) is
/// the token, sent in a header. The command is run as written by `/bin/sh -c`: no `{{placeholder}}`
/// is filled in it, so a value taken from a response can never become part of a command (the
/// shell's own `$VARIABLES` work). It runs only for a collection the user trusts
/// (`CommandTrustStore`, or `--trust` for `lazer run` / `lazer send`).
package struct CommandAuth: Sendable, Equatable {
    package var command: String
    /// The header the token goes in.
    package var header: String
    /// Written before the token (`"Bearer "`; empty for the token alone).
    package var prefix: String
    /// How long a token is reused before the command runs again (0: it runs for every send).
    package var cacheSeconds: Double
    /// How long the command may run before it is stopped and the send fails.
    package var timeoutSeconds: Double

    package static let defaultHeader = "Authorization"
    package static let defaultPrefix = "Bearer "
    package static let defaultCacheSeconds = 300.0
    package static let defaultTimeoutSeconds = 30.0

    package init(
        command: String = "", header: String = defaultHeader, prefix: String = defaultPrefix,
        cacheSeconds: Double = defaultCacheSeconds, timeoutSeconds: Double = defaultTimeoutSeconds
    ) {
        self.command = command
        self.header = header
        self.prefix = prefix
        self.cacheSeconds = cacheSeconds
        self.timeoutSeconds = timeoutSeconds
    }

    static let keys = ["type", "command", "header", "prefix", "cacheSeconds", "timeoutSeconds"]

    static func read(_ fields: ObjectFields) -> CommandAuth? {
        guard let command = fields.string("command", required: true) else { return nil }
        if command.trimmingCharacters(in: .whitespaces).isEmpty {
            fields.reader.report(
                .error, "command auth needs a command (such as \"gcloud auth print-access-token\")",
                at: fields.node("command")?.offset ?? fields.offset, path: fields.path.appending("command"))
            return nil
        }
        let header = fields.string("header") ?? defaultHeader
        if header.isEmpty || header.contains(where: { $0 == ":" || $0 == " " || $0 == "\n" || $0 == "\r" }) {
            fields.reader.report(
                .error, "the header must be a header name (such as \"Authorization\"); found \"\(header)\"",
                at: fields.node("header")?.offset ?? fields.offset, path: fields.path.appending("header"))
            return nil
        }
        var timeout = fields.seconds("timeoutSeconds") ?? defaultTimeoutSeconds
        if timeout == 0 { timeout = defaultTimeoutSeconds }
        return CommandAuth(
            command: command, header: header, prefix: fields.string("prefix") ?? defaultPrefix,
            cacheSeconds: fields.seconds("cacheSeconds") ?? defaultCacheSeconds, timeoutSeconds: timeout)
    }

    func write(into object: inout ObjectBuilder) {
        object.add("command", command)
        if header != Self.defaultHeader { object.add("header", header) }
        if prefix != Self.defaultPrefix { object.add("prefix", prefix) }
        if cacheSeconds != Self.defaultCacheSeconds { object.add("cacheSeconds", seconds: cacheSeconds) }
        if timeoutSeconds != Self.defaultTimeoutSeconds { object.add("timeoutSeconds", seconds: timeoutSeconds) }
    }
}

extension RequestCollection {
    /// Every `command` of the collection's auth (the collection's, its folders', its requests'),
    /// sorted, each once: what the user trusts when trusting the collection.
    package var authCommands: [String] {
        var commands = Set<String>()
        func add(_ auth: SavedAuth?) {
            if case .command(let command)? = auth?.scheme { commands.insert(command.command) }
        }
        func walk(_ folders: [Folder]) {
            for folder in folders {
                add(folder.auth)
                walk(folder.folders)
                folder.requests.forEach { add($0.auth) }
            }
        }
        add(auth)
        walk(folders)
        requests.forEach { add($0.auth) }
        return commands.sorted()
    }
}
