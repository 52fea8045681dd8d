#!/usr/bin/env python3
"""Writes the deterministic 40 MB benchmark bodies for `make bench-json` (the first three) and
`make bench-json-index` (all four).

api.json     — an array of ~130,000 API-like objects (nested objects, strings, numbers,
               booleans, nulls, arrays), minified as servers send it.
numbers.json — GeoJSON-like features whose coordinates are long arrays of floats.
strings.json — records with long texts full of escapes and non-ASCII (Latin, Cyrillic, CJK, emoji).
log.json     — a log of events as services write them (timestamps, levels, ids, durations, an HTTP
               part, free-form messages and a few key/value fields).

The same seed always produces the same bytes, so numbers in README are reproducible.
Usage: gen-json-bodies.py OUTDIR [SIZE_MB [KINDS]]   (KINDS: comma-separated, e.g. "api"; default the
first three)
"""
import json
import os
import random
import sys

WORDS = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma "
         "tau upsilon phi chi psi omega lorem ipsum dolor sit amet consectetur adipiscing elit sed do").split()
UNICODE = ["café", "naïve", "Ärger", "über", "Привет", "мир", "日本語", "中文", "한국어", "😀", "🚀", "ß", "œuvre", "Ελλάδα"]
ESCAPES = ["\n", "\t", "\"", "\\", "/", "\u0001", "\r"]


def api_object(rng, index):
    words = lambda n: " ".join(rng.choice(WORDS) for _ in range(n))
    return {
        "id": index,
        "name": words(2).title(),
        "active": rng.random() < 0.7,
        "score": round(rng.uniform(0, 100), 2),
        "tags": [rng.choice(WORDS) for _ in range(rng.randint(0, 4))],
        "created_at": "2024-%02d-%02dT%02d:%02d:%02dZ" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                                                         rng.randint(0, 59), rng.randint(0, 59)),
        "deleted_at": None,
        "meta": {"version": rng.randint(1, 9), "nested": {"x": rng.randint(0, 1000), "y": words(1), "ok": True}},
        "address": {"street": "%d %s Street" % (rng.randint(1, 999), rng.choice(WORDS).title()),
                    "city": rng.choice(WORDS).title(), "geo": {"lat": round(rng.uniform(-90, 90), 6), "lng": round(rng.uniform(-180, 180), 6)}},
        "note": words(rng.randint(1, 3)),
    }


def number_feature(rng, index):
    lon, lat = rng.uniform(-180, 180), rng.uniform(-80, 80)
    coordinates = []
    for _ in range(rng.randint(20, 60)):
        lon += rng.uniform(-0.01, 0.01)
        lat += rng.uniform(-0.01, 0.01)
        coordinates.append([round(lon, 7), round(lat, 7), round(rng.uniform(0, 3000), 2)])
    return {"type": "Feature", "id": index, "properties": {"speed": rng.uniform(0, 40), "t": rng.randint(0, 2**40)},
            "geometry": {"type": "LineString", "coordinates": coordinates}}


def string_record(rng, index):
    def text(n):
        parts = []
        for _ in range(n):
            roll = rng.random()
            if roll < 0.55:
                parts.append(rng.choice(WORDS))
            elif roll < 0.85:
                parts.append(rng.choice(UNICODE))
            else:
                parts.append(rng.choice(ESCAPES))
        return " ".join(parts)
    return {"id": index, "title": text(6), "body": text(rng.randint(40, 120)), "author": text(2),
            "comments": [text(rng.randint(5, 20)) for _ in range(rng.randint(0, 3))]}


LEVELS = ("debug", "info", "info", "info", "warn", "error")
SERVICES = ("api-gateway", "billing", "search", "auth", "orders", "inventory")
PATHS = ("/v1/orders", "/v1/orders/{id}", "/v1/users/{id}", "/v1/search", "/health", "/v1/carts/{id}/items")


def log_event(rng, index):
    words = lambda n: " ".join(rng.choice(WORDS) for _ in range(n))
    event = {
        "ts": "2026-12-04T%02d:%02d:%02d.%06dZ" % (rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59),
                                                    rng.randint(0, 999999)),
        "level": rng.choice(LEVELS), "service": rng.choice(SERVICES), "seq": index,
        "trace_id": "%032x" % rng.getrandbits(128), "span_id": "%016x" % rng.getrandbits(64),
        "duration_ms": round(rng.expovariate(1 / 40), 3),
        "http": {"method": rng.choice(("GET", "GET", "POST", "PUT", "DELETE")),
                 "path": rng.choice(PATHS).replace("{id}", str(rng.randint(1, 10**6))),
                 "status": rng.choice((200, 200, 200, 201, 204, 304, 400, 404, 500)), "bytes": rng.randint(0, 50000)},
        "msg": words(rng.randint(3, 14)),
    }
    if rng.random() < 0.3:
        event["fields"] = {rng.choice(WORDS): rng.choice((words(1), rng.randint(0, 10**9), rng.random() < 0.5, None))
                           for _ in range(rng.randint(1, 4))}
    return event


def write_body(path, make, size, seed):
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as out:
        out.write("[")
        written, index = 1, 0
        while written < size:
            chunk = ("," if index else "") + json.dumps(make(rng, index), ensure_ascii=False, separators=(",", ":"))
            out.write(chunk)
            written += len(chunk.encode("utf-8"))
            index += 1
        out.write("]")
    return index


def main():
    outdir = sys.argv[1]
    size = int(float(sys.argv[2] if len(sys.argv) > 2 else 40) * 1_000_000)
    kinds = sys.argv[3].split(",") if len(sys.argv) > 3 else ["api", "numbers", "strings"]
    os.makedirs(outdir, exist_ok=True)
    makers = (("api", api_object, 1), ("numbers", number_feature, 2), ("strings", string_record, 3),
              ("log", log_event, 4))
    for name, make, seed in makers:
        if name not in kinds:
            continue
        path = os.path.join(outdir, name + ".json")
        count = write_body(path, make, size, seed)
        print("%s: %d bytes, %d top-level elements" % (path, os.path.getsize(path), count))


if __name__ == "__main__":
    main()
