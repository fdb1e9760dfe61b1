"""The command line in French: reports, findings and score explanations; --format json
stays English with its stable ids (#17.4, #17.6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = str(ROOT / "samples" / "first-steps.board.json")


def broken_board(tmp_path: Path) -> str:
    """Red's knight on a completed 2-tile city (two caps E facing each other), and a road
    with Blue's thief: a finding, and something to score."""
    data = {"format": 1, "ruleset": {"editions": ["base:C2"]},
            "players": [{"name": "Red", "colour": "#d62828"},
                        {"name": "Blue", "colour": "#1d4ed8"}],
            "tiles": [{"tile": "base-c2/E", "x": 0, "y": 0, "rotation": 0},
                      {"tile": "base-c2/E", "x": 0, "y": -1, "rotation": 180}],
            "figures": [{"kind": "follower", "owner": 0, "x": 0, "y": 0, "segment": "city"}]}
    path = tmp_path / "broken.board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_score_explains_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", SAMPLE, "--final", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Jeu de règles : base:C2" in out
    assert "Évaluation finale :" in out
    assert out.splitlines()[2].split() == ["joueur", "score", "fin", "total"]
    # the explanation and the rule it cites, both French
    assert "abbaye avec 3 tuiles adjacentes : 1 + 3" in out
    assert ("règle [base:C2]: abbaye : 9 quand la tuile et ses 8 voisines sont posées"
            not in out)  # the label itself is French too
    assert "règle [base:C2] : abbaye : 9 quand la tuile et ses 8 voisines sont posées" in out
    assert "ville incomplète (tuiles : 3, blasons : 0) : 3 + 0" in out
    assert "route de 2 tuiles" in out
    assert "completed" not in out and "incomplete" not in out


def test_findings_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = broken_board(tmp_path)
    assert main(["validate", "--lang=fr", path]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}::$.figures[0]: le pion de Red se trouve dans une ville "
                             "complète, qui aurait été évaluée et le pion rendu — une route, "
                             "une ville, une abbaye ou un jardin est évalué")
    assert out[-1] == "1 erreur dans 1 fichier"
    assert main(["score", path, "--lang", "fr"]) == 0
    assert "constat : le pion de Red se trouve dans une ville complète" in \
        capsys.readouterr().out


@pytest.mark.parametrize(("lang", "line"), [
    ("de", "Schlusswertung:"), ("es", "Puntuación final:"), ("ro", "Evaluarea finală:"),
    ("vi", "Tính điểm cuối cùng:"), ("en", "End-of-game scoring:")])
def test_every_language(lang: str, line: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", SAMPLE, "--final", "--lang", lang]) == 0
    assert line in capsys.readouterr().out.splitlines()


def test_the_system_language_is_the_default(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    # the environment is read by system_language (tested with its own env); setting the
    # process's LANGUAGE here would also translate the C library's messages for later tests
    monkeypatch.setattr("editor.i18n.system_language", lambda env=None: "de")
    assert main(["score", SAMPLE, "--final"]) == 0
    assert "Schlusswertung:" in capsys.readouterr().out
    assert main(["score", SAMPLE, "--final", "--lang", "en"]) == 0
    assert "End-of-game scoring:" in capsys.readouterr().out


def test_json_stays_english_with_its_ids(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", SAMPLE, "--final", "--format", "json", "--lang", "fr"]) == 0
    data = json.loads(capsys.readouterr().out)
    road = next(line for line in data["lines"] if line["feature"] == "road")
    assert road["reason"] == "road of 2 tiles" and road["rule_id"] == "base.road"
    assert road["rule"].startswith("road: 1 point per tile")
    assert main(["validate", "--format", "json", "--lang", "fr", broken_board(tmp_path)]) == 1
    finding, = json.loads(capsys.readouterr().out)["files"][0]["findings"]
    assert finding["code"] == "figure-on-completed"
    assert finding["message"].startswith("Red's figure stands on a completed city")
    # and the language is back for the next command of the process
    assert main(["score", SAMPLE, "--final", "--lang", "fr"]) == 0
    assert "Évaluation finale :" in capsys.readouterr().out


def test_file_format_messages_in_french(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """The validator's JSON and schema messages (#17: the file-format messages)."""
    bad_json = tmp_path / "bad.board.json"
    bad_json.write_text('{"format": 1, "format": 2}', encoding="utf-8")
    bad_schema = tmp_path / "schema.board.json"
    bad_schema.write_text(json.dumps({
        "format": 1, "ruleset": {"editions": ["base:C2"]},
        "players": [{"name": "Red", "colour": "#d62828", "colour2": 1}],
        "tiles": [{"tile": "base-c2/E", "x": 0, "y": 0, "rotation": 45}]}), encoding="utf-8")
    assert main(["validate", "--lang", "fr", str(bad_json)]) == 2  # not a readable board
    assert main(["validate", "--lang", "fr", str(bad_schema)]) == 1
    out = capsys.readouterr().out
    assert "la clé 'format' apparaît plus d’une fois dans cet objet" in out
    assert "clé inconnue 'colour2' (permises : name, colour" in out
    assert "45 ne fait pas partie des 4 rotations 0, 90, 180, 270" in out
    assert "appears more than once" not in out and "unknown key" not in out


def test_help_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    """The commands' --help texts follow --lang (argparse's own words stay English)."""
    assert main(["score", "--help", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Affiche le score de chaque joueur et le décompte final" in out
    assert "appliquer le décompte final" in out
    assert "par défaut : le jeu de règles du plateau" in out
    assert "apply end-of-game scoring" not in out
    assert main(["score", "--help"]) == 0
    assert "apply end-of-game scoring" in capsys.readouterr().out
