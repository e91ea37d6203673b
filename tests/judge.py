"""Published samples of the judge problems the lessons cite."""
from __future__ import annotations

import json
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared"

JUDGE_FIXTURES = Path(__file__).parent / "fixtures" / "judge"


def judge_samples(problem: str) -> list[dict[str, str]]:
    """A judge problem's published samples: from ../shared/judge where it is (as in CI), else
    from the copy of the samples alone in tests/fixtures/judge (a fresh clone on its own)."""
    shared = SHARED / "judge" / f"{problem}.json"
    source = shared if shared.is_file() else JUDGE_FIXTURES / f"{problem}.json"
    samples: list[dict[str, str]] = json.loads(source.read_text(encoding="utf-8"))["samples"]
    return samples
