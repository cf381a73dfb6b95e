"""The examples in the public API's docstrings are run as they are written (doctest): an example that no longer
shows what it says fails here."""

from __future__ import annotations

import doctest
import importlib

import pytest

import cardlab
import cardlab.i18n
import cardlab.render

# the module itself: cardlab.simulate is the function
MODULES = [cardlab, cardlab.i18n, cardlab.render, importlib.import_module("cardlab.simulate")]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_the_docstring_examples_show_what_they_say(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.failed == 0
    assert result.attempted > 0, f"{module.__name__} has no examples to run"


def test_a_wrong_example_is_caught():
    """The check above can fail: an example whose shown value is wrong."""
    wrong = doctest.DocTestParser().get_doctest(">>> 1 + 1\n3\n", {}, "wrong", None, 0)
    runner = doctest.DocTestRunner(verbose=False)
    runner.run(wrong, out=lambda _: None)
    assert runner.summarize(verbose=False).failed == 1
