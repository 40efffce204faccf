#!/usr/bin/env python3
"""Validates DivKit documents against DivKit's own schema.

Usage: divkit_schema.py FILE_OR_FOLDER...

Each document must be {"templates": {...}, "card": {...}}. Its templates are expanded
into the card the way DivKit's clients do (a div whose "type" names a template gets the
template's properties; "$key": "field" takes the use's "field" as "key", at any depth of
the template; the use's own properties override the template's), and the expanded card
is validated with pydivkit.DivData.schema() (JSON Schema draft 7, DivKit's schema as
DivKit's Python builder publishes it). An object that names a member twice fails too:
a client keeps one of them. Any error fails: exit status 1.
"""
import json
import pathlib
import sys

import jsonschema
import pydivkit


def resolve_links(value, use):
    if isinstance(value, list):
        return [resolve_links(item, use) for item in value]
    if not isinstance(value, dict):
        return value
    resolved = {}
    for key, item in value.items():
        if key.startswith("$"):
            if isinstance(item, str) and item in use:
                resolved[key[1:]] = use[item]
        else:
            resolved[key] = resolve_links(item, use)
    return resolved


def expand(value, templates, depth=0):
    if depth > 64:
        raise ValueError("templates nest deeper than 64 levels")
    if isinstance(value, list):
        return [expand(item, templates, depth) for item in value]
    if not isinstance(value, dict):
        return value
    kind = value.get("type")
    if isinstance(kind, str) and kind in templates:
        base = resolve_links(templates[kind], value)
        merged = dict(base)
        for key, item in value.items():
            if key != "type":
                merged[key] = item
        merged["type"] = base.get("type")
        return expand(merged, templates, depth + 1)
    return {key: expand(item, templates, depth) for key, item in value.items()}


def unique_members(pairs):
    names = [name for name, _ in pairs]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ValueError("an object names " + ", ".join(repeated) + " more than once")
    return dict(pairs)


def check(path, validator):
    try:
        document = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=unique_members)
    except ValueError as error:
        return [f"{path}: {error}"]
    problems = []
    if not isinstance(document, dict) or set(document) != {"templates", "card"}:
        return [f"{path}: not a {{templates, card}} document"]
    templates = document["templates"]
    for name in templates:
        if name in ("text", "container", "image", "gallery", "pager", "input", "custom", "tabs"):
            problems.append(f"{path}: template '{name}' shadows a built-in type")
    card = expand(document["card"], templates)
    for error in validator.iter_errors(card):
        location = "/".join(str(part) for part in error.absolute_path)
        problems.append(f"{path}: card/{location}: {error.message[:300]}")
    return problems


def main(arguments):
    schema = pydivkit.DivData.schema()
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    files = []
    for argument in arguments:
        path = pathlib.Path(argument)
        files += sorted(path.glob("*.json")) if path.is_dir() else [path]
    if not files:
        print("divkit_schema: no documents", file=sys.stderr)
        return 1
    problems = []
    for path in files:
        problems += check(path, validator)
    for problem in problems[:50]:
        print(problem)
    print(f"divkit_schema: {len(files)} documents, {len(problems)} problems (pydivkit {pydivkit.__version__ if hasattr(pydivkit, '__version__') else '?'})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
