"""An import-linter contract of the kit's own: no import circles among the modules of a package.

Two modules that import each other, directly or through others, make one unit that must be read together,
and each import that closes the circle has to hide inside a function or under ``TYPE_CHECKING`` to load at all.
The contract ``no_circles`` (registered in ``pyproject.toml`` under ``contract_types``; ``lint-imports`` runs it
in ``make test``) finds every such circle among the modules of its ``containers``, counting every import
grimp sees (inside functions and under ``TYPE_CHECKING`` too), and names each: its modules, and the line of
each import around the circle. The cure is to move what both sides need to where it belongs, never to hide an
import.

A package's ``__init__`` counts as a module: a package that imports its submodules while one of them imports
the package back is a circle too.
"""

from __future__ import annotations

from collections.abc import Iterable

import grimp
from importlinter import Contract, ContractCheck, fields, output


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of nodes of ``graph`` (node -> nodes it points to) that reach each other, of two or more
    nodes, each sorted, in the order of their first node (Tarjan's algorithm, without recursion).

    >>> strongly_connected({"a": {"b"}, "b": {"a", "c"}, "c": set(), "d": {"d"}})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return sorted(found)


def circles(graph: grimp.ImportGraph, containers: Iterable[str]) -> list[list[str]]:
    """Every import circle among the modules of ``containers`` (each package with all its descendants)."""
    modules = {m for c in containers for m in {c, *graph.find_descendants(c)}}
    return strongly_connected({m: set(graph.find_modules_directly_imported_by(m)) & modules for m in modules})


def arrows(graph: grimp.ImportGraph, circle: list[str]) -> list[str]:
    """Each import between two modules of ``circle``: ``importer -> imported (l. N: the line)``."""
    lines = []
    for importer in circle:
        for imported in circle:
            if importer != imported and graph.direct_import_exists(importer=importer, imported=imported):
                for detail in graph.get_import_details(importer=importer, imported=imported):
                    lines.append(f"{importer} -> {imported} (l. {detail['line_number']}: "
                                 f"{detail['line_contents'].strip()})")
    return lines


class NoCirclesContract(Contract):
    """No module of ``containers`` imports, directly or through others, a module that imports it back."""

    type_name = "no_circles"

    containers = fields.ListField(subfield=fields.StringField())

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        found = circles(graph, self.containers)  # type: ignore[arg-type]  # a field, parsed to a list
        return ContractCheck(kept=not found, metadata={"circles": [(c, arrows(graph, c)) for c in found]})

    def render_broken_contract(self, check: ContractCheck) -> None:
        found = check.metadata["circles"]
        output.print(f"{len(found)} import circle{'s' if len(found) != 1 else ''}: move what both sides need to "
                     "where it belongs (an import inside a function or under TYPE_CHECKING still counts).")
        for modules, lines in found:
            output.new_line()
            output.print(" <-> ".join(modules), bold=True)
            for line in lines:
                output.indent_cursor()
                output.print(line)


__all__ = ["NoCirclesContract", "arrows", "circles", "strongly_connected"]
