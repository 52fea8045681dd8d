#!/usr/bin/env python3
"""Writes the JSON Schema benchmark's inputs (make bench-jsonschema) into DIR: orders.json, a
40 MB array of order objects (customers, addresses, lines, products: nested objects, strings,
decimals, enums), and orders.schema.json, a draft 2020-12 schema for it whose parts are $defs
joined by $ref (Order -> Customer -> Address, Order -> Line -> Product -> Money). Deterministic."""
import json, os, random, sys

directory = sys.argv[1]
target = int(float(sys.argv[2]) * 1_000_000) if len(sys.argv) > 2 else 40_000_000
os.makedirs(directory, exist_ok=True)
random.seed(27)

schema = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "array",
    "items": {"$ref": "#/$defs/Order"},
    "$defs": {
        "Money": {"type": "object", "required": ["amount", "currency"], "additionalProperties": False,
                  "properties": {"amount": {"type": "number", "minimum": 0},
                                 "currency": {"enum": ["EUR", "USD", "GBP", "CHF"]}}},
        "Address": {"type": "object", "required": ["street", "city", "country"],
                    "properties": {"street": {"type": "string", "minLength": 1}, "city": {"type": "string"},
                                   "zip": {"type": "string", "pattern": "^[0-9]{5}$"},
                                   "country": {"type": "string", "minLength": 2, "maxLength": 2}}},
        "Customer": {"type": "object", "required": ["id", "name", "email"],
                     "properties": {"id": {"type": "integer", "minimum": 1}, "name": {"type": "string"},
                                    "email": {"type": "string", "format": "email"},
                                    "address": {"$ref": "#/$defs/Address"},
                                    "vip": {"type": "boolean"}}},
        "Product": {"type": "object", "required": ["sku", "title", "price"],
                    "properties": {"sku": {"type": "string", "pattern": "^SKU-[0-9]+$"}, "title": {"type": "string"},
                                   "price": {"$ref": "#/$defs/Money"},
                                   "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True}}},
        "Line": {"type": "object", "required": ["product", "quantity"],
                 "properties": {"product": {"$ref": "#/$defs/Product"},
                                "quantity": {"type": "integer", "minimum": 1, "maximum": 1000}}},
        "Order": {"type": "object", "required": ["id", "status", "customer", "lines", "total"],
                  "properties": {"id": {"type": "integer"}, "status": {"enum": ["new", "paid", "shipped", "cancelled"]},
                                 "createdAt": {"type": "string", "format": "date-time"},
                                 "customer": {"$ref": "#/$defs/Customer"},
                                 "lines": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/Line"}},
                                 "total": {"$ref": "#/$defs/Money"},
                                 "note": {"type": ["string", "null"]}}},
    },
}
with open(os.path.join(directory, "orders.schema.json"), "w") as f:
    json.dump(schema, f, indent=2)

words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"]
cities = ["Berlin", "Paris", "Zurich", "London", "Madrid", "Rome"]


def money():
    return {"amount": round(random.randint(1, 99999) / 100, 2), "currency": random.choice(["EUR", "USD", "GBP", "CHF"])}


def order(number):
    lines = []
    for _ in range(random.randint(1, 4)):
        lines.append({"product": {"sku": f"SKU-{random.randint(1000, 99999)}", "title": " ".join(random.sample(words, 3)),
                                  "price": money(), "tags": random.sample(words, random.randint(0, 3))},
                      "quantity": random.randint(1, 20)})
    return {"id": number, "status": random.choice(["new", "paid", "shipped", "cancelled"]),
            "createdAt": f"2026-0{random.randint(1, 9)}-1{random.randint(0, 9)}T12:{random.randint(10, 59)}:00Z",
            "customer": {"id": random.randint(1, 10**6), "name": random.choice(words).title() + " " + random.choice(words).title(),
                         "email": f"{random.choice(words)}{random.randint(1, 999)}@example.com",
                         "address": {"street": f"{random.randint(1, 200)} {random.choice(words).title()} Street",
                                     "city": random.choice(cities), "zip": f"{random.randint(10000, 99999)}",
                                     "country": random.choice(["DE", "FR", "CH", "GB", "ES", "IT"])},
                         "vip": random.random() < 0.1},
            "lines": lines, "total": money(), "note": None if random.random() < 0.7 else "leave at the door"}


with open(os.path.join(directory, "orders.json"), "w") as f:
    f.write("[")
    written = 1
    number = 0
    while written < target:
        text = json.dumps(order(number), separators=(",", ":"))
        if number:
            f.write(",")
            written += 1
        f.write(text)
        written += len(text)
        number += 1
    f.write("]\n")
print(f"{directory}/orders.json: {number} orders")
