"""The public API is a contract (the developers' guide): every class and function a public package lists in
``__all__`` has a docstring with an example that ``pytest gamelib --doctest-modules`` runs, and every constant
there has a ``#:`` comment, the only words the reference can show for it (docs/_ext/api_pages.py).

The site's own test (tests/test_docs.py) checks the built pages; this one needs no build, so it runs in
``make test-fast``."""

from __future__ import annotations

import doctest
import functools
import importlib
import inspect
import sys

import pytest
from sphinx.pycode import ModuleAnalyzer

from docs._ext import api_pages

#: The packages whose ``__all__`` is the public API; the reference has a page for each.
PUBLIC = ["gamelib", "gamelib.plots", "gamelib.widgets", "gamelib.play", "gamelib.exercises", "gamelib.homework"]


def public(kind: str) -> list[tuple[str, str]]:
    """(package, name) for every name of the public packages' ``__all__`` that is code (classes and functions)
    or data (everything else)."""
    found = []
    for package in PUBLIC:
        module = importlib.import_module(package)
        for name in module.__all__:
            obj = getattr(module, name)
            is_code = inspect.isclass(obj) or inspect.isroutine(obj)
            if is_code == (kind == "code"):
                found.append((package, name))
    return found


@functools.cache
def doctests_of(module_name: str) -> dict[str, doctest.DocTest]:
    """The doctests ``--doctest-modules`` collects from one module, by the name of what holds them."""
    return {test.name: test for test in doctest.DocTestFinder().find(sys.modules[module_name])}


def test_the_reference_documents_exactly_the_public_packages():
    assert api_pages.PACKAGES == PUBLIC


@pytest.mark.parametrize(("package", "name"), public("code"), ids="{0[0]}.{0[1]}".format)
def test_every_public_class_and_function_has_an_example_that_doctest_runs(package, name):
    obj = getattr(importlib.import_module(package), name)
    docstring = obj.__dict__.get("__doc__") if inspect.isclass(obj) else obj.__doc__  # its own, not a base's
    assert docstring and ">>>" in docstring, f"{package}.{name} has no example in its docstring"
    test = doctests_of(obj.__module__).get(f"{obj.__module__}.{obj.__qualname__}")
    assert test is not None and test.examples, f"{package}.{name}: doctest finds no example to run"


@pytest.mark.parametrize(("package", "name"), public("data"), ids="{0[0]}.{0[1]}".format)
def test_every_public_constant_has_a_comment_the_reference_shows(package, name):
    obj = getattr(importlib.import_module(package), name)
    own = ModuleAnalyzer.for_module(package).find_attr_docs().get(("", name))  # autodoc shows it
    comment = " ".join(own or api_pages.attribute_comment(package, name, obj))  # the page adds it
    assert len(comment.split()) >= 4, f"{package}.{name} has no #: comment saying what it is"


def test_the_lists_are_not_empty():
    # Every kind of name is there to check: a filter that let nothing through would pass everything.
    assert len(public("code")) > 100 and len(public("data")) >= 10
