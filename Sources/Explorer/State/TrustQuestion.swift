package import Workspace

/// A send, or a run of the Runner view, of a collection whose `command` auth or scripts are not
/// trusted yet: the question asked before any command or script runs (once per collection file
/// and set of commands or scripts; the answer is kept per user, never in the collection). The send
/// or the run waits for the answer.
package struct TrustQuestion: Sendable, Equatable {
    /// What would run.
    package enum Subject: Sendable, Equatable {
        /// `command` auth: `commands` are the commands.
        case commands
        /// Scripts (issue 32): `commands` are the scripts, by where they are and their stage.
        case scripts
    }

    /// What waits for the answer.
    package enum Waiting: Sendable, Equatable {
        /// Sent as it is after "Trust and send", ended as not sent after "Cancel".
        case send(SendJob)
        /// Started after either answer: after "Cancel" the requests that use the commands are not sent.
        case run(RunJob, path: String)
    }

    package var waiting: Waiting
    package var subject = Subject.commands
    package var collectionName: String
    /// The collection file's name, as the question shows it.
    package var fileName: String
    /// Every auth command of the collection, each once.
    package var commands: [String]

    private init(waiting: Waiting, subject: Subject, document: CollectionDocument, commands: [String]) {
        self.waiting = waiting
        self.subject = subject
        collectionName = document.collection.name
        fileName = String(document.path.split(separator: "/").last ?? Substring(document.path))
        self.commands = commands
    }

    package init(job: SendJob, commands: [String]) {
        self.init(waiting: .send(job), subject: .commands, document: job.document, commands: commands)
    }

    /// The question before a send of a request with scripts: every script of its collection file.
    package init(scriptsOf job: SendJob) {
        self.init(
            waiting: .send(job), subject: .scripts, document: job.document, commands: Self.scripts(of: job.document))
    }

    /// The question before a run of the Runner view that has requests with scripts of `document`.
    package init(scriptsOfRun run: RunJob, document: CollectionDocument) {
        self.init(
            waiting: .run(run, path: document.path), subject: .scripts, document: document,
            commands: Self.scripts(of: document))
    }

    /// The question before a run of the Runner view that has requests of `document`.
    package init(run: RunJob, document: CollectionDocument) {
        self.init(
            waiting: .run(run, path: document.path), subject: .commands, document: document,
            commands: document.collection.authCommands)
    }

    /// Every script of the file, by where it is and its stage ("request Login (test)").
    private static func scripts(of document: CollectionDocument) -> [String] {
        document.collection.allScripts.map { "\($0.origin) (\($0.stage.title))" }
    }

    /// The status line's word while the question waits behind another overlay.
    var waitingNotice: String {
        switch subject {
        case .commands: "\(collectionName) wants to run a command for its token: see the question"
        case .scripts: "\(collectionName) wants to run its scripts: see the question"
        }
    }

    /// The send that waits (nil for a run).
    package var job: SendJob? {
        if case .send(let job) = waiting { return job }
        return nil
    }

    /// Which question this is, for the overlay queue (the same one is not asked twice at once).
    var identity: String {
        switch waiting {
        case .send(let job): "trust \(subject) \(job.document.path) \(job.generation)"
        case .run(let run, let path): "trust \(subject) \(path) run \(run.run)"
        }
    }

    var isRun: Bool {
        if case .run = waiting { return true }
        return false
    }
}

extension QuestionText {
    /// What "Trust and send" lets run, said before it is chosen.
    package static func trust(_ question: TrustQuestion) -> String {
        question.subject == .scripts ? scriptTrust(question) : commandTrust(question)
    }

    private static func scriptTrust(_ question: TrustQuestion) -> String {
        let count = question.commands.count
        var lines = [
            "\(question.fileName) has \(count == 1 ? "a script" : "\(count) scripts") (JavaScript, run in a sandbox; a "
                + "script can read the responses and variables and send requests):"
        ]
        // Every one, whole: what is trusted is what was shown (`TrustDialog.fits`).
        for script in question.commands { lines.append("  " + script) }
        lines.append(
            "Alt+T trust and \(question.isRun ? "run" : "send"): this file's scripts may run from now on (remembered "
                + "for you, not in the file; a changed script asks again).")
        lines.append(
            question.isRun
                ? "Alt+C or Esc: no script runs, and the run's requests that have scripts are not sent. (Or ←/→ and Enter.)"
                : "Alt+C or Esc: nothing runs and the request is not sent. (Or ←/→ and Enter.)")
        return lines.joined(separator: "\n")
    }

    private static func commandTrust(_ question: TrustQuestion) -> String {
        let count = question.commands.count
        var lines = [
            "\(question.fileName) gets its auth token by running \(count == 1 ? "this command" : "these \(count) commands") "
                + "with your permissions:"
        ]
        // Every one, whole: a command cut at 160 characters ran what followed the cut unseen.
        for command in question.commands { lines.append("  $ " + command) }
        lines.append(
            "Alt+T trust and \(question.isRun ? "run" : "send"): \(count == 1 ? "it" : "they") may run for this file from now on "
                + "(remembered for you, not in the file; a changed command asks again).")
        lines.append(
            question.isRun
                ? "Alt+C or Esc: nothing runs, and the run's requests that need a token from it are not sent. (Or ←/→ and Enter.)"
                : "Alt+C or Esc: nothing runs and the request is not sent. (Or ←/→ and Enter.)")
        return lines.joined(separator: "\n")
    }
}
