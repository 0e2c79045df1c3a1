"""Find the submissions in what a course site hands a teacher, and who each one is from.

A folder (or a ``.zip`` of it) may hold notebooks directly (``alice.ipynb``), a folder per student as
Moodle makes them (``Alice Smith_123_assignsubmission_file_/hw1.ipynb``), Canvas-style file names
(``smithalice_123_4567_hw1.ipynb``), upper-case ``.IPYNB`` or ``.ipynb.txt`` (a browser's rename). Every file
found is either a submission or listed with the reason it is not one.

The student's name (and the course site's number for them) comes from the folder or file name; a teacher
can give a pattern of their own (a regular expression with groups ``name``, ``site_id`` and ``student_id``).
Canvas's names also say whether Canvas found the submission late (``smithalice_LATE_4521_99812_hw1.ipynb``)
and the number of the submitted file (99812), which its "re-upload submissions" needs to attach feedback.
A file whose name is not text (bytes that are not UTF-8) is listed, not graded: no output could name it.
"""

from __future__ import annotations

import io
import re
import stat
import struct
import time
import zipfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TypedDict

from gamelib_grader.intake.notebook import MAX_NOTEBOOK_BYTES

#: Tried in order on the student's folder name, then on the file name, when no pattern is given.
DEFAULT_PATTERNS = (
    re.compile(r"^(?P<name>.+?)_(?P<site_id>\d+)_assignsubmission_\w*?$"),   # Moodle, a folder per student
    # Canvas file names: sortable name without spaces or punctuation, LATE when Canvas says so, user id, file id
    re.compile(r"^(?P<name>\w+?)_(?:(?P<late>late)_)?(?P<site_id>\d+)_(?P<site_file_id>\d+)_.+$", re.IGNORECASE),
)
NOTEBOOK_ENDINGS = (".ipynb", ".ipynb.txt")
SYSTEM_FILES = {".ds_store", "thumbs.db", "desktop.ini"}
#: Largest zip the grader unpacks (all members together, and how many), against zip bombs.
MAX_ZIP_BYTES = 2 * 1024**3
MAX_ZIP_MEMBERS = 20_000


@dataclass(frozen=True)
class Submission:
    """One notebook to grade: where it is, how the teacher sees it, and who the course site says sent it."""

    path: Path
    file: str
    name: str | None = None
    site_id: str | None = None
    student_id: str | None = None
    #: The course site marked it late (Canvas's ``LATE`` in the file name); False when it does not say.
    late: bool = False
    #: The course site's number for the submitted file (Canvas), needed to hand feedback back through it.
    site_file_id: str | None = None
    #: When the file was last changed (seconds since 1970), from the download: only a hint of when it was
    #: handed in (a zip from Moodle keeps the upload time; a folder keeps whatever the unpacking gave it).
    modified: float | None = None
    #: The class list's student this file is from (matched by the course site's number, the name pattern's id
    #: or the name in the file name, never by the typed id): their name, and the id they were told to type,
    #: which the numbers then come from (gamelib_grader/intake/roster.py). None when there is no class list or no match.
    roster_name: str | None = None
    roster_id: str | None = None
    #: A course code the teacher accepts for this file (``--accept-code FILE=CODE``): it is graded with it.
    accepted_code: str | None = None


@dataclass(frozen=True)
class Skipped:
    """A file found that is not graded, and why."""

    file: str
    reason: str


def is_notebook_name(name: str) -> bool:
    return name.lower().endswith(NOTEBOOK_ENDINGS)


class Identity(TypedDict):
    """Who a submission's path says sent it (see :func:`identity`)."""

    name: str | None
    site_id: str | None
    student_id: str | None
    late: bool
    site_file_id: str | None


