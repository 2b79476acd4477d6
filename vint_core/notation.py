"""The records' former home, kept so that older code and notebooks still import: use
:mod:`vint_core.pbn` (PBN) and :mod:`vint_core.records` (JSON, ``RecordError``) instead.

>>> from vint_core import notation, pbn, records
>>> notation.dumps is pbn.dumps and notation.deal_to_json is records.deal_to_json
True
"""

from __future__ import annotations

from vint_core.pbn import PbnRecord, decode, dump, dumps, load, loads, loads_one, read_records
from vint_core.records import RecordError, deal_from_json, deal_to_json, rubber_from_json, rubber_to_json

__all__ = [
    "PbnRecord",
    "RecordError",
    "deal_from_json",
    "deal_to_json",
    "decode",
    "dump",
    "dumps",
    "load",
    "loads",
    "loads_one",
    "read_records",
    "rubber_from_json",
    "rubber_to_json",
]
