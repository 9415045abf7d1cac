"""The JSON Schemas of the harness's own documents, in ``conformance/schema/``: the
certification report (``napspec certify``) and the findings of ``napspec discover``.

They are the harness's, not the protocol's, but they refer to the protocol's schemas (the
version an engine speaks, its capabilities) by the same relative ``$ref`` as the protocol's
refer to one another: they are read with the protocol's beside them
(:class:`napspec.protocol.schemas.Schemas`), under the same ``$id`` s.

>>> REPORT_SCHEMAS.errors("discovery", {})[0]
"(root): 'engine' is a required property"
>>> REPORT_SCHEMAS.load("certification-report")["properties"]["engine"]["properties"]["protocol"]["$ref"]
'common.schema.json#/$defs/protocol'
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from napspec.protocol.schemas import PROTOCOL_SCHEMAS, Schemas

#: The harness's reports, with the protocol's schemas beside them.
REPORT_SCHEMAS: Final = Schemas(
    Path(__file__).resolve().parent / "schema", ("certification-report", "discovery"), beside=PROTOCOL_SCHEMAS
)