def identity(relative: str, pattern: re.Pattern | None = None) -> Identity:
    """``name``, ``site_id`` and ``student_id`` read from a submission's path (relative to the download), and
    what Canvas's names also say: ``late`` and ``site_file_id``.

    >>> identity("Alice Smith_123_assignsubmission_file_/hw1.ipynb")
    {'name': 'Alice Smith', 'site_id': '123', 'student_id': None, 'late': False, 'site_file_id': None}
    >>> identity("smithalice_LATE_4521_99812_hw1-1.ipynb")
    {'name': 'smithalice', 'site_id': '4521', 'student_id': None, 'late': True, 'site_file_id': '99812'}
    >>> identity("s1234567.ipynb", re.compile(r"(?P<student_id>s\\d{7})"))["student_id"]
    's1234567'
    """
    parts = PurePosixPath(relative).parts
    found: Identity = {"name": None, "site_id": None, "student_id": None, "late": False, "site_file_id": None}
    if pattern is not None:
        match = pattern.search(relative)
        if match:
            found["name"] = _named_group(match, "name")
            found["site_id"] = _named_group(match, "site_id")
            found["student_id"] = _named_group(match, "student_id")
        return found
    candidates = [parts[0]] if len(parts) > 1 else []
    candidates.append(parts[-1])
    for candidate in candidates:
        for default in DEFAULT_PATTERNS:
            match = default.match(candidate)
            if match:
                found["name"], found["site_id"] = match["name"].strip(), match["site_id"]
                groups = match.groupdict()
                found["late"] = bool(groups.get("late"))
                found["site_file_id"] = groups.get("site_file_id")
                return found
    stem = parts[0] if len(parts) > 1 else re.sub(r"(\.ipynb)?(\.txt)?$", "", parts[-1], flags=re.IGNORECASE)
    found["name"] = stem
    return found


def _named_group(match: re.Match[str], key: str) -> str | None:
    """The group ``key`` of ``match``, stripped, when the pattern has it and it matched something."""
    if key in match.re.groupindex and match.group(key):
        return match.group(key).strip()
    return None


def undecodable(name: str) -> bool:
    """True for a name that is not text: bytes that are not UTF-8, which Python keeps as lone surrogates."""
    return any(0xDC80 <= ord(c) <= 0xDCFF for c in name)


def readable_name(raw: bytes | str) -> str:
    """A name that is not UTF-8, with its stray bytes written as ``\\xNN``.

    >>> readable_name(b"b\\xffb.ipynb")
    'b\\\\xffb.ipynb'
    """
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogateescape")
    return raw.decode("utf-8", "backslashreplace")


NOT_TEXT = "its name is not valid UTF-8 text, so no gradebook or feedback file could name it: rename it and grade it"


def _reason_to_skip(relative: str, size: int) -> str | None:
    parts = PurePosixPath(relative).parts
    name = parts[-1]
    if "__MACOSX" in parts or name.lower() in SYSTEM_FILES or name.startswith("._"):
        return "system file (made by the operating system, not by a student)"
    if any(part == ".ipynb_checkpoints" for part in parts):
        return "Jupyter's autosave checkpoint, not the submitted notebook"
    if not is_notebook_name(name):
        suffix = PurePosixPath(name).suffix or "no extension"
        return f"not a notebook ({suffix}); notebooks end in .ipynb"
    if size > MAX_NOTEBOOK_BYTES:
        return f"larger than {MAX_NOTEBOOK_BYTES // 2**20} MB"
    return None


def _submission(path: Path, relative: str, pattern: re.Pattern | None, modified: float | None) -> Submission:
    return Submission(path, relative, **identity(relative, pattern), modified=modified)


def scan_folder(folder: Path, pattern: re.Pattern | None = None,
                ignore: tuple[Path, ...] = ()) -> tuple[list[Submission], list[Skipped]]:
    """Every file under ``folder`` (recursively, links not followed), as submissions or skipped files."""
    found, skipped = [], []
    ignored = {p.resolve() for p in ignore}
    for path in sorted(folder.rglob("*")):
        if any(path == i or i in path.parents for i in ignored):
            continue
        relative = path.relative_to(folder).as_posix()
        info = path.lstat()
        if stat.S_ISDIR(info.st_mode):
            continue
        if undecodable(relative):
            skipped.append(Skipped(readable_name(relative), NOT_TEXT))
            continue
        if not stat.S_ISREG(info.st_mode):
            skipped.append(Skipped(relative, "a link or special file, not a regular file"))
            continue
        reason = _reason_to_skip(relative, info.st_size)
        if reason:
            skipped.append(Skipped(relative, reason))
        else:
            found.append(_submission(path, relative, pattern, info.st_mtime))
    return found, skipped


