"""The table's logic, without Jupyter: a game at the table, what is shown of it, and the review after a deal.

- :mod:`vint_core.table.session`: a table's game (the rubber, the computer players' moves, saves, undo);
- :mod:`vint_core.table.session_settings`: the settings kept with a game (the pace, the deck), checked;
- :mod:`vint_core.table.controller`: the learner's actions and what the front ends show;
- :mod:`vint_core.table.frame`: everything a front end draws at one moment, the controls to offer among it;
- :mod:`vint_core.table.review`: a played deal laid out for the review (hands, tricks, score);
- :mod:`vint_core.table.weighing`: each of a seat's calls and cards weighed after the deal;
- :mod:`vint_core.table.review_work`: the review's work for a front end (the weighing, the rest played out, what
  is kept), handed back as futures;
- :mod:`vint_core.table.drills`: the lessons' drills, one decision at a time, on the same controller.

The widgets (:mod:`vint_core.widgets`) and the served pages (:mod:`vint_core.app`) draw what these
modules compute; the layers are kept by import-linter (``make lint``).
"""
