"""An nbgrader course of the exercises: hidden tests put back quietly when untouched, kept out of the feedback.

nbgrader's ``generate_assignment`` saves each check cell's checksum *with* its hidden tests, then
removes them from the learners' version; ``autograde`` compares the learner's cell with the saved
checksum, so every untouched check cell with hidden tests is reported as "Attribute 'checksum' for
cell … has changed!" for every learner (nbgrader issue #1961), which reads like tampering.
:class:`RestoreHiddenTests` puts the hidden tests back without a word when the learner's cell is
exactly the released one, and leaves nbgrader's warning for a cell that was really changed.

nbgrader's feedback page shows each check cell as autograde ran it, hidden tests included; with
:func:`configure` the feedback shows the cells as the learners got them (the results stay).

Not part of the checks (which need nothing but the standard library): this module needs nbgrader
(the ``teacher`` extra). In a course's ``nbgrader_config.py``::

    from vint_core.nbgrader_course import configure
    configure(get_config())
"""

from __future__ import annotations

from typing import Any

from nbconvert.exporters.exporter import ResourcesDict
from nbformat import from_dict
from nbformat.notebooknode import NotebookNode
from nbgrader import utils  # type: ignore[import-untyped]
from nbgrader.api import MissingEntry  # type: ignore[import-untyped]
from nbgrader.converters import Autograde, GenerateFeedback  # type: ignore[import-untyped]
from nbgrader.preprocessors import ClearHiddenTests, OverwriteCells  # type: ignore[import-untyped]
from traitlets import List, Unicode


class RestoreHiddenTests(OverwriteCells):  # type: ignore[misc]
    """nbgrader's OverwriteCells, silent for a locked cell that differs from its source only by the hidden tests."""

    def preprocess_cell(self, cell: NotebookNode, resources: ResourcesDict,
                        cell_index: int) -> tuple[NotebookNode, ResourcesDict]:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id is not None and utils.is_locked(cell):
            try:
                source = self.gradebook.find_source_cell(grade_id, self.notebook_id, self.assignment_id)
            except MissingEntry:
                source = None  # nbgrader's own handling below says so
            if source is not None and source.locked and cell.source == released_source(source.source, self):
                cell.source = source.source
        out: tuple[NotebookNode, ResourcesDict] = super().preprocess_cell(cell, resources, cell_index)
        return out


def released_source(source: str, parent: Any = None) -> str | None:
    """The cell's source as ``generate_assignment`` releases it (hidden tests removed), or None if it has none."""
    cell = from_dict({"source": source, "cell_type": "code", "metadata": {}})  # type: ignore[no-untyped-call]
    clear = ClearHiddenTests(parent=parent)
    return str(cell.source) if clear._remove_hidden_test_region(cell) else None


class FeedbackWithoutHiddenTests(ClearHiddenTests):  # type: ignore[misc]
    """nbgrader's ClearHiddenTests, for the feedback page (which sets the display priority of every step)."""

    display_data_priority = List(Unicode()).tag(config=True)


def configure(config: Any, *, hide_in_feedback: bool = True) -> None:
    """Set a course's nbgrader config: autograde with :class:`RestoreHiddenTests`; feedback without hidden tests."""
    default = Autograde.class_traits()["sanitize_preprocessors"].default()
    config.Autograde.sanitize_preprocessors = [RestoreHiddenTests if p is OverwriteCells else p for p in default]
    if hide_in_feedback:
        steps = list(GenerateFeedback.class_traits()["preprocessors"].default())
        config.GenerateFeedback.preprocessors = [*steps[:1], FeedbackWithoutHiddenTests, *steps[1:]]


__all__ = ["FeedbackWithoutHiddenTests", "RestoreHiddenTests", "configure", "released_source"]
