#!/usr/bin/env python3
"""Writes lazer collection files as a Posting collection, for `make bench-explorer`.

Posting reads a folder of `*.posting.yaml` files (one request each, folders as sub-folders), so
each lazer collection becomes a folder, each of its folders a sub-folder and each request one file
with the same method, URL, query, headers, body and description: both programs start on the same
requests. `{{var}}` becomes Posting's `${var}`; a relative URL gets `${BASE_URL}` in front. JSON is
valid YAML, so the files are written as JSON (no YAML library needed).

Optionally adds one more request folder, `Bench`, whose requests GET the given URLs with the JSON
body `{}` (the benchmark types into it).
Usage: posting-collection.py OUTDIR COLLECTION.json... [--request NAME=URL]...
"""
import json
import os
import re
import sys

VARIABLE = re.compile(r"\{\{\s*([^}]+?)\s*\}\}")


def posting_text(text):
    return VARIABLE.sub(lambda m: "${" + m.group(1).strip().lstrip("$") + "}", text)


def file_name(name):
    return re.sub(r"[/\\:]", "-", name).strip() or "request"


def request_model(request):
    url = posting_text(request.get("url", ""))
    if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://|^\$\{", url):
        url = "${BASE_URL}" + url
    model = {"name": request["name"], "description": request.get("description", ""),
             "method": request.get("method", "GET"), "url": url,
             "headers": [{"name": h["name"], "value": posting_text(str(h.get("value", ""))),
                          "enabled": h.get("enabled", True)} for h in request.get("headers", [])],
             "params": [{"name": q["name"], "value": posting_text(str(q.get("value", ""))),
                         "enabled": q.get("enabled", True)} for q in request.get("query", [])]}
    body = request.get("body")
    if body:
        if body.get("type") == "json":
            model["body"] = {"content": posting_text(json.dumps(body.get("json"), indent=2, ensure_ascii=False))}
        elif body.get("type") == "text":
            model["body"] = {"content": posting_text(body.get("text", ""))}
        elif body.get("type") in ("form", "multipart"):
            fields = body.get("fields") or body.get("form") or body.get("parts") or []
            model["body"] = {"form_data": [{"name": f.get("name", ""), "value": posting_text(str(f.get("value", "")))}
                                           for f in fields if isinstance(f, dict)]}
    return model


def write_folder(path, folder):
    os.makedirs(path, exist_ok=True)
    for request in folder.get("requests", []):
        with open(os.path.join(path, file_name(request["name"]) + ".posting.yaml"), "w", encoding="utf-8") as out:
            json.dump(request_model(request), out, indent=2, ensure_ascii=False)
    for sub in folder.get("folders", []):
        write_folder(os.path.join(path, file_name(sub["name"])), sub)


def main():
    args = sys.argv[1:]
    outdir, files, extra = args[0], [], []
    index = 1
    while index < len(args):
        if args[index] == "--request":
            extra.append(args[index + 1].split("=", 1))
            index += 2
        else:
            files.append(args[index])
            index += 1
    for path in files:
        with open(path, encoding="utf-8") as handle:
            collection = json.load(handle)
        write_folder(os.path.join(outdir, file_name(collection["name"])), collection)
    if extra:
        write_folder(os.path.join(outdir, "Bench"),
                     {"requests": [{"name": name, "method": "GET", "url": url, "body": {"type": "json", "json": {}}}
                                  for name, url in extra]})


if __name__ == "__main__":
    main()
