import Workspace

/// A send of a collection whose `command` auth is not trusted yet: the question asked before any
/// command runs (once per collection file and set of commands; the answer is kept per user,
/// never in the collection). The send waits, in flight, for the answer.
package struct CommandTrustQuestion: Sendable, Equatable {
    /// The send that waits: sent as it is after "Trust and send", ended as not sent after "Cancel".
    package var job: SendJob
    package var collectionName: String
    /// The collection file's name, as the question shows it.
    package var fileName: String
    /// Every auth command of the collection, each once.
    package var commands: [String]

    package init(job: SendJob, commands: [String]) {
        self.job = job
        collectionName = job.document.collection.name
        fileName = String(job.document.path.split(separator: "/").last ?? Substring(job.document.path))
        self.commands = commands
    }
}

extension QuestionText {
    /// What "Trust and send" lets run, said before it is chosen.
    package static func commandTrust(_ question: CommandTrustQuestion) -> String {
        let count = question.commands.count
        var lines = [
            "\(question.fileName) gets its auth token by running \(count == 1 ? "this command" : "these \(count) commands") "
                + "with your permissions:"
        ]
        for command in question.commands.prefix(5) {
            lines.append("  $ " + (command.count > 160 ? String(command.prefix(160)) + "…" : command))
        }
        if count > 5 { lines.append("  … and \(count - 5) more") }
        lines.append(
            "Alt+T trust and send: \(count == 1 ? "it" : "they") may run for this file from now on (remembered for you, not in the file; "
                + "a changed command asks again).")
        lines.append("Alt+C or Esc: nothing runs and the request is not sent. (Or ←/→ and Enter.)")
        return lines.joined(separator: "\n")
    }
}
