#!/usr/bin/env python3
"""Writes a valid GraphQL query of about LINES lines for `make bench-graphql`, made from the
schema itself with graphql-core (so the benchmark needs no query committed for a schema that is
not ours): from the Query type's `viewer` (else its first object field without required
arguments), the scalar and enum fields of each object, and its object fields without required
arguments, breadth first, until the query is LINES lines long. Checked with graphql-core's own
validation before it is written.

Usage: gen-graphql-bench-query.py SCHEMA.graphql OUT.graphql [LINES]
"""
import sys

from graphql import (GraphQLObjectType, Undefined, build_schema, get_named_type, is_leaf_type, is_non_null_type,
                     parse, validate)


def required_args(field):
    return any(is_non_null_type(arg.type) and arg.default_value is Undefined for arg in field.args.values())


def main():
    schema_path, out_path = sys.argv[1], sys.argv[2]
    wanted = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    schema = build_schema(open(schema_path).read(), assume_valid_sdl=True)
    query = schema.query_type
    start = query.fields.get("viewer")
    name = "viewer"
    if start is None or required_args(start):
        name, start = next((n, f) for n, f in query.fields.items()
                           if isinstance(get_named_type(f.type), GraphQLObjectType) and not required_args(f))
    lines = ["query Bench {"]
    budget = [wanted - 2]

    def selection(type_, depth, indent):
        out = []
        leaves = [n for n, f in type_.fields.items() if is_leaf_type(get_named_type(f.type)) and not required_args(f)]
        objects = [n for n, f in type_.fields.items()
                   if isinstance(get_named_type(f.type), GraphQLObjectType) and not required_args(f)]
        for leaf in leaves:
            if budget[0] <= 0:
                break
            out.append(indent + leaf)
            budget[0] -= 1
        if depth < 3:
            for field in objects:
                if budget[0] <= 2:
                    break
                budget[0] -= 2
                inner = selection(get_named_type(type_.fields[field].type), depth + 1, indent + "  ")
                if not inner:
                    budget[0] += 2
                    continue
                out += [indent + field + " {"] + inner + [indent + "}"]
        return out

    lines += ["  " + name + " {"] + selection(get_named_type(start.type), 1, "    ") + ["  }", "}"]
    text = "\n".join(lines) + "\n"
    errors = validate(schema, parse(text))
    if errors:
        sys.exit("gen-graphql-bench-query: the query does not validate: " + str(errors[0]))
    open(out_path, "w").write(text)
    print(f"{out_path}: {len(lines)} lines")


if __name__ == "__main__":
    main()
