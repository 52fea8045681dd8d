import Futures

/// What the program holds of GraphQL checks (issue 28): the job asked for last, not started yet,
/// when it is due, and whether a timer or a running check will pick it up.
struct GraphQLCheckQueue {
    var pending: GraphQLCheckJob?
    var due: Duration = .zero
    var timerSet = false
    var running = false
}

/// GraphQL checks off the program loop: a job waits for its delay after the last one asked
/// (typing: a debounce, the text typed last wins), one check runs at a time on the work queue
/// (validation against GitHub's schema takes milliseconds, never a frame), and its result comes
/// back as `graphqlChecked`, which the editor drops unless it answers its last ask.
extension ExplorerProgram {
    func checkGraphQL(_ job: GraphQLCheckJob) {
        graphqlChecks.pending = job
        graphqlChecks.due = clock.now() + job.delay
        startGraphQLCheckWhenDue()
    }

    /// Starts the pending check if it is due and none runs; else waits for its time (one timer).
    private func startGraphQLCheckWhenDue() {
        guard !graphqlChecks.running, !graphqlChecks.timerSet, let job = graphqlChecks.pending else { return }
        let wait = graphqlChecks.due - clock.now()
        guard wait <= .zero else {
            graphqlChecks.timerSet = true
            clock.schedule(after: wait) { [weak self] in
                self?.graphqlChecks.timerSet = false
                self?.startGraphQLCheckWhenDue()
            }
            return
        }
        graphqlChecks.pending = nil
        graphqlChecks.running = true
        let main = dependencies.main
        dependencies.work.schedule { [weak self] in
            let check = job.run()
            main.schedule { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.graphqlChecks.running = false
                    self.dispatch(.graphqlChecked(generation: job.generation, check))
                    self.startGraphQLCheckWhenDue()
                }
            }
        }
    }
}
