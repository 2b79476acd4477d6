"""nbgrader in a learner's server on the class hub: the course and its exchange, for the Assignments tab.

On ``JUPYTER_CONFIG_PATH`` of every learner's server (``nbgrader_class.configure_hub``); the hub
passes ``VINT_NBGRADER_COURSE`` and ``VINT_NBGRADER_EXCHANGE``.
"""

import os

c = get_config()  # noqa: F821
c.CourseDirectory.course_id = os.environ.get("VINT_NBGRADER_COURSE", "vint")
c.Exchange.root = os.environ.get("VINT_NBGRADER_EXCHANGE", "/srv/nbgrader/exchange")
