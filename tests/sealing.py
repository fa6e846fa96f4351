"""A record sealed as a page's worker seals it (js/src/seal.ts), in CPython: for the tests of the
reader of sealed records (`core/sealed.py`)."""

from __future__ import annotations

import base64
import json
import os

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from icewidgets.core.sealed import FORMAT, SealKey, additional_data


def sealed(record: str, seen: str, to: SealKey) -> str:
    """The sealed file's JSON text, as the page writes it."""
    public = serialization.load_der_public_key(to.der)
    secret, iv = AESGCM.generate_key(bit_length=256), os.urandom(12)
    body = AESGCM(secret).encrypt(iv, record.encode("utf-8"), additional_data(to.fingerprint, seen))
    wrapped = public.encrypt(secret, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(),
                                                  label=None))
    b64 = lambda data: base64.b64encode(data).decode("ascii")  # noqa: E731
    return json.dumps({"format": FORMAT, "version": 1, "sealed_for": to.fingerprint, "seen": seen, "key": b64(wrapped),
                       "iv": b64(iv), "record": b64(body)}, indent=1)
