"""Sealed records: a remote playtester's game, sealed for the designer who published the page.

A page for one seat of a game that hides information (`to_html(seat=...)`, `publish --seat`) carries
the designer's public key. Its downloads keep in the clear what the seat saw (`seen`: the game, the
players, the moves as that seat read them, the session and feedback) and seal the whole record (the
other seats' draws, the seed) to that key: RSA-OAEP with SHA-256 wraps a fresh AES-256-GCM key,
which encrypts the record's JSON, the key's fingerprint and `seen` its additional data, so that a
file edited anywhere does not open. The page seals with the browser's WebCrypto (`js/src/seal.ts`);
here the designer's key pair is kept and sealed records are opened.

The key pair is made on first use, in the user's configuration folder (`config_folder`); a page may
instead be sealed to another public key (`seal_to`: a PEM file), whose private key then opens it.
The `cryptography` library (the publish extra) does the work; it is imported only when used.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, TypeGuard

from .errors import RecordError, quoted

FORMAT = "icewidgets-sealed-record"
VERSION = 1
KEY_FILE = "seal-key.pem"
KEY_BITS = 3072
FIELDS = ("format", "version", "sealed_for", "seen", "key", "iv", "record")


def config_folder() -> Path:
    """Where icewidgets keeps the designer's key: `ICEWIDGETS_CONFIG`, else `XDG_CONFIG_HOME` (or
    ~/.config) / icewidgets."""
    named = os.environ.get("ICEWIDGETS_CONFIG")
    if named:
        return Path(named)
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "icewidgets"


def _crypto() -> ModuleType:
    try:
        from cryptography.hazmat.primitives import serialization
    except ImportError:
        raise RecordError("sealed records need the cryptography library: pip install 'icewidgets[publish]'",
                          ) from None
    return serialization


@dataclass(frozen=True)
class SealKey:
    """A public key pages seal records to: its DER bytes (SubjectPublicKeyInfo, as WebCrypto
    imports them) and their fingerprint."""

    der: bytes

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.der)

    def for_page(self) -> dict[str, str]:
        """What a page carries to seal its records."""
        return {"key": base64.b64encode(self.der).decode("ascii"), "for": self.fingerprint}


def fingerprint(der: bytes) -> str:
    """A public key's name in a sealed file: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(der).hexdigest()[:16]


def designer_key_file() -> Path:
    return config_folder() / KEY_FILE


def designer_key(create: bool = False) -> Any:
    """The designer's private key (made and kept on first use with `create`), or None."""
    serialization = _crypto()
    path = designer_key_file()
    if path.is_file():
        try:
            return serialization.load_pem_private_key(path.read_bytes(), password=None)
        except (ValueError, TypeError) as e:
            raise RecordError(f"{path} is not a private key icewidgets can read: {e}") from None
    if not create:
        return None
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=KEY_BITS)
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # the owner's alone
    except FileExistsError:  # made meanwhile by another process: that one is the key
        return designer_key()
    with os.fdopen(descriptor, "wb") as out:
        out.write(pem)
    return key


def seal_key(seal_to: str | os.PathLike[str] | None = None) -> SealKey:
    """The public key a page seals to: the one in the PEM file `seal_to` (a public key, or a private
    key whose public half is meant), else the designer's own (made on first use)."""
    serialization = _crypto()
    if seal_to is None:
        public = designer_key(create=True).public_key()
    else:
        try:
            text = Path(seal_to).read_bytes()
        except OSError as e:
            raise RecordError(f"seal_to {quoted(os.fspath(seal_to))}: {e.strerror or e}") from None
        try:
            public = serialization.load_pem_public_key(text)
        except ValueError:
            try:
                public = serialization.load_pem_private_key(text, password=None).public_key()
            except (ValueError, TypeError):
                raise RecordError(f"seal_to {quoted(os.fspath(seal_to))} is no PEM public or private key") from None
    from cryptography.hazmat.primitives.asymmetric import rsa

    if not isinstance(public, rsa.RSAPublicKey) or public.key_size < 2048:
        raise RecordError("records are sealed to an RSA key of at least 2048 bits")
    der = public.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return SealKey(der)


def is_sealed(data: object) -> TypeGuard[Mapping[str, object]]:
    return isinstance(data, dict) and data.get("format") == FORMAT


def sealed_text(text: str | bytes) -> bool:
    """Whether a file's text is a sealed record (its format is named first)."""
    head = text[:200] if isinstance(text, str) else text[:200].decode("utf-8", "replace")
    return f'"format": "{FORMAT}"' in head or f'"format":"{FORMAT}"' in head


def additional_data(sealed_for: str, seen: str) -> bytes:
    """What the encryption authenticates besides the record: the key's name and the clear part."""
    return f"{sealed_for}\n{seen}".encode()


def _bytes(data: Mapping[str, object], field: str) -> bytes:
    value = data.get(field)
    if not isinstance(value, str):
        raise RecordError(f"the sealed record's {field} must be base64 text")
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise RecordError(f"the sealed record's {field} is not base64") from None


def open_sealed(data: Mapping[str, object], key_file: str | os.PathLike[str] | None = None) -> str:
    """The record's JSON text inside a sealed record, opened with the private key in `key_file`
    (default: the designer's). RecordError names a missing key, another key, or an edit."""
    unknown = set(data) - set(FIELDS)
    if unknown:
        raise RecordError(f"a sealed record has no field {quoted(sorted(unknown)[0])}")
    if data.get("version") != VERSION:
        raise RecordError(f"a sealed record of version {quoted(data.get('version'))}: this icewidgets reads version "
                          f"{VERSION}")
    sealed_for, seen = data.get("sealed_for"), data.get("seen")
    if not isinstance(sealed_for, str) or len(sealed_for) != 16 or not isinstance(seen, str):
        raise RecordError("a sealed record names its key (sealed_for) and holds what the seat saw (seen) as text")
    wrapped, iv, body = _bytes(data, "key"), _bytes(data, "iv"), _bytes(data, "record")
    serialization = _crypto()
    if key_file is None:
        key, where = designer_key(), str(designer_key_file())
    else:
        where = os.fspath(key_file)
        try:
            key = serialization.load_pem_private_key(Path(key_file).read_bytes(), password=None)
        except (OSError, ValueError, TypeError) as e:
            raise RecordError(f"{where} is not a private key icewidgets can read: {e}") from None
    if key is None:
        raise RecordError(f"sealed for key {sealed_for}: there is no key here to open it ({where} is missing); "
                          "open it where the page was published, or name the key file")
    from cryptography.hazmat.primitives.asymmetric import rsa

    if not isinstance(key, rsa.RSAPrivateKey):
        raise RecordError(f"{where} is not an RSA private key")
    own = fingerprint(key.public_key().public_bytes(serialization.Encoding.DER,
                                                    serialization.PublicFormat.SubjectPublicKeyInfo))
    if own != sealed_for:
        raise RecordError(f"sealed for key {sealed_for}, not for this key ({own}, {where})")
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    oaep = padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None)
    try:
        secret = key.decrypt(wrapped, oaep)
        text = AESGCM(secret).decrypt(iv, body, additional_data(sealed_for, seen))
    except (ValueError, InvalidTag):
        raise RecordError(f"sealed for key {sealed_for}, but it does not open: the file was changed after it was "
                          "sealed") from None
    try:
        return text.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("the sealed record holds no text") from None


