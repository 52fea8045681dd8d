import Foundation

/// `lazer load`'s model in Locust's terms. Closed model: `USERS` users sending the requests in
/// order without pause, until `SECONDS` pass or each has made `ITERATIONS` passes (each user tells
/// the master when it is done; the shape stops when all are, on a master 4.5 s later, once every
/// worker has sent its statistics report, due every 3 s). Open model: Locust has users, not
/// an arrival rate, so each user is paced at `PACE` requests a second (`constant_throughput`,
/// one request a task, in turn) and `LazerShape` keeps the stage's rate ÷ `PACE` users running —
/// the rate holds while responses come faster than the pace. Thresholds are checked in a
/// `quitting` listener on the master, which sets the exit status: 1 when one fails, else 0 (as
/// `lazer load`, whatever the failed expectations; without thresholds Locust's own rule holds).
enum LocustLoadModel {
    static func constants(_ load: ExportLoad, requestCount: Int, report: inout ExportReport) -> [String] {
        var lines = ["# The load model (lazer export's --vus/--iterations/--duration or --rate/--stage)."]
        switch load.model {
        case .closed(let vus, let seconds, let iterations):
            lines += [
                "OPEN_MODEL = False",
                "USERS = \(vus)",
                "SECONDS = \(seconds.map(number) ?? "None")",
                "ITERATIONS = \(iterations.map(String.init) ?? "None")",
            ]
        case .open(let start, let stages):
            let peak = load.peakRate ?? 1
            lines += [
                "OPEN_MODEL = True",
                "PACE = \(number(min(1, peak)))",
                "START_RATE = \(number(start))",
                "STAGES = [" + stages.map { "(\(number($0.seconds)), \(number($0.rate)))" }.joined(separator: ", ")
                    + "]",
            ]
            report.add(
                "the open model's arrival rate (Locust paces users instead)", at: "load model",
                kept: "rate ÷ \(number(min(1, peak))) users, each paced at that many requests a second")
        }
        lines.append("THRESHOLDS = [")
        for threshold in load.thresholds {
            let metric: String
            switch threshold.metric {
            case .percentile(let percentile): metric = percentile >= 100 ? "\"max\"" : number(percentile / 100)
            case .errors: metric = "\"errors\""
            case .checks: metric = "\"checks\""
            case .rate: metric = "\"rate\""
            }
            lines.append(
                "    (\(ScriptLiteral.python(threshold.text)), \(metric), \(ScriptLiteral.python(threshold.comparison)), \(number(threshold.limit))),"
            )
        }
        if load.thresholds.contains(where: { $0.metric == .checks }) {
            report.add(
                "checks threshold on each expectation", at: "load model",
                kept: "checked on the share of answered requests whose expectations all held")
        }
        return lines + ["]", "DONE = {\"users\": 0, \"at\": None}", "", ""]
    }

    static func waitTime(_ load: ExportLoad) -> String {
        if case .open = load.model { return "constant_throughput(PACE)" }
        return "constant(0)"
    }

    static func task(_ load: ExportLoad, requestCount: Int) -> [String] {
        let calls = (0..<requestCount).map { "self.request_\($0)" }
        var lines = ["    @task", "    def lazer_pass(self):"]
        if case .open = load.model {
            lines += [
                "        requests = [\(calls.joined(separator: ", "))]",
                "        requests[self.turn % len(requests)]()",
                "        self.turn += 1",
            ]
            return lines
        }
        lines += [
            "        if self.done:",
            "            gevent.sleep(1)",
            "            return",
        ]
        lines += calls.map { "        \($0)()" }
        lines += [
            "        self.passes += 1",
            "        if ITERATIONS is not None and self.passes >= ITERATIONS:",
            "            self.done = True",
            "            self.environment.runner.send_message(\"lazer_done\")",
        ]
        return lines
    }

    static func shapeAndThresholds(_ load: ExportLoad) -> [String] {
        [
            "",
            "def lazer_rate(run_time):",
            "    rate = START_RATE",
            "    for seconds, target in STAGES:",
            "        if run_time < seconds:",
            "            return rate + (target - rate) * run_time / seconds",
            "        run_time -= seconds",
            "        rate = target",
            "    return None",
            "",
            "",
            "class LazerShape(LoadTestShape):",
            "    def tick(self):",
            "        run_time = self.get_run_time()",
            "        if OPEN_MODEL:",
            "            rate = lazer_rate(run_time)",
            "            if rate is None:",
            "                return None",
            "            users = max(1, math.ceil(rate / PACE))",
            "            return (users, max(users, 10))",
            "        if ITERATIONS is not None and DONE[\"users\"] >= USERS:",
            "            # A master stops after the workers' next statistics report (every 3 s), not before.",
            "            if not isinstance(self.runner, MasterRunner):",
            "                return None",
            "            if DONE[\"at\"] is None:",
            "                DONE[\"at\"] = run_time",
            "            if run_time >= DONE[\"at\"] + 4.5:",
            "                return None",
            "        if SECONDS is not None and run_time >= SECONDS:",
            "            return None",
            "        return (USERS, USERS)",
            "",
            "",
            "def lazer_user_done(environment, msg, **kwargs):",
            "    DONE[\"users\"] += 1",
            "",
            "",
            "@events.init.add_listener",
            "def lazer_init(environment, **kwargs):",
            "    if environment.runner is not None and not isinstance(environment.runner, WorkerRunner):",
            "        environment.runner.register_message(\"lazer_done\", lazer_user_done)",
            "",
            "",
            "@events.quitting.add_listener",
            "def lazer_thresholds(environment, **kwargs):",
            "    if isinstance(environment.runner, WorkerRunner) or not THRESHOLDS:",
            "        return",
            "    total = environment.stats.total",
            "    count = total.num_requests",
            "    unanswered = sum(",
            "        error.occurrences for error in environment.stats.errors.values() if \"no response\" in str(error.error)",
            "    )",
            "    answered = count - unanswered",
            "    measured = {",
            "        \"errors\": unanswered / count if count else 0.0,",
            "        \"checks\": (answered - (total.num_failures - unanswered)) / answered if answered else 1.0,",
            "        \"rate\": total.total_rps,",
            "        \"max\": total.max_response_time or 0.0,",
            "    }",
            "    failed = False",
            "    for text, metric, comparison, limit in THRESHOLDS:",
            "        actual = measured[metric] if isinstance(metric, str) else total.get_response_time_percentile(metric)",
            "        held = {\"<\": actual < limit, \"<=\": actual <= limit, \">\": actual > limit, \">=\": actual >= limit}[comparison]",
            "        print(\"threshold %s: %s (%s)\" % (text, \"passed\" if held else \"FAILED\", actual))",
            "        failed = failed or not held",
            "    # As lazer load: the thresholds decide the exit status, not Locust's failures.",
            "    environment.process_exit_code = 1 if failed else 0",
        ]
    }

    /// A number as Python (and JavaScript) reads it: `30`, `0.5`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
