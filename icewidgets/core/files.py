"""Reading and writing record files so that nothing is ever lost.

A save writes a temporary file of its own (a unique name in the same folder, so two saves never
share one and no file of the user's is touched), flushes it to the disk, and renames it over the
record in one step, then flushes the folder: a reader, or a machine that dies, sees the old
record or the new one, whole. A failed save leaves no temporary file behind. The file keeps its
permissions, and a symbolic link keeps pointing where it did (its target is written).

A load opens without blocking and reads only regular files, so a named pipe or a device cannot
hang the kernel.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from typing import Any

from .errors import RecordError, quoted


def check_path(path: Any) -> str:
    """The path as text; RecordError for anything that is not a file name (an int would be
    taken for a file descriptor, None for nothing)."""
    if isinstance(path, bool) or not isinstance(path, (str, bytes, os.PathLike)):
        raise RecordError(f"a record's path is a file name, not {type(path).__name__} {quoted(path)}")
    text = os.fsdecode(os.fspath(path))
    if not text or "\0" in text:
        raise RecordError(f"{quoted(text)} is not a file name")
    return text


def read_file(path: Any, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes."""
    name = check_path(path)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise RecordError(f"cannot read {quoted(name)}: {e.strerror or e}") from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(f"{quoted(name)} is not a regular file, so it is not read")
        if info.st_size > limit:
            raise RecordError(f"{quoted(name)} is {info.st_size} bytes; a record is at most {limit}")
        try:
            data = f.read(limit + 1)
        except OSError as e:
            raise RecordError(f"cannot read {quoted(name)}: {e.strerror or e}") from None
    if len(data) > limit:
        raise RecordError(f"{quoted(name)} is larger than {limit} bytes, the most a record may be")
    return data


def write_file(path: Any, data: bytes) -> None:
    """Replace the file at `path` by `data` atomically (see the module's docstring)."""
    name = check_path(path)
    target = os.path.realpath(name)  # a link's target is written; the link stays
    folder = os.path.dirname(target)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
        if not stat.S_ISREG(os.stat(target).st_mode):
            raise RecordError(f"cannot save to {quoted(name)}: it is not a regular file")
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    except OSError as e:
        raise RecordError(f"cannot save {quoted(name)}: {e.strerror or e}") from None
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".saving", dir=folder)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fchmod(f.fileno(), mode)
            os.fsync(f.fileno())
        os.replace(tmp, target)
        tmp = None
        _sync_folder(folder)
    except OSError as e:
        raise RecordError(f"cannot save {quoted(name)}: {e.strerror or e}") from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _sync_folder(folder: str) -> None:
    """Flush the folder's entry of the renamed file to the disk (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _umask() -> int:
    mask = os.umask(0o22)
    os.umask(mask)
    return mask
