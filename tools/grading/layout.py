"""Find the submissions in what a course site hands a teacher, and who each one is from.

A folder (or a ``.zip`` of it) may hold notebooks directly (``alice.ipynb``), a folder per student as
Moodle makes them (``Alice Smith_123_assignsubmission_file_/hw1.ipynb``), Canvas-style file names
(``smithalice_123_4567_hw1.ipynb``), upper-case ``.IPYNB`` or ``.ipynb.txt`` (a browser's rename). Every file
found is either a submission or listed with the reason it is not one.

The student's name (and the course site's number for them) comes from the folder or file name; a teacher
can give a pattern of their own (a regular expression with groups ``name``, ``site_id`` and ``student_id``).
"""

from __future__ import annotations

import re
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .notebook import MAX_NOTEBOOK_BYTES

#: Tried in order on the student's folder name, then on the file name, when no pattern is given.
DEFAULT_PATTERNS = (
    re.compile(r"^(?P<name>.+?)_(?P<site_id>\d+)_assignsubmission_\w*?$"),   # Moodle, a folder per student
    re.compile(r"^(?P<name>[a-z]+)_(?:late_)?(?P<site_id>\d+)_\d+_.+$", re.IGNORECASE),  # Canvas file names
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


@dataclass(frozen=True)
class Skipped:
    """A file found that is not graded, and why."""

    file: str
    reason: str


def is_notebook_name(name: str) -> bool:
    return name.lower().endswith(NOTEBOOK_ENDINGS)


def identity(relative: str, pattern: re.Pattern | None = None) -> dict[str, str | None]:
    """``name``, ``site_id`` and ``student_id`` read from a submission's path (relative to the download).

    >>> identity("Alice Smith_123_assignsubmission_file_/hw1.ipynb")
    {'name': 'Alice Smith', 'site_id': '123', 'student_id': None}
    >>> identity("smithalice_LATE_4521_99812_hw1-1.ipynb")["name"]
    'smithalice'
    >>> identity("s1234567.ipynb", re.compile(r"(?P<student_id>s\\d{7})"))["student_id"]
    's1234567'
    """
    parts = PurePosixPath(relative).parts
    found: dict[str, str | None] = {"name": None, "site_id": None, "student_id": None}
    if pattern is not None:
        match = pattern.search(relative)
        if match:
            for key in found:
                if key in pattern.groupindex and match.group(key):
                    found[key] = match.group(key).strip()
        return found
    candidates = [parts[0]] if len(parts) > 1 else []
    candidates.append(parts[-1])
    for candidate in candidates:
        for default in DEFAULT_PATTERNS:
            match = default.match(candidate)
            if match:
                found["name"], found["site_id"] = match["name"].strip(), match["site_id"]
                return found
    stem = parts[0] if len(parts) > 1 else re.sub(r"(\.ipynb)?(\.txt)?$", "", parts[-1], flags=re.IGNORECASE)
    found["name"] = stem
    return found


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


def _submission(path: Path, relative: str, pattern: re.Pattern | None) -> Submission:
    return Submission(path, relative, **identity(relative, pattern))


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
        if not stat.S_ISREG(info.st_mode):
            skipped.append(Skipped(relative, "a link or special file, not a regular file"))
            continue
        reason = _reason_to_skip(relative, info.st_size)
        if reason:
            skipped.append(Skipped(relative, reason))
        else:
            found.append(_submission(path, relative, pattern))
    return found, skipped


def unpack_zip(archive: Path, into: Path, pattern: re.Pattern | None = None) -> tuple[list[Submission], list[Skipped]]:
    """Unpack the notebooks of a course site's zip into ``into`` (nothing else is written) and list the rest.

    Members with absolute paths or ``..``, links, and notebooks over the size limit are listed, not unpacked;
    a zip whose members add up to more than :data:`MAX_ZIP_BYTES` is refused.
    """
    found, skipped = [], []
    with zipfile.ZipFile(archive) as zf:
        members = [m for m in zf.infolist() if not m.is_dir()]
        total = sum(m.file_size for m in members)
        if len(members) > MAX_ZIP_MEMBERS:
            raise ValueError(f"{archive.name} holds {len(members)} files, more than the {MAX_ZIP_MEMBERS} limit: "
                             "unpack it yourself and grade the folder")
        if total > MAX_ZIP_BYTES:
            raise ValueError(f"{archive.name} would unpack to {total / 1024**3:.1f} GB, more than the "
                             f"{MAX_ZIP_BYTES // 1024**3} GB limit: unpack it yourself and grade the folder")
        written = 0
        for member in sorted(members, key=lambda m: m.filename):
            relative = member.filename.replace("\\", "/")
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
            found.append(_submission(target, relative, pattern))
    return found, skipped
