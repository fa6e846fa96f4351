"""Reading and writing record files so that nothing is ever lost.

A save writes a temporary file of its own (a unique name in the same folder, `.<name>.XXXXXXXX.saving`,
so two saves never share one and no file of the user's is touched), flushes it to the disk, and
renames it over the record in one step, then flushes the folder: a reader, or a machine that dies,
sees the old record or the new one, whole. A failed save leaves no temporary file behind; a process
killed mid-save may, and the next save of that record removes it (a save holds a lock on its
temporary file while it lives, so another process's save under way is never touched). The file
keeps its permissions, and a symbolic link keeps pointing where it did (its target is written).

`create_file` makes a new file, whole, only if its name is free, so two writers never pick one
name; `replace_file_if` replaces a file only if it still holds what the writer last left there,
checked and replaced under an advisory lock on the file, so the check and the rename of two
processes never interleave (a writer that holds the lock too long is taken for another's).

A load opens without blocking and reads only regular files, so a named pipe or a device cannot
hang the kernel.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterator
from typing import Literal

from .errors import RecordError, quoted

try:
    import fcntl
except ImportError:  # no advisory locks here (Windows): saves stay atomic, unguarded by locks
    fcntl = None  # type: ignore[assignment]

Fingerprint = tuple[int, str]  # a file's size and SHA-256: what a writer left in it
STALE_EMPTY_S = 60  # an empty temporary file younger than this may be a save just begun
LOCK_WAIT_S = 5.0  # the longest a save waits for another's on the same file (a hung one never hangs it)
_NO_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK, errno.ENOSYS}


def check_path(path: object) -> str:
    """The path as text; RecordError for anything that is not a file name (an int would be
    taken for a file descriptor, None for nothing)."""
    if isinstance(path, bool) or not isinstance(path, (str, bytes, os.PathLike)):
        raise RecordError(f"a record's path is a file name, not {type(path).__name__} {quoted(path)}")
    text = os.fsdecode(os.fspath(path))
    if not text or "\0" in text:
        raise RecordError(f"{quoted(text)} is not a file name")
    return text


class NotRegularFile(OSError):
    """A path that names something other than a regular file: a folder, a named pipe, a device."""


class FileTooLarge(OSError):
    """A file larger than the most that is read; `size` is its size in bytes (at least the limit
    plus one where it grew while read)."""

    def __init__(self, size: int) -> None:
        super().__init__(f"{size} bytes")
        self.size = size


def read_regular(name: str, limit: int) -> bytes:
    """The bytes of the regular file `name`, of at most `limit` bytes, opened without blocking, so
    that a named pipe or a device is refused (NotRegularFile) and never waited on; FileTooLarge for
    a larger file, OSError where it cannot be read."""
    fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(name)
        if info.st_size > limit:
            raise FileTooLarge(info.st_size)
    except OSError:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(len(data))
    return data


def read_file(path: object, limit: int) -> bytes:
    """The bytes of a regular record file of at most `limit` bytes."""
    name = check_path(path)
    try:
        return read_regular(name, limit)
    except NotRegularFile:
        if os.path.isdir(name):
            raise RecordError(f"{quoted(name)} is a folder, not a record file") from None
        raise RecordError(f"{quoted(name)} is not a regular file, so it is not read") from None
    except FileTooLarge as e:
        raise RecordError(f"{quoted(name)} is {e.size} bytes; a record is at most {limit}") from None
    except OSError as e:
        raise RecordError(f"cannot read {quoted(name)}: {e.strerror or e}") from None


def _read(fd: int, most: int) -> bytes:
    """At most `most` bytes from an open file, to its end."""
    chunks, left = [], most
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def fingerprint(data: bytes) -> Fingerprint:
    return len(data), hashlib.sha256(data).hexdigest()


def write_file(path: object, data: bytes) -> None:
    """Replace the file at `path` by `data` atomically (see the module's docstring)."""
    name = check_path(path)
    target = os.path.realpath(name)  # a link's target is written; the link stays
    try:
        info = os.stat(target)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    except OSError as e:
        raise RecordError(f"cannot save {quoted(name)}: {e.strerror or e}") from None
    else:
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(f"cannot save to {quoted(name)}: it is not a regular file")
        mode = stat.S_IMODE(info.st_mode)
    _replace(name, target, data, mode)


def create_file(path: object, data: bytes) -> bool:
    """Write `data` to a new file at `path`, whole, if nothing has that name; False (and nothing
    written) if something has. The file appears with all of `data` or not at all."""
    name = check_path(path)
    target = os.path.abspath(name)
    try:
        with _temporary(target, data, 0o666 & ~_umask()) as tmp:
            try:
                os.link(tmp, target)  # fails on a name taken, even by a dangling link
            except FileExistsError:
                return False
            except OSError as e:  # a file system without hard links: reserve the name, then fill it
                if e.errno not in _NO_LINKS:
                    raise
                try:
                    os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
                except FileExistsError:
                    return False
                os.replace(tmp, target)
        _sync_folder(os.path.dirname(target))
    except OSError as e:
        raise RecordError(f"cannot save {quoted(name)}: {e.strerror or e}") from None
    return True


def replace_file_if(path: object, data: bytes, was: Fingerprint) -> Literal["written", "changed", "gone", "busy"]:
    """Replace the file at `path` by `data` atomically if it still holds what `was` fingerprints:
    "written"; else nothing is written, and the answer says why: the file "changed", is "gone",
    or is "busy" (another save of it held its lock for LOCK_WAIT_S). The check and the replacement
    hold an exclusive advisory lock on the file, which every writer through here takes."""
    name = check_path(path)
    target = os.path.realpath(name)
    try:
        with _locked(target) as fd:
            if fd is None or fd < 0:
                return "gone" if fd is None else "busy"
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise RecordError(f"cannot save to {quoted(name)}: it is not a regular file")
            if info.st_size != was[0] or fingerprint(_read(fd, was[0] + 1)) != was:
                return "changed"
            _replace(name, target, data, stat.S_IMODE(info.st_mode))
    except OSError as e:
        raise RecordError(f"cannot save {quoted(name)}: {e.strerror or e}") from None
    return "written"


@contextlib.contextmanager
def _locked(target: str) -> Iterator[int | None]:
    """The file at `target` open and locked (the file that has the name once the lock is held:
    a writer may have renamed another over it meanwhile); None if there is none, -1 if another
    holds its lock for LOCK_WAIT_S."""
    deadline = time.monotonic() + LOCK_WAIT_S
    while True:
        try:
            fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
        except FileNotFoundError:
            yield None
            return
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode) and not _lock(fd, deadline):
                yield -1
                return
            held = os.fstat(fd)
            try:
                named = os.stat(target)
            except FileNotFoundError:
                named = None
            if named is not None and os.path.samestat(named, held):
                yield fd
                return
        finally:
            os.close(fd)


