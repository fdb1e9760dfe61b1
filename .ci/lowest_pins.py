"""For .ci/lowest: print one requirement a line, every dependency of pyproject.toml at its
lowest declared version (runtime, every extra, and the build backend); with
``--check-wheel WHEEL``, check that the wheel the lowest backend built declares the licence
of pyproject.toml (a backend too old for PEP 639 drops it silently)."""

from __future__ import annotations

import re
import sys
import tomllib
import zipfile
from email.parser import Parser
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


def check_wheel(wheel: str, project: dict) -> None:
    """Exit with a message unless the wheel's metadata has the project's licence."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(name).decode("utf-8"))
        licences = [n for n in archive.namelist() if "/licenses/" in n]
    if meta.get("License-Expression") != project["license"]:
        sys.exit(f"{wheel}: License-Expression is {meta.get('License-Expression')!r}, "
                 f"pyproject.toml says {project['license']!r}")
    wanted = [Path(f).name for f in project.get("license-files", [])]
    if sorted(Path(n).name for n in licences) != sorted(wanted):
        sys.exit(f"{wheel}: licence files {licences}, pyproject.toml lists {wanted}")
    print(f"{Path(wheel).name}: License-Expression {project['license']}, files {wanted}")


def main() -> None:
    data = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))
    project = data["project"]
    if sys.argv[1:2] == ["--check-wheel"]:
        check_wheel(sys.argv[2], project)
        return
    requirements = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        requirements += extra
    requirements += data["build-system"]["requires"]
    for requirement in requirements:
        print(floor(requirement))


if __name__ == "__main__":
    main()
