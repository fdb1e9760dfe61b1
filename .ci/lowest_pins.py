"""Print one requirement a line: every dependency of pyproject.toml at its lowest declared
version (runtime, every extra, and the build backend), for .ci/lowest."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

FLOOR = re.compile(r"^\s*([A-Za-z0-9_.\-\[\]]+)\s*(.*)$")


def floor(requirement: str) -> str:
    """``name>=1.2,!=1.5`` → ``name==1.2``; a requirement with no floor is an error."""
    match = FLOOR.match(requirement.split(";")[0])
    assert match is not None, requirement
    name, spec = match.groups()
    lows = [c.strip()[2:].strip() for c in spec.split(",") if c.strip().startswith(">=")]
    if not lows:
        sys.exit(f"{requirement!r} declares no lowest version (>=)")
    return f"{name}=={lows[0]}"


def main() -> None:
    data = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))
    project = data["project"]
    requirements = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        requirements += extra
    requirements += data["build-system"]["requires"]
    for requirement in requirements:
        print(floor(requirement))


if __name__ == "__main__":
    main()