_END_OF_CENTRAL_DIRECTORY = struct.Struct("<4s4H2LH")
_CENTRAL_ENTRY = struct.Struct("<4s4B4HL2L5H2L")
_UTF8_FLAG = 0x800


def _names_flagged_utf8_that_are_not(archive: Path) -> dict[int, bytes]:
    """Members whose name the zip says is UTF-8 but is not (Python's zipfile then refuses the whole zip): the
    position of each one's flags in the file, and its name's bytes. Empty for a ZIP64 file (too big to have
    been made by a course site's download, and read by zipfile as it is)."""
    size = archive.stat().st_size
    with open(archive, "rb") as f:
        tail_start = max(0, size - 65536 - _END_OF_CENTRAL_DIRECTORY.size)
        f.seek(tail_start)
        tail = f.read()
        at = tail.rfind(b"PK\x05\x06")
        if at < 0 or len(tail) - at < _END_OF_CENTRAL_DIRECTORY.size:
            return {}
        *_, count, directory_size, directory_offset, _comment = _END_OF_CENTRAL_DIRECTORY.unpack_from(tail, at)
        if 0xFFFFFFFF in (directory_size, directory_offset) or count == 0xFFFF:
            return {}
        start = tail_start + at - directory_size  # where it really is, even after a prefix
        f.seek(start)
        directory = f.read(directory_size)
    bad, position = {}, 0
    while position + _CENTRAL_ENTRY.size <= len(directory) and directory[position:position + 4] == b"PK\x01\x02":
        entry = _CENTRAL_ENTRY.unpack_from(directory, position)
        flags, name_length, extra_length, comment_length = entry[5], entry[12], entry[13], entry[14]
        name = directory[position + _CENTRAL_ENTRY.size: position + _CENTRAL_ENTRY.size + name_length]
        if flags & _UTF8_FLAG:
            try:
                name.decode("utf-8")
            except UnicodeDecodeError:
                bad[start + position + 8] = name  # the flags follow the signature and four one-byte fields
        position += _CENTRAL_ENTRY.size + name_length + extra_length + comment_length
    return bad


class _WithoutUtf8Flags(io.RawIOBase):
    """The zip file as it is, except that the listed members' UTF-8 flag reads as clear: zipfile then reads
    their names as old-style (cp437) text instead of refusing the whole zip."""

    def __init__(self, archive: Path, flag_positions: list[int]):
        self._file = open(archive, "rb")  # noqa: SIM115 (closed with this object)
        self._positions = flag_positions

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = 0) -> int:
        return self._file.seek(offset, whence)

    def tell(self) -> int:
        return self._file.tell()

    def readinto(self, buffer) -> int:
        start = self._file.tell()
        count = self._file.readinto(buffer)
        for position in self._positions:
            if start <= position + 1 < start + count:  # the flag is bit 11: in the second byte (little-endian)
                buffer[position + 1 - start] &= ~(_UTF8_FLAG >> 8) & 0xFF
        return count

    def close(self) -> None:
        self._file.close()
        super().close()


def _open_zip(archive: Path) -> tuple[zipfile.ZipFile, dict[str, str]]:
    """The zip, its names read as :func:`read_names_as_utf8` says, and the members whose names are not text:
    {the name zipfile gives them: a readable name}."""
    bad = _names_flagged_utf8_that_are_not(archive)
    if not bad:
        return read_names_as_utf8(zipfile.ZipFile(archive)), {}
    names = {raw.decode("cp437"): readable_name(raw) for raw in bad.values()}
    return read_names_as_utf8(zipfile.ZipFile(_WithoutUtf8Flags(archive, list(bad)))), names


def read_names_as_utf8(zf: zipfile.ZipFile) -> zipfile.ZipFile:
    """``zf`` with each member's name read as UTF-8 where its bytes are UTF-8 though the zip does not say so
    (no UTF-8 flag, bit 11): what course sites and most zip tools write. zipfile reads such a name as the zip
    standard's old code page, cp437, and ``Carol Díaz`` becomes ``Carol D├¡az`` in the gradebook, the report
    and her feedback. A name whose bytes are not UTF-8 is left as the standard says (cp437); bytes that are
    both are rare, since UTF-8 pairs its bytes in a pattern cp437 text almost never has (tests/test_writeback_round.py
    reads zips written both ways).
    """
    for member in zf.infolist():
        if member.flag_bits & _UTF8_FLAG:
            continue
        try:
            raw = member.orig_filename.encode("cp437")
            member.filename = raw.decode("utf-8") if not raw.isascii() else member.filename
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
    return zf


