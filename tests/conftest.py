"""Shared fixtures. Browser tests need Debian's chromium: outside CI they are skipped with the reason said;
in CI (CI=true) a missing browser is a failure, because .ci/run installs it."""

import os
import shutil

import pytest


@pytest.fixture(scope="session")
def chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        message = "Debian chromium is not installed (apt-get install -y chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {message}: .ci/run must install it")
        pytest.skip(f"browser tests skipped: {message}")
    return path
