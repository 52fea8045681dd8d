# Written by lazer export --format locust. Run it with:
#   locust -f THIS_FILE --headless
# or distributed: locust -f THIS_FILE --headless --master --expect-workers N, and on each
# worker: locust -f THIS_FILE --worker --master-host HOST. The load model is LazerShape's;
# --host overrides the base URL. Secret variables are read from LAZER_VAR_<name>.
import base64
import json
import math
import os
import re
import urllib.parse

import gevent
from locust import HttpUser, LoadTestShape, constant, constant_throughput, events, task
from locust.runners import MasterRunner, WorkerRunner

# The load model (lazer export's --vus/--iterations/--duration or --rate/--stage).
OPEN_MODEL = False
USERS = 4
SECONDS = 60
ITERATIONS = 3
THRESHOLDS = [
]
DONE = {"users": 0, "at": None}


MISSING = object()


def lazer_secret(name):
    return os.environ.get(name, "")


def lazer_query(text):
    return urllib.parse.quote(text, safe="-._~")


def lazer_json_string(text):
    return json.dumps(text, ensure_ascii=False)[1:-1]


def lazer_base64(text):
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def lazer_text(value):
    if value is MISSING:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def lazer_header(response, name):
    value = response.headers.get(name)
    return MISSING if value is None else value


def lazer_path(response, steps):
    try:
        value = response.json()
    except Exception:
        return MISSING
    for step in steps:
        if isinstance(step, str) and isinstance(value, dict) and step in value:
            value = value[step]
        elif isinstance(step, int) and isinstance(value, list) and step < len(value):
            value = value[step]
        else:
            return MISSING
    return value


def lazer_equal(actual, expected):
    if isinstance(actual, bool) or isinstance(expected, bool):
        return actual is expected
    return actual == expected


def lazer_number(value):
    try:
        return float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError):
        return math.nan


def lazer_contains(actual, text):
    return text in lazer_text(actual)


def lazer_matches(actual, pattern):
    return re.search(pattern, lazer_text(actual)) is not None


def lazer_one_of(actual, values):
    return any(lazer_equal(actual, value) for value in values)


class LazerUser(HttpUser):
    host = "https://shop.test"
    wait_time = constant(0)

    def on_start(self):
        self.vars = {}
        self.passes = 0
        self.turn = 0
        self.done = False

    def var(self, name):
        return self.vars.get(name, "{{" + name + "}}")

    def send(self, name, method, url, headers, body, checks, captures, **options):
        data = None if body is None else body.encode("utf-8")
        with self.client.request(
            method, url, name=name, headers=headers, data=data, catch_response=True, **options
        ) as r:
            if not r.status_code:
                r.failure("no response: %s" % r.error)
                return
            failed = []
            for check, test in checks:
                try:
                    held = test(r)
                except Exception:
                    held = False
                if not held:
                    failed.append(check)
            for variable, value in captures:
                try:
                    captured = value(r)
                except Exception:
                    captured = MISSING
                if captured is not MISSING:
                    self.vars[variable] = lazer_text(captured)
            if failed:
                r.failure("check failed: " + "; ".join(failed))
            else:
                r.success()

    @task
    def lazer_pass(self):
        if self.done:
            gevent.sleep(1)
            return
        self.request_0()
        self.request_1()
        self.request_2()
        self.passes += 1
        if ITERATIONS is not None and self.passes >= ITERATIONS:
            self.done = True
            self.environment.runner.send_message("lazer_done")

    def request_0(self):
        self.send(
            "Log in",
            "POST",
            "/login",
            {
                "X-Client": "lazer \"load\"",
                "Content-Type": "application/json",
            },
            "{\"user\":\"ada\",\"password\":\"" + lazer_json_string(lazer_secret("LAZER_VAR_password")) + "\"}",
            checks=[
                ("status equals 200", lambda r: lazer_equal(r.status_code, json.loads("200"))),
                ("$.token exists", lambda r: (lazer_path(r, ["token"]) != MISSING)),
            ],
            captures=[
                ("token", lambda r: lazer_path(r, ["token"])),
            ],
        )

    def request_1(self):
        self.send(
            "List items",
            "GET",
            "/items" + "?" + "q" + "=" + "a%20b%26" + lazer_query(self.var("token")),
            {
                "Authorization": "Bearer " + self.var("token"),
            },
            None,
            checks=[
                ("status oneOf [200,304]", lambda r: lazer_one_of(r.status_code, json.loads("[200,304]"))),
                ("header Content-Type contains json", lambda r: lazer_contains(lazer_header(r, "Content-Type"), "json")),
                ("$.items[0].name equals tea", lambda r: (lazer_text(lazer_path(r, ["items", 0, "name"])) == "tea")),
                ("$.items[0].price lessThan 10", lambda r: (lazer_number(lazer_path(r, ["items", 0, "price"])) < 10)),
                ("response time (ms) lessThan 500", lambda r: (lazer_number(r.elapsed.total_seconds() * 1000) < 500)),
                ("body matches \"items\"\\s*:", lambda r: lazer_matches(r.text, "\"items\"\\s*:")),
            ],
            captures=[
            ],
        )

    def request_2(self):
        self.send(
            "Admin",
            "DELETE",
            "/admin",
            {
                "Authorization": "Basic " + lazer_base64("ada:" + lazer_secret("LAZER_VAR_password")),
            },
            None,
            checks=[
                ("status notEquals 500", lambda r: not lazer_equal(r.status_code, json.loads("500"))),
            ],
            captures=[
            ],
        )


