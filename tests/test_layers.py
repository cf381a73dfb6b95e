"""The layers of DESIGN.md, read from the imports themselves: every import goes down (or sideways within a
layer), no two modules import each other by any path, nothing below the widgets imports ipywidgets and the engine
imports neither plotly nor pandas. Imports for type checking only (``if TYPE_CHECKING:``) do not count: they never
run."""

from __future__ import annotations

import ast
from fnmatch import fnmatch
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "cardlab"

# lowest first; a module may import modules of its own layer or of a lower one
LAYERS = (
    ("cardlab.i18n", "cardlab._version"),
    ("cardlab.cards",),
    ("cardlab.records", "cardlab.engine", "cardlab.handout_parts", "cardlab.exercise_parts",
     "cardlab.batch_parts"),
    ("cardlab.games", "cardlab.games.*"),
    ("cardlab.agents", "cardlab.simulate", "cardlab.questions", "cardlab.answers", "cardlab.exercises"),
    ("cardlab.render", "cardlab.plots", "cardlab.handout"),
    ("cardlab.widgets", "cardlab.widgets.*"),
    ("cardlab", "cardlab.cli", "cardlab.__main__"),
)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> int:
    for number, patterns in enumerate(LAYERS):
        if any(fnmatch(module, pattern) for pattern in patterns):
            return number
    raise AssertionError(f"{module} is in no layer: add it to LAYERS (and to DESIGN.md's picture)")


def _runtime_nodes(tree: ast.AST):
    """Every node but those under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            stack.extend(node.orelse)
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def imports() -> dict[str, set[str]]:
    """module -> the modules it imports (anywhere in it, at run time), cardlab's and others' top-level names."""
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    found: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                targets.update(f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in modules
                               else node.module for alias in node.names)
        found[name] = {target if target in modules or not target.startswith("cardlab")
                       else _owner(target, modules) for target in targets} - {name}
    return found


def _owner(target: str, modules: dict[str, Path]) -> str:
    while target not in modules:
        target = target.rsplit(".", 1)[0]
    return target


def test_every_import_goes_down_the_layers():
    upward = sorted(f"{module} (layer {layer(module)}) imports {target} (layer {layer(target)})"
                    for module, targets in imports().items() for target in targets
                    if target.startswith("cardlab") and layer(target) > layer(module))
    assert upward == []


def test_no_import_circles():
    graph = {module: {t for t in targets if t.startswith("cardlab")} for module, targets in imports().items()}
    circles = []
    for start in graph:  # a path back to the start, by depth-first search
        stack, seen = [(start, [start])], set()
        while stack:
            node, path = stack.pop()
            for nxt in graph.get(node, ()):
                if nxt == start:
                    circles.append(" -> ".join([*path, start]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
    assert circles == []


def test_the_layers_keep_their_front_ends_out():
    found = imports()
    below_widgets = [m for m in found if layer(m) < layer("cardlab.widgets")]
    assert [m for m in below_widgets if any(t.split(".")[0] == "ipywidgets" for t in found[m])] == []
    engine = [m for m in found if layer(m) <= layer("cardlab.engine")]
    assert [m for m in engine if any(t.split(".")[0] in ("plotly", "pandas") for t in found[m])] == []


def test_the_check_sees_an_upward_import_and_a_circle():
    """The checks read what they must: an engine importing the renderer is upward; two modules importing each other
    are a circle (a made-up graph, checked with the same functions)."""
    assert layer("cardlab.render") > layer("cardlab.engine")
    tree = ast.parse("if TYPE_CHECKING:\n    import cardlab.render\ndef f():\n    import cardlab.plots\n")
    seen = [n.names[0].name for n in _runtime_nodes(tree) if isinstance(n, ast.Import)]
    assert seen == ["cardlab.plots"]  # a function's import counts; a type-checking one does not
