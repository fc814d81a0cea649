"""Jedi as the truth for Python: `facts` lists definitions and uses, `truth` answers references and go-to.

Reads one JSON request on stdin, writes one JSON answer on stdout. Lines are 1-based, columns 0-based.
"""
import json
import os
import sys

import jedi
from jedi.parser_utils import get_parent_scope

KEPT = {"funcdef": "function", "classdef": "class", "expr_stmt": "variable"}


def scripts(root):
    project = jedi.Project(root)
    cache = {}

    def script(file):
        if file not in cache:
            path = os.path.join(root, file)
            with open(path, encoding="utf-8", errors="replace") as f:
                cache[file] = jedi.Script(f.read(), path=path, project=project)
        return cache[file]

    return script


def relative(root, path):
    if path is None:
        return None
    rel = os.path.relpath(str(path), root)
    return None if rel.startswith("..") else rel


def start_line(definition):
    parent = definition.parent
    return parent.start_pos[0] if parent is not None and parent.type == "decorated" else definition.start_pos[0]


def definitions_in(script, file):
    """Module-level and class-level definitions, grouped per (container, name): reassignments are one symbol."""
    grouped = {}
    for name in script.get_names(all_scopes=True, definitions=True, references=False):
        tree_name = name._name.tree_name
        definition = tree_name.get_definition() if tree_name is not None else None
        if definition is None or definition.type not in KEPT:
            continue
        scope = get_parent_scope(tree_name)
        if scope.type not in ("file_input", "classdef"):
            continue
        container = scope.name.value if scope.type == "classdef" else None
        key = (container, name.name)
        if key in grouped:
            grouped[key]["ownLines"].append({"file": file, "line": name.line})
            continue
        kind = KEPT[definition.type]
        if kind == "function" and container is not None:
            kind = "method"
        grouped[key] = {
            "name": name.name,
            "kind": kind,
            "file": file,
            "line": name.line,
            "column": name.column,
            "ownLines": [{"file": file, "line": name.line}],
        }
        if container is not None:
            grouped[key]["container"] = container
    return list(grouped.values())


def uses_in(script, file, names):
    out = []
    for name in script.get_names(all_scopes=True, definitions=False, references=True):
        tree_name = name._name.tree_name
        if name.name not in names or tree_name is None:
            continue
        if tree_name.search_ancestor("import_from", "import_name") is not None:
            continue
        out.append({"name": name.name, "file": file, "line": name.line, "column": name.column})
    return out


def facts(request):
    script = scripts(request["root"])
    definitions = []
    for file in request["files"]:
        definitions.extend(definitions_in(script(file), file))
    names = {d["name"] for d in definitions}
    sites = []
    for file in request["files"]:
        sites.extend(uses_in(script(file), file, names))
    return {"language": "python", "definitions": definitions, "useSites": sites, "compiler": "jedi " + jedi.__version__}


def references(script, root, at):
    found = script(at["file"]).get_references(at["line"], at["column"], include_builtins=False, scope="project")
    places = []
    for name in found:
        file = relative(root, name.module_path)
        if file is not None and name.line is not None:
            places.append({"file": file, "line": name.line})
    return places


def definitions(script, root, at):
    found = script(at["file"]).goto(at["line"], at["column"], follow_imports=True)
    spans = []
    for name in found:
        file = relative(root, name.module_path)
        if file is None or name.line is None:
            continue
        tree_name = name._name.tree_name
        definition = tree_name.get_definition() if tree_name is not None else None
        first = start_line(definition) if definition is not None else name.line
        spans.append({"file": file, "line": name.line, "startLine": min(first, name.line)})
    return spans


def truth(request):
    root = request["root"]
    script = scripts(root)
    return {
        "references": [references(script, root, at) for at in request["symbols"]],
        "definitions": [definitions(script, root, at) for at in request["sites"]],
    }


if __name__ == "__main__":
    request = json.load(sys.stdin)
    answer = facts(request) if sys.argv[1] == "facts" else truth(request)
    json.dump(answer, sys.stdout)
