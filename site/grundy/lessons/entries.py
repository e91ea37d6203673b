"""The course's data files (content/problems.yaml, content/glossary.yaml): a YAML list of entries,
each checked for the fields every entry needs before anything is built from it."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

# libyaml's parser where PyYAML was built with it (its wheels are), ten times faster than the
# pure-Python one, which reads the two files in most of a second at every start; the same safe subset.
SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_entries(path: Path, fields: tuple[str, ...], key: str | None = None) -> list[dict[str, Any]]:
    """The file's entries in order (the list under ``key`` where the file is a mapping of lists);
    an entry missing a field is an error naming it by its first."""
    document: Any = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)  # noqa: S506 (a safe loader)
    entries: list[dict[str, Any]] = document if key is None else document[key]
    for entry in entries:
        missing = [f for f in fields if not str(entry.get(f, "")).strip()]
        if missing:
            raise ValueError(f"{path}: {entry.get(fields[0], '?')} lacks {', '.join(missing)}")
    return entries


__all__ = ["load_entries"]
