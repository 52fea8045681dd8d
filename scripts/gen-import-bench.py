#!/usr/bin/env python3
"""Inputs for `make bench-import`: a 200-request Postman v2.1 collection and an OpenAPI 3.0
document of about 400 KB (JSON, and the same document as YAML), written into the folder given.
Deterministic: the same bytes every run."""
import json
import os
import sys


def postman(requests=200, folders=20):
    items = []
    per = requests // folders
    for f in range(folders):
        children = []
        for r in range(per):
            n = f * per + r
            method = ["GET", "POST", "PUT", "PATCH", "DELETE"][n % 5]
            request = {
                "method": method,
                "header": [
                    {"key": "Accept", "value": "application/json"},
                    {"key": "X-Request-Id", "value": "{{$guid}}"},
                    {"key": "X-Debug", "value": "1", "disabled": True},
                ],
                "url": {
                    "raw": "{{baseUrl}}/resources/%d/items/:itemId?page=1&limit=50" % f,
                    "host": ["{{baseUrl}}"],
                    "path": ["resources", str(f), "items", ":itemId"],
                    "query": [{"key": "page", "value": "1"}, {"key": "limit", "value": "50"}],
                    "variable": [{"key": "itemId", "value": str(n), "description": "the item"}],
                },
                "description": "Request number %d of the benchmark collection." % n,
            }
            if method in ("POST", "PUT", "PATCH"):
                request["body"] = {
                    "mode": "raw",
                    "raw": json.dumps({"id": n, "name": "item %d" % n, "tags": ["a", "b", "c"],
                                       "owner": {"id": "{{userId}}", "email": "user%d@example.com" % n}}, indent=2),
                    "options": {"raw": {"language": "json"}},
                }
            children.append({
                "name": "Request %d" % n,
                "event": [{"listen": "test", "script": {"type": "text/javascript", "exec": [
                    "pm.test('status is 200', function () {", "    pm.response.to.have.status(200);", "});"]}}],
                "request": request,
                "response": [],
            })
        items.append({"name": "Folder %d" % f, "item": children,
                      "auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{{token}}", "type": "string"}]}})
    return {
        "info": {"_postman_id": "bench-0000", "name": "Benchmark collection",
                 "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
        "item": items,
        "variable": [{"key": "baseUrl", "value": "https://api.example.test"}, {"key": "userId", "value": "42"}],
    }


def openapi(target_bytes=400_000):
    schemas = {}
    paths = {}
    n = 0
    doc = {
        "openapi": "3.0.3",
        "info": {"title": "Benchmark API", "version": "1.0.0"},
        "servers": [{"url": "https://{region}.api.example.test/v1", "description": "Production",
                     "variables": {"region": {"default": "eu", "enum": ["eu", "us"]}}}],
        "tags": [],
        "components": {"schemas": schemas, "securitySchemes": {
            "bearer": {"type": "http", "scheme": "bearer"}, "key": {"type": "apiKey", "in": "header", "name": "X-Key"}}},
        "security": [{"bearer": []}],
        "paths": paths,
    }
    while len(json.dumps(doc, indent=1)) < target_bytes:
        tag = "resource%d" % (n // 4)
        if n % 4 == 0:
            doc["tags"].append({"name": tag, "description": "Everything about %s" % tag})
        schemas["Thing%d" % n] = {
            "type": "object", "required": ["id", "name"],
            "properties": {
                "id": {"type": "integer", "format": "int64", "readOnly": True},
                "name": {"type": "string", "example": "thing %d" % n},
                "created": {"type": "string", "format": "date-time"},
                "tags": {"type": "array", "items": {"type": "string"}},
                "owner": {"$ref": "#/components/schemas/Owner"},
                "parent": {"$ref": "#/components/schemas/Thing%d" % n},
            },
        }
        paths["/%s/things%d/{thingId}" % (tag, n)] = {
            "parameters": [{"name": "thingId", "in": "path", "required": True, "schema": {"type": "integer"}}],
            "get": {"tags": [tag], "operationId": "getThing%d" % n, "summary": "Get thing %d" % n,
                    "parameters": [{"name": "expand", "in": "query", "schema": {"type": "boolean", "default": False}},
                                   {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "The thing", "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Thing%d" % n}}}}}},
            "put": {"tags": [tag], "operationId": "putThing%d" % n, "summary": "Replace thing %d" % n,
                    "security": [{"key": []}],
                    "requestBody": {"required": True, "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Thing%d" % n}}}},
                    "responses": {"204": {"description": "Replaced"}}},
        }
        n += 1
    schemas["Owner"] = {"type": "object", "properties": {"id": {"type": "string", "format": "uuid"},
                                                         "email": {"type": "string", "format": "email"}}}
    return doc


def yaml_text(value, indent=0):
    """A small YAML emitter (block style, every string quoted) so no YAML library is needed."""
    pad = "  " * indent
    lines = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item:
                lines.append("%s%s:" % (pad, json.dumps(key)))
                lines.append(yaml_text(item, indent + 1))
            else:
                lines.append("%s%s: %s" % (pad, json.dumps(key), json.dumps(item)))
    else:
        for item in value:
            if isinstance(item, (dict, list)) and item:
                inner = yaml_text(item, indent + 1).lstrip()
                lines.append("%s- %s" % (pad, inner))
            else:
                lines.append("%s- %s" % (pad, json.dumps(item)))
    return "\n".join(lines)


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "bench.postman_collection.json"), "w") as out:
        json.dump(postman(), out, indent=2)
    document = openapi()
    with open(os.path.join(folder, "bench-openapi.json"), "w") as out:
        json.dump(document, out, indent=1)
    with open(os.path.join(folder, "bench-openapi.yaml"), "w") as out:
        out.write(yaml_text(document) + "\n")
    for name in ("bench.postman_collection.json", "bench-openapi.json", "bench-openapi.yaml"):
        print("%s: %d bytes" % (name, os.path.getsize(os.path.join(folder, name))))


if __name__ == "__main__":
    main()
