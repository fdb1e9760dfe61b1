"""Shell completion for bash, zsh and fish, through argcomplete (#14.6)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import main

ROOT = Path(__file__).resolve().parents[2]
INSTALLED = Path(sys.executable).with_name("carcassonne-editor")


def complete(tmp_path: Path, line: str) -> list[str]:
    """What the shell code would offer for ``line`` with the cursor at its end."""
    out = tmp_path / "completions"
    env = {**os.environ, "_ARGCOMPLETE": "1", "COMP_LINE": line,
           "COMP_POINT": str(len(line)), "_ARGCOMPLETE_STDOUT_FILENAME": str(out),
           "_ARGCOMPLETE_IFS": "\n"}
    done = subprocess.run([sys.executable, "-m", "editor"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return out.read_text(encoding="utf-8").split("\n")


@pytest.mark.parametrize(("shell", "marker"), [
    ("bash", "-F _python_argcomplete carcassonne-editor"),
    ("zsh", "compdef _python_argcomplete carcassonne-editor"),
    ("fish", "complete --command carcassonne-editor"),
])
def test_completion_prints_the_shell_code(capsys: pytest.CaptureFixture[str], shell: str,
                                          marker: str) -> None:
    assert main(["completion", shell]) == 0
    assert marker in capsys.readouterr().out


def test_commands_complete(tmp_path: Path) -> None:
    assert complete(tmp_path, "carcassonne-editor sc") == ["score", "scenario"]
    assert "import-jcz" in complete(tmp_path, "carcassonne-editor ")


def test_options_rulesets_ids_and_files_complete(tmp_path: Path) -> None:
    assert "--final" in complete(tmp_path, "carcassonne-editor score board.json --")
    rules = complete(tmp_path, "carcassonne-editor score board.json --rules base:C")
    assert {"base:C1", "base:C2", "base:C3", "base:C1\\[rules=2001\\]"} <= set(rules)
    assert complete(tmp_path, "carcassonne-editor validate river-") == ["river-c2", "river-c3"]
    assert complete(tmp_path, "carcassonne-editor score samp") == ["samples/"]


@pytest.mark.skipif(shutil.which("bash") is None or not INSTALLED.exists(),
                    reason="needs bash and the installed carcassonne-editor script")
def test_bash_completes_with_the_printed_code() -> None:
    script = ('eval "$(carcassonne-editor completion bash)"\n'
              "COMP_WORDS=(carcassonne-editor valid); COMP_CWORD=1\n"
              'COMP_LINE="carcassonne-editor valid"; COMP_POINT=${#COMP_LINE}\n'
              "_python_argcomplete carcassonne-editor valid carcassonne-editor\n"
              'printf "%s\\n" "${COMPREPLY[@]}"\n')
    env = {**os.environ, "PATH": f"{INSTALLED.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(["bash", "-c", script], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.stdout.split() == ["validate"], done.stderr
