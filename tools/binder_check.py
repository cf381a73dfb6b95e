"""Do what Binder does, as closely as this machine allows (no Docker here), and run every notebook there.

    python tools/binder_check.py [--ref REF] [--work DIR] [--jobs N] [--keep] [--smoke]

1. Copy the committed files (``git ls-files``, as they are in the working tree): Binder clones the repository,
   so an uncommitted file cannot be relied on. With ``--ref v0.1.0`` (or any commit), take exactly what that
   tag holds instead: what the README's Binder links will build.
2. Make a fresh virtual environment with the Python named in ``binder/runtime.txt``, and install
   ``binder/requirements.txt`` into it from the copy's root, the way repo2docker does (the last line, ``.``,
   installs cardlab itself; repo2docker ignores pyproject.toml when binder/ exists).
3. Check that environment: ``pip check`` is clean; every installed distribution is pinned in
   binder/requirements.txt at the installed version (nothing unpinned slipped in); the JupyterLab extensions
   that draw widgets and plotly charts are installed and enabled; Voilà starts (``voila --version``) and its
   Jupyter server extension, which the README's ``voila/render`` links use, is enabled.
4. Execute every committed notebook in it (a kernel of that environment, in the notebook's own folder, with
   ``import cardlab`` resolving to the installed package, not the checkout) and report each one. With
   ``--smoke``, only the welcome pages (English and Russian: the installed package's catalogues are read): the
   test suite uses this, because ``make venv`` installs the same pinned versions and the suite runs every
   notebook there already.

Exit status 0 when everything passed; 1 with the reasons otherwise. Used by tests/test_binder_env.py.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Distributions a fresh venv has before anything is installed; Binder's image brings its own.
BOOTSTRAP = {"pip", "setuptools", "wheel"}
ANSI = re.compile(r"\x1b\[[0-9;]*m")  # colours in tracebacks
# mybinder.org guarantees a session 1 GB of memory (it may allow up to 2 GB): a lesson's kernel must fit
MEMORY_MB = 1000
# The front-end extensions that must be there for the lessons to draw (prebuilt: no postBuild needed)
EXTENSIONS = ["@jupyter-widgets/jupyterlab-manager", "jupyterlab-plotly", "anywidget"]


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def committed_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [p for p in out.decode().split("\0") if p and (ROOT / p).is_file()]


def runtime_python() -> tuple[str, str]:
    """(the version binder/runtime.txt asks for, e.g. "3.11"; an interpreter of that version on PATH)."""
    text = (ROOT / "binder" / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-(\d+\.\d+)", text)
    if not match:
        raise SystemExit(f"binder/runtime.txt should read python-X.Y, not {text!r}")
    version = match[1]
    for candidate in (f"python{version}", sys.executable):
        path = shutil.which(candidate) if candidate != sys.executable else candidate
        if path:
            found = subprocess.run([path, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                                   capture_output=True, text=True).stdout.strip()
            if found == version:
                return version, path
    raise SystemExit(f"binder/runtime.txt asks for Python {version}, and no python{version} is on PATH")


def pins() -> dict[str, str]:
    result = {}
    for raw in (ROOT / "binder" / "requirements.txt").read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            result[normalise(name.split("[")[0])] = version.strip()
    return result


def run(command: list[str], log: list[str], **kwargs) -> subprocess.CompletedProcess:
    started = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    log.append(f"$ {' '.join(command)}  ({time.monotonic() - started:.0f} s, exit {result.returncode})")
    return result


# ------------------------------------------------------------------------------------------- inside the venv
def execute_notebooks(paths: list[str]) -> int:
    """Run inside the fresh environment: execute each notebook with nbclient; print one JSON line each."""
    import resource

    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    failed = 0
    for path in paths:
        notebook = nbformat.read(path, as_version=4)
        started = time.monotonic()
        client = NotebookClient(notebook, timeout=900, kernel_name="python3", store_widget_state=False,
                                resources={"metadata": {"path": str(Path(path).parent)}})
        error = ""
        try:
            client.execute()
        except CellExecutionError as exc:
            error = ANSI.sub("", str(exc))[-3000:]
        except Exception as exc:  # noqa: BLE001 (a dead kernel, a timeout: report, go on to the next notebook)
            error = ANSI.sub("", f"{type(exc).__name__}: {exc}")[-3000:]
        failed += bool(error)
        # the largest kernel so far (kernels are this process's children, waited for when they shut down)
        peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(json.dumps({"notebook": path, "seconds": round(time.monotonic() - started, 1), "error": error,
                          "peak_mb": round(peak_mb)}), flush=True)
    return 1 if failed else 0


# ------------------------------------------------------------------------------------------- orchestration
def check(work: Path, jobs: int, ref: str | None = None, smoke: bool = False) -> int:
    log: list[str] = []
    problems: list[str] = []
    started = time.monotonic()

    # 1. what Binder would clone
    repo = work / "repo"
    repo.mkdir(parents=True, exist_ok=True)
    if ref:
        archive = subprocess.run(["git", "archive", "--format=tar", ref], cwd=ROOT, capture_output=True, check=True)
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(repo, filter="data")
        commit = subprocess.run(["git", "rev-parse", "--short", ref], cwd=ROOT, capture_output=True, text=True)
        log.append(f"the files of {ref} ({commit.stdout.strip()})")
    else:
        for rel in committed_files():
            (repo / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, repo / rel)
    if not (repo / "binder" / "requirements.txt").exists():
        print("binder/requirements.txt is not committed")
        return 1

    # 2. a fresh environment from binder/ only
    version, python = runtime_python()
    venv = work / "venv"
    result = run([python, "-m", "venv", str(venv)], log)
    if result.returncode:
        print(result.stdout, result.stderr)
        return 1
    bin_dir = venv / "bin"
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", PYTHONNOUSERSITE="1")
    for name in ("PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):
        env.pop(name, None)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(work / name.lower())
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    result = run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"], log,
                 cwd=repo, env=env)
    if result.returncode:
        print("\n".join(log))
        print(f"pip install -r binder/requirements.txt failed:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
        return 1

    # 3. the environment is complete, consistent and fully pinned
    result = run([str(bin_dir / "python"), "-m", "pip", "check"], log, env=env)
    if result.returncode:
        problems.append(f"pip check: {result.stdout.strip()} {result.stderr.strip()}")
    listed = run([str(bin_dir / "python"), "-m", "pip", "list", "--format=json"], log, env=env)
    installed = {normalise(d["name"]): d["version"] for d in json.loads(listed.stdout)}
    pinned = pins()
    for name, installed_version in sorted(installed.items()):
        if name in BOOTSTRAP or name == "cardlab":
            continue
        if name not in pinned:
            problems.append(f"{name}=={installed_version} was installed but is not pinned in binder/requirements.txt")
        elif pinned[name] != installed_version:
            problems.append(f"{name}: pinned {pinned[name]}, installed {installed_version}")
    for name in sorted(set(pinned) - set(installed)):
        problems.append(f"{name} is pinned but was not installed")
    if "cardlab" not in installed:
        problems.append("cardlab itself was not installed (binder/requirements.txt must end with `.`)")
    result = run([str(bin_dir / "jupyter"), "labextension", "list"], log, env=env)
    extensions = ANSI.sub("", result.stdout + result.stderr)
    for extension in EXTENSIONS:
        line = next((line for line in extensions.splitlines() if line.strip().startswith(extension + " ")), "")
        if "enabled" not in line or "OK" not in line:
            problems.append(f"JupyterLab extension {extension} is not installed and enabled: {line.strip()!r}")
    result = run([str(bin_dir / "voila"), "--version"], log, env=env)
    if result.returncode:
        problems.append(f"voila --version failed: {result.stderr.strip()[-500:]}")
    # the README's Voilà links (?urlpath=voila/render/...) need Voilà's extension of the Jupyter server
    result = run([str(bin_dir / "jupyter"), "server", "extension", "list"], log, env=env)
    servers = ANSI.sub("", result.stdout + result.stderr)
    if not re.search(r"^\s*voila(\.server_extension)?\s+enabled", servers, re.MULTILINE):
        problems.append(f"Voilà's Jupyter server extension is not enabled:\n{servers.strip()[-1000:]}")

    # 4. every committed notebook runs there
    notebooks = sorted(str(p) for p in (repo / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    if smoke:
        notebooks = [path for path in notebooks if Path(path).name.startswith("00-welcome")]
    groups = [notebooks[i::jobs] for i in range(jobs)]
    runner = [str(bin_dir / "python"), str(Path(__file__).resolve()), "--execute"]  # this file, not the copy
    executed_at = time.monotonic()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda group: run(runner + group, log, cwd=work, env=env), [g for g in groups if g]))
    reports = []
    for result in results:
        for line in result.stdout.splitlines():
            if line.startswith("{"):
                reports.append(json.loads(line))
        if result.returncode and not any(r["error"] for r in reports):
            problems.append(f"the notebook runner failed: {result.stderr[-2000:]}")
    seen = {r["notebook"] for r in reports}
    for path in notebooks:
        if path not in seen:
            problems.append(f"{Path(path).relative_to(repo)} was not run")
    for report in sorted(reports, key=lambda r: r["notebook"]):
        rel = Path(report["notebook"]).relative_to(repo)
        status = "FAILED" if report["error"] else "ok"
        log.append(f"  {status:6} {report['seconds']:6.1f} s  {rel}")
        if report["error"]:
            problems.append(f"{rel} failed in the Binder environment:\n{report['error']}")
    peak = max((r.get("peak_mb", 0) for r in reports), default=0)
    log.append(f"largest kernel: {peak} MB of memory (Binder guarantees {MEMORY_MB} MB or so)")
    if peak > MEMORY_MB:
        problems.append(f"a notebook's kernel used {peak} MB: more than a Binder session is sure to have")

    log.append(f"Python {version} ({python}); {len(installed)} distributions; {len(notebooks)} notebooks in "
               f"{time.monotonic() - executed_at:.0f} s; whole check {time.monotonic() - started:.0f} s")
    print("\n".join(log))
    if problems:
        print("\nPROBLEMS:\n" + "\n".join(f"- {p}" for p in problems))
        if ref:
            return 1
        untracked = subprocess.run(["git", "ls-files", "--others", "--exclude-standard", "--", "cardlab",
                                    "notebooks", "binder", "pyproject.toml"],
                                   cwd=ROOT, capture_output=True, text=True).stdout.split()
        if untracked:
            print("\nNot committed, so this check (like Binder, which clones the repository) does not have: "
                  + ", ".join(untracked) + ". A notebook that needs one of them fails here until it is committed.")
        return 1
    print("Binder environment OK: " + ("the welcome pages ran." if smoke else "every notebook ran."))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", help="check what this tag or commit holds, not the working tree's committed files")
    parser.add_argument("--work", type=Path, help="working folder (default: a temporary one, removed after)")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks run this many at a time (default 2)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary working folder")
    parser.add_argument("--smoke", action="store_true", help="run only the welcome pages, not every notebook")
    parser.add_argument("--execute", nargs="+", metavar="NOTEBOOK", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.execute:
        return execute_notebooks(args.execute)
    if args.work:
        args.work.mkdir(parents=True, exist_ok=True)
        return check(args.work, args.jobs, args.ref, args.smoke)
    work = Path(tempfile.mkdtemp(prefix="cardlab-binder-"))
    try:
        return check(work, args.jobs, args.ref, args.smoke)
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