def _lock(fd: int, deadline: float) -> bool:
    """Take the exclusive lock of an open file, waiting until `deadline` at most."""
    while True:
        try:
            _flock(fd, wait=False)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)


def _replace(name: str, target: str, data: bytes, mode: int) -> None:
    folder = os.path.dirname(target)
    try:
        with _temporary(target, data, mode) as tmp:
            os.replace(tmp, target)
        _sync_folder(folder)
    except OSError as e:
        raise RecordError(f"cannot save {quoted(name)}: {e.strerror or e}") from None
    _clear_stale(target)


@contextlib.contextmanager
def _temporary(target: str, data: bytes, mode: int) -> Iterator[str]:
    """A temporary file beside `target` holding `data`, flushed to the disk and locked while it
    lives (so no other save takes it for a killed one's); removed after, unless renamed."""
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".saving",
                               dir=os.path.dirname(target))
    try:
        _flock(fd, wait=True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fchmod(fd, mode)
        os.fsync(fd)
        yield tmp
    finally:
        with contextlib.suppress(OSError):
            if os.path.samestat(os.stat(tmp, follow_symlinks=False), os.fstat(fd)):  # not renamed
                os.unlink(tmp)
        os.close(fd)


def _flock(fd: int, *, wait: bool) -> None:
    """Take the exclusive advisory lock of an open file (BlockingIOError if another holds it and
    `wait` is False)."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))


def _clear_stale(target: str) -> None:
    """Remove the temporary files of `target` that killed saves left: those no save holds
    locked (an empty one only once it is old: a save may have just made it). Without locks
    nothing tells a killed save's file from one under way, so none is removed."""
    if fcntl is None:
        return
    folder = os.path.dirname(target)
    mine = re.compile(rf"\.{re.escape(os.path.basename(target))}\.[a-z0-9_]{{8}}\.saving")
    try:
        names = [n for n in os.listdir(folder) if mine.fullmatch(n)]
    except OSError:
        return
    for entry in names:
        path = os.path.join(folder, entry)
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            _flock(fd, wait=False)  # BlockingIOError: a save under way
            info = os.fstat(fd)
            young = time.time() - info.st_mtime < STALE_EMPTY_S
            if stat.S_ISREG(info.st_mode) and (info.st_size or not young) and \
                    os.path.samestat(os.stat(path, follow_symlinks=False), info):
                os.unlink(path)
        except OSError:
            pass
        finally:
            os.close(fd)


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