def _zip_time(member: zipfile.ZipInfo) -> float | None:
    """A member's time (the zip stores local time, without a time zone: read as this machine's)."""
    try:
        return time.mktime((*member.date_time, 0, 0, -1))
    except (OverflowError, ValueError):
        return None


def unpack_zip(archive: Path, into: Path, pattern: re.Pattern | None = None) -> tuple[list[Submission], list[Skipped]]:
    """Unpack the notebooks of a course site's zip into ``into`` (nothing else is written) and list the rest.

    Members with absolute paths or ``..``, links, notebooks over the size limit and members that share their
    name with another (``a\\b.ipynb`` and ``a/b.ipynb`` too: which is the submission cannot be told) are listed,
    not unpacked;
    a zip whose members add up to more than :data:`MAX_ZIP_BYTES` is refused.
    """
    found, skipped = [], []
    try:
        opened, not_text = _open_zip(archive)
    except UnicodeDecodeError:
        raise ValueError(f"{archive.name} names a file in bytes that are not UTF-8, and is too large for the grader "
                         "to read past it: unpack it yourself and grade the folder") from None
    with opened as zf:
        members = [m for m in zf.infolist() if not m.is_dir()]
        total = sum(m.file_size for m in members)
        if len(members) > MAX_ZIP_MEMBERS:
            raise ValueError(f"{archive.name} holds {len(members)} files, more than the {MAX_ZIP_MEMBERS} limit: "
                             "unpack it yourself and grade the folder")
        if total > MAX_ZIP_BYTES:
            raise ValueError(f"{archive.name} would unpack to {total / 1024**3:.1f} GB, more than the "
                             f"{MAX_ZIP_BYTES // 1024**3} GB limit: unpack it yourself and grade the folder")
        written = 0
        named = Counter(m.filename.replace("\\", "/") for m in members if m.orig_filename not in not_text)
        for member in sorted(members, key=lambda m: m.filename):
            if member.orig_filename in not_text:
                skipped.append(Skipped(not_text[member.orig_filename], NOT_TEXT))
                continue
            relative = member.filename.replace("\\", "/")
            if named[relative] > 1:
                skipped.append(Skipped(relative, f"the zip holds {named[relative]} files of this name, and which one "
                                                 "was handed in cannot be told: none is graded; unpack the zip, "
                                                 "rename them apart and grade the folder"))
                continue
            parts = PurePosixPath(relative).parts
            if relative.startswith("/") or ".." in parts or not parts:
                skipped.append(Skipped(relative, "unsafe path in the zip (absolute or with ..)"))
                continue
            if stat.S_ISLNK(member.external_attr >> 16):
                skipped.append(Skipped(relative, "a link, not a regular file"))
                continue
            reason = _reason_to_skip(relative, member.file_size)
            if reason:
                skipped.append(Skipped(relative, reason))
                continue
            target = into.joinpath(*parts)
            with zf.open(member) as source:
                data = source.read(MAX_NOTEBOOK_BYTES + 1)
            if len(data) > MAX_NOTEBOOK_BYTES:
                skipped.append(Skipped(relative, f"larger than {MAX_NOTEBOOK_BYTES // 2**20} MB"))
                continue
            written += len(data)  # the sizes the zip declares may lie: count what is really unpacked
            if written > MAX_ZIP_BYTES:
                raise ValueError(f"{archive.name} unpacks to more than {MAX_ZIP_BYTES // 1024**3} GB: unpack it "
                                 "yourself and grade the folder")
            try:  # a name too long for this disk, or a file where another member needs a folder
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            except OSError as error:
                skipped.append(Skipped(relative, f"could not be unpacked here: {error.strerror or error}; "
                                                 "rename it and grade it from a folder"))
                continue
            found.append(_submission(target, relative, pattern, _zip_time(member)))
    return found, skipped
