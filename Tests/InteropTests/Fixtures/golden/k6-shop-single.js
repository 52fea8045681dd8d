// Written by lazer export --format k6. Run it with: k6 run THIS_FILE
// LAZER_BASE_URL overrides the base URL; secret variables are read from LAZER_VAR_<name>
// (k6 run -e LAZER_VAR_token=...).
import http from "k6/http";
import { check } from "k6";
import encoding from "k6/encoding";
import exec from "k6/execution";

const BASE_URL = __ENV.LAZER_BASE_URL || "https://shop.test";

export const options = {
  scenarios: {
    lazer: {
      executor: "per-vu-iterations",
      vus: 1,
      iterations: 1,
    },
  },
};

// Only a request without a response is a failed request (lazer load's errors).
http.setResponseCallback(http.expectedStatuses({ min: 100, max: 599 }));

// Each virtual user runs this file's top level once: these are its own variables.
const vars = {};

function lazerVar(name) {
  return name in vars ? vars[name] : "{{" + name + "}}";
}

function lazerSecret(name) {
  return __ENV[name] || "";
}

function lazerText(value) {
  if (value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function lazerCapture(name, value) {
  if (value !== undefined) vars[name] = lazerText(value);
}

function lazerHeader(r, name) {
  const wanted = name.toLowerCase();
  for (const key of Object.keys(r.headers)) {
    if (key.toLowerCase() === wanted) return r.headers[key];
  }
  return undefined;
}

function lazerPath(r, steps) {
  let value;
  try {
    value = JSON.parse(r.body);
  } catch (e) {
    return undefined;
  }
  for (const step of steps) {
    if (value === null || typeof value !== "object" || !Object.prototype.hasOwnProperty.call(value, step)) {
      return undefined;
    }
    value = value[step];
  }
  return value;
}

function lazerEqual(actual, expected) {
  if (actual === expected) return true;
  if (actual === null || expected === null || typeof actual !== "object" || typeof expected !== "object") {
    return false;
  }
  if (Array.isArray(actual) !== Array.isArray(expected)) return false;
  const keys = Object.keys(actual);
  if (keys.length !== Object.keys(expected).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(expected, key) && lazerEqual(actual[key], expected[key]));
}

function lazerNumber(value) {
  return typeof value === "boolean" || value === null || value === undefined ? NaN : Number(value);
}

function lazerContains(actual, text) {
  return lazerText(actual).includes(text);
}

function lazerMatches(actual, pattern) {
  return new RegExp(pattern).test(lazerText(actual));
}

function lazerOneOf(actual, values) {
  return values.some((value) => lazerEqual(actual, value));
}

function request0() {
  const r = http.request(
    "POST",
    BASE_URL + "/login",
    "{\"user\":\"ada\",\"password\":\"" + JSON.stringify(lazerSecret("LAZER_VAR_password")).slice(1, -1) + "\"}",
    {
      headers: {
        "X-Client": "lazer \"load\"",
        "Content-Type": "application/json",
      },
      tags: { name: "Log in" },
    },
  );
  check(r, {
    "Log in: status equals 200": (r) => lazerEqual(r.status, JSON.parse("200")),
    "Log in: $.token exists": (r) => (lazerPath(r, ["token"]) !== undefined),
  });
  lazerCapture("token", lazerPath(r, ["token"]));
}

function request1() {
  const r = http.request(
    "GET",
    BASE_URL + "/items" + "?" + "q" + "=" + "a%20b%26" + encodeURIComponent(lazerVar("token")),
    null,
    {
      headers: {
        "Authorization": "Bearer " + lazerVar("token"),
      },
      tags: { name: "List items" },
    },
  );
  check(r, {
    "List items: status oneOf [200,304]": (r) => lazerOneOf(r.status, JSON.parse("[200,304]")),
    "List items: header Content-Type contains json": (r) => lazerContains(lazerHeader(r, "Content-Type"), "json"),
    "List items: $.items[0].name equals tea": (r) => (lazerText(lazerPath(r, ["items", 0, "name"])) === "tea"),
    "List items: $.items[0].price lessThan 10": (r) => (lazerNumber(lazerPath(r, ["items", 0, "price"])) < 10),
    "List items: response time (ms) lessThan 500": (r) => (lazerNumber(r.timings.duration) < 500),
    "List items: body matches \"items\"\\s*:": (r) => lazerMatches(r.body, "\"items\"\\s*:"),
  });
}

function request2() {
  const r = http.request(
    "DELETE",
    BASE_URL + "/admin",
    null,
    {
      headers: {
        "Authorization": "Basic " + encoding.b64encode("ada:" + lazerSecret("LAZER_VAR_password")),
      },
      tags: { name: "Admin" },
    },
  );
  check(r, {
    "Admin: status notEquals 500": (r) => !lazerEqual(r.status, JSON.parse("500")),
  });
}

const requests = [request0, request1, request2];

export default function () {
  for (const send of requests) {
    send();
  }
}

// report
List items: expectation on $..name: a JSONPath beyond names and indexes (left out)
List items: expectation on schema: a JSON Schema (left out)
