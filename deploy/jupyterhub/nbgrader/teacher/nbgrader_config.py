"""nbgrader in the teacher's server on the class hub: the course folder, the exchange, the exercises' hidden tests.

On ``JUPYTER_CONFIG_PATH`` of the teacher's server (``nbgrader_class.configure_hub``). The course
folder is ``~/vint-course`` (``VINT_NBGRADER_COURSE_DIR``), readable by the teacher alone.
"""

import os
from pathlib import Path

from vint_core.nbgrader_course import configure

c = get_config()  # noqa: F821
c.CourseDirectory.course_id = os.environ.get("VINT_NBGRADER_COURSE", "vint")
c.Exchange.root = os.environ.get("VINT_NBGRADER_EXCHANGE", "/srv/nbgrader/exchange")
c.CourseDirectory.root = os.environ.get("VINT_NBGRADER_COURSE_DIR") or str(Path.home() / "vint-course")
configure(c)
