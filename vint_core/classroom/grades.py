"""Exercise grades from nbgrader's gradebook into the class: an nbgrader export plugin.

After ``nbgrader autograde`` (exercises/README.md, "With JupyterHub and nbgrader"), the teacher runs, in the
course folder::

    nbgrader export --exporter vint_core.classroom.grades.ClassExport

and each learner's score of each graded exercise (nbgrader's score after any late penalty, out of the
exercise's maximum) goes to the class, where the teacher's page shows it per learner and per exercise. On the
hub it goes to the class's service with the teacher's own server's token (``JUPYTERHUB_API_TOKEN``, which holds
the teacher's scope: the service takes grades from no one else); without a hub, ``--ClassExport.to=FOLDER``
(or a database URL) writes to that class's store directly, ``--ClassExport.class_name`` naming the class
(default ``vint``). A learner who submitted nothing gets no grade (nbgrader's CSV would say 0); a name that is
not on the class's roster is named in the log and skipped.
"""

from __future__ import annotations

import os
from typing import Any

from nbgrader.api import Gradebook, MissingEntry  # type: ignore[import-untyped]
from nbgrader.plugins import ExportPlugin  # type: ignore[import-untyped]
from traitlets import Unicode

from vint_core.classroom.client import HubClass
from vint_core.errors import VintError

__all__ = ["ClassExport", "gradebook_grades"]


def gradebook_grades(gradebook: Gradebook, *, assignments: list[str] | None = None,
                     students: list[str] | None = None) -> list[tuple[str, str, float, float]]:
    """Every submitted exercise of ``gradebook``: (learner, exercise, points after the late penalty, maximum)."""
    out = []
    for assignment in gradebook.assignments:
        if assignments and assignment.name not in assignments:
            continue
        for student in gradebook.students:
            if students and student.id not in students:
                continue
            try:
                submission = gradebook.find_submission(assignment.name, student.id)
            except MissingEntry:
                continue
            points = max(0.0, float(submission.score) - float(submission.late_submission_penalty or 0.0))
            out.append((str(student.id), str(assignment.name), points, float(assignment.max_score)))
    return out


class ClassExport(ExportPlugin):  # type: ignore[misc]
    """nbgrader's export to the class: ``nbgrader export --exporter vint_core.classroom.grades.ClassExport``."""

    class_name = Unicode("vint", help="the class's name (without a hub: in the store of --to)").tag(config=True)

    def export(self, gradebook: Gradebook) -> None:
        """Send each learner's grade of each exercise in ``gradebook`` to the class."""
        grades = gradebook_grades(gradebook, assignments=[str(a) for a in self.assignment],
                                  students=[str(s) for s in self.student])
        send = self._sender()
        sent = 0
        for learner, exercise, points, most in grades:
            try:
                send(learner, exercise, points, most)
            except VintError as error:
                self.log.warning("grade of %s for %s not kept by the class: %s", learner, exercise,
                                 error.message("en"))
                continue
            sent += 1
        self.log.info("sent %d of %d grades to the class", sent, len(grades))

    def _sender(self) -> Any:
        if self.to:
            from vint_core.classroom.served import ServedClass

            return ServedClass.open(self.to, self.class_name).record_grade
        url, token = os.environ.get("VINT_CLASS_URL"), os.environ.get("JUPYTERHUB_API_TOKEN")
        if not url or not token:
            raise SystemExit("nbgrader export to the class: no class here (VINT_CLASS_URL and the hub's token are "
                             "set in the teacher's server on the hub); without a hub give --ClassExport.to=FOLDER")
        return HubClass(url, token).send_grade
