"""The revisions of class mode's schema, oldest first (``v1_…``, ``v2_…``)."""