def lazer_rate(run_time):
    rate = START_RATE
    for seconds, target in STAGES:
        if run_time < seconds:
            return rate + (target - rate) * run_time / seconds
        run_time -= seconds
        rate = target
    return None


class LazerShape(LoadTestShape):
    def tick(self):
        run_time = self.get_run_time()
        if OPEN_MODEL:
            rate = lazer_rate(run_time)
            if rate is None:
                return None
            users = max(1, math.ceil(rate / PACE))
            return (users, max(users, 10))
        if ITERATIONS is not None and DONE["users"] >= USERS:
            # A master stops after the workers' next statistics report (every 3 s), not before.
            if not isinstance(self.runner, MasterRunner):
                return None
            if DONE["at"] is None:
                DONE["at"] = run_time
            if run_time >= DONE["at"] + 4.5:
                return None
        if SECONDS is not None and run_time >= SECONDS:
            return None
        return (USERS, USERS)


def lazer_user_done(environment, msg, **kwargs):
    DONE["users"] += 1


@events.init.add_listener
def lazer_init(environment, **kwargs):
    if environment.runner is not None and not isinstance(environment.runner, WorkerRunner):
        environment.runner.register_message("lazer_done", lazer_user_done)


@events.quitting.add_listener
def lazer_thresholds(environment, **kwargs):
    if isinstance(environment.runner, WorkerRunner) or not THRESHOLDS:
        return
    total = environment.stats.total
    count = total.num_requests
    unanswered = sum(
        error.occurrences for error in environment.stats.errors.values() if "no response" in str(error.error)
    )
    answered = count - unanswered
    measured = {
        "errors": unanswered / count if count else 0.0,
        "checks": (answered - (total.num_failures - unanswered)) / answered if answered else 1.0,
        "rate": total.total_rps,
        "max": total.max_response_time or 0.0,
    }
    failed = False
    for text, metric, comparison, limit in THRESHOLDS:
        actual = measured[metric] if isinstance(metric, str) else total.get_response_time_percentile(metric)
        held = {"<": actual < limit, "<=": actual <= limit, ">": actual > limit, ">=": actual >= limit}[comparison]
        print("threshold %s: %s (%s)" % (text, "passed" if held else "FAILED", actual))
        failed = failed or not held
    # As lazer load: the thresholds decide the exit status, not Locust's failures.
    environment.process_exit_code = 1 if failed else 0

// report
List items: expectation on $..name: a JSONPath beyond names and indexes (left out)
List items: expectation on schema: a JSON Schema (left out)
