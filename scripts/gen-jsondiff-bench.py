#!/usr/bin/env python3
"""Writes the JSON diff benchmark's inputs (make bench-jsondiff) into DIR: left.json, a 40 MB
array of order objects (nested objects, strings, decimals, arrays), and right.json, the same
orders with 1 % of their scalar values changed (numbers, strings, booleans), a few members
added and removed. Deterministic. Prints how many values there are and how many were changed."""
import json, os, random, sys

directory = sys.argv[1]
target = int(float(sys.argv[2]) * 1_000_000) if len(sys.argv) > 2 else 40_000_000
os.makedirs(directory, exist_ok=True)
random.seed(27)

WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"]


def order(number):
    return {
        "id": number,
        "status": random.choice(["new", "paid", "shipped", "cancelled"]),
        "createdAt": "2026-%02d-%02dT%02d:%02d:00Z" % (random.randint(1, 12), random.randint(1, 28),
                                                     random.randint(0, 23), random.randint(0, 59)),
        "customer": {
            "id": random.randint(1, 10**6),
            "name": " ".join(random.sample(WORDS, 2)).title(),
            "email": "%s.%d@example.com" % (random.choice(WORDS), random.randint(1, 9999)),
            "vip": random.random() < 0.1,
            "address": {"street": "%d %s Street" % (random.randint(1, 999), random.choice(WORDS).title()),
                        "city": random.choice(WORDS).title(), "zip": "%05d" % random.randint(0, 99999),
                        "country": random.choice(["DE", "FR", "GB", "US"])},
        },
        "lines": [
            {"sku": "SKU-%d" % random.randint(1, 99999), "title": " ".join(random.sample(WORDS, 3)),
             "quantity": random.randint(1, 20), "price": round(random.uniform(1, 500), 2),
             "tags": random.sample(WORDS, random.randint(0, 3))}
            for _ in range(random.randint(1, 4))
        ],
        "total": round(random.uniform(1, 2000), 2),
        "note": None,
    }


def scalars(value, path):
    """(container, key) of every scalar, for changing 1 % of them in place."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)):
                yield from scalars(item, path)
            else:
                yield (value, key)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, (dict, list)):
                yield from scalars(item, path)
            else:
                yield (value, index)


orders = []
size = 2
while size < target:
    item = order(len(orders) + 1)
    size += len(json.dumps(item, separators=(",", ":"))) + 1
    orders.append(item)
left = json.dumps(orders, separators=(",", ":"))
with open(os.path.join(directory, "left.json"), "w") as file:
    file.write(left)

places = list(scalars(orders, ""))
changed = 0
for container, key in random.sample(places, len(places) // 100):
    value = container[key]
    if isinstance(value, bool):
        container[key] = not value
    elif isinstance(value, int):
        container[key] = value + 1
    elif isinstance(value, float):
        container[key] = round(value + 0.01, 2)
    elif isinstance(value, str):
        container[key] = value[:-1] + "X" if value else "X"
    else:
        container[key] = 0
    changed += 1
for index in random.sample(range(len(orders)), len(orders) // 1000):
    orders[index]["coupon"] = "SAVE10"
    orders[index].pop("note", None)
with open(os.path.join(directory, "right.json"), "w") as file:
    file.write(json.dumps(orders, separators=(",", ":")))
print("%d orders, %d scalar values, %d changed, %d MB" % (len(orders), len(places), changed, len(left) // 1_000_000))
