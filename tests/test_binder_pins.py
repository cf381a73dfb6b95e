"""binder/requirements.txt must pin (==) every runtime and widgets dependency declared in pyproject.toml."""

from __future__ import annotations

from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
BINDER_REQS = ROOT / "binder" / "requirements.txt"


def declared_requirements() -> list[Requirement]:
    """Runtime dependencies plus the `widgets` extra, as packaging Requirements."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    specs = list(project.get("dependencies", []))
    specs += project.get("optional-dependencies", {}).get("widgets", [])
    reqs = [Requirement(s) for s in specs]
    # A self-reference such as cardlab[...] is satisfied by the trailing `.` line.
    return [r for r in reqs if canonicalize_name(r.name) != canonicalize_name(project["name"])]


def binder_lines() -> list[str]:
    lines = []
    for raw in BINDER_REQS.read_text(encoding="utf-8").splitlines():
        line = raw.split(" #", 1)[0].strip()
        if line and not line.startswith("#"):
            lines.append(line)
    return lines


def binder_pins() -> dict[str, str]:
    """Map of PEP 503 normalised name -> pinned version for every `name==version` line."""
    pins: dict[str, str] = {}
    for line in binder_lines():
        if line == "." or line.startswith("-"):
            continue
        req = Requirement(line)
        specs = list(req.specifier)
        if len(specs) == 1 and specs[0].operator == "==" and "*" not in specs[0].version:
            pins[canonicalize_name(req.name)] = specs[0].version
    return pins


def test_binder_pins_every_declared_dependency():
    pins = binder_pins()
    missing = sorted(
        canonicalize_name(r.name) for r in declared_requirements() if canonicalize_name(r.name) not in pins
    )
    assert not missing, f"not pinned with == in binder/requirements.txt: {missing}"


def test_binder_requirements_end_with_package_itself():
    lines = binder_lines()
    assert lines, "binder/requirements.txt is empty"
    assert lines[-1] == ".", f"last non-empty line must be '.', got {lines[-1]!r}"


def test_binder_pins_satisfy_pyproject_lower_bounds():
    pins = binder_pins()
    bad = []
    for req in declared_requirements():
        version = pins.get(canonicalize_name(req.name))
        if version is None:
            continue  # reported by test_binder_pins_every_declared_dependency
        if not req.specifier.contains(Version(version), prereleases=True):
            bad.append(f"{req.name}=={version} does not satisfy {req}")
    assert not bad, "; ".join(bad)


def test_this_environment_has_binders_versions():
    """``make venv`` installs the kit constrained by Binder's pins, so the notebooks the suite runs (nbval, the
    browser tests) run with exactly the versions a Binder session has; the Binder check then only needs to prove
    that a fresh environment installs and starts (tools/binder_check.py --smoke)."""
    from importlib.metadata import PackageNotFoundError, version

    differ = []
    for name, pinned in sorted(binder_pins().items()):
        try:
            installed = version(name)
        except PackageNotFoundError:
            installed = None
        if installed != pinned:
            differ.append(f"{name}: pinned {pinned}, installed here {installed}")
    assert differ == [], "run `make venv` again (binder/requirements.txt constrains it): " + "; ".join(differ)
