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


# Hypothesis profiles: "ci" (the default, used by `make test`) keeps the fuzzers to a few minutes in all;
# "thorough" runs many more examples locally: HYPOTHESIS_PROFILE=thorough make test
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
