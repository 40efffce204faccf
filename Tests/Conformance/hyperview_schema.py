#!/usr/bin/env python3
"""Validates Hyperview documents and fragments against Hyperview's own schema.

Usage: hyperview_schema.py SCHEMA FILE_OR_FOLDER...

SCHEMA is Hyperview's hyperview.xsd (XSD 1.1, which libxml2 does not speak); every
.xml file is validated with xmlschema.XMLSchema11, whatever its root: a <doc>, or the
element of a fragment. Any error fails: exit status 1.
"""
import pathlib
import sys

import xmlschema


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    schema = xmlschema.XMLSchema11(sys.argv[1])
    files = []
    for argument in sys.argv[2:]:
        path = pathlib.Path(argument)
        files += sorted(path.glob("*.xml")) if path.is_dir() else [path]
    problems = 0
    for path in files:
        try:
            errors = list(schema.iter_errors(str(path)))
        except Exception as error:  # not well-formed XML: a problem like any other
            print(f"{path}: {error}")
            problems += 1
            continue
        for error in errors[:3]:
            print(f"{path}: {error.reason} at {error.path}\n  {str(error.elem)[:200] if error.elem is not None else ''}")
        problems += len(errors)
    print(f"{len(files)} documents, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
