"""The messages finished last, run in French (#17.6): a JCloisterZone import refused, a
tile-set lint finding, argparse's own usage error and the study's report; --format json
keeps the English text beside the stable code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli import main

ROOT = Path(__file__).resolve().parents[2]
UNKNOWN_TILE = str(ROOT / "tests" / "jcz" / "data" / "unknown-tile.jcz")


def test_a_jcz_import_refusal_is_french(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    out = tmp_path / "board.json"
    assert main(["import-jcz", UNKNOWN_TILE, "-o", str(out), "--lang", "fr"]) == 1
    err = capsys.readouterr().err
    assert (f"{UNKNOWN_TILE}::$.replay[3].payload.tileId: identifiant de tuile inconnu "
            "'BA/Nope' : aucune tuile de base-c1 n’a cet alias") in err.splitlines()
    assert err.splitlines()[-1] == "carcassonne-editor import-jcz : 2 problèmes : rien n’est écrit"
    assert not out.exists()


def test_a_jcz_refusal_in_json_stays_english(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    out = tmp_path / "board.json"
    assert main(["import-jcz", UNKNOWN_TILE, "-o", str(out), "--lang", "fr",
                 "--format", "json"]) == 1
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert findings[0]["message"] == ("unknown tile id 'BA/Nope': no tile of base-c1 has that "
                                      "alias")
    assert findings[0]["code"] == "jcz-unsupported"


def lint_file(tmp_path: Path) -> Path:
    """base-c2 with its tile D's road listing D's city (only fields list cities)."""
    data = json.loads((ROOT / "tilesets" / "base-c2.json").read_text(encoding="utf-8"))
    data["id"] = "lint-fr"
    tile = next(t for t in data["tiles"] if t["id"] == "D")
    road = next(s for s in tile["segments"] if s["kind"] == "road")
    road["cities"] = ["city"]
    path = tmp_path / "lint.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_tile_set_lint_finding_is_french(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    path = lint_file(tmp_path)
    assert main(["validate", str(path), "--lang", "fr"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}::$.tiles[3].segments[1].cities: seuls les prés listent des villes ; cette "
        "section n’est pas un pré (route)", "1 erreur dans 1 fichier"]


def test_argparse_speaks_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--lang", "fr"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("utilisation : carcassonne-editor score [-h]")
    assert err[-1] == ("carcassonne-editor score : erreur : les arguments suivants sont "
                       "requis : BOARD")


def test_argparse_help_speaks_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("utilisation : carcassonne-editor [-h]")
    assert "arguments positionnels:" in out and "options:" in out  # argparse adds the colon
    assert "afficher ce message d’aide et quitter" in out
    assert "Construire, annoter, évaluer et comparer des positions de Carcassonne." in out
    assert "codes de sortie : 0 terminé" in out
    assert "usage" not in out and "show this help" not in out


def test_argparse_is_english_again_after_a_french_run(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The language is per run: argparse's words follow it, not the first run's."""
    assert main(["score", "--lang", "fr"]) == 2
    capsys.readouterr()
    assert main(["score", "--lang", "en"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("usage: carcassonne-editor score")
    assert err[-1].endswith("error: the following arguments are required: BOARD")


def test_the_study_report_is_french(capsys: pytest.CaptureFixture[str],
                                    tmp_path: Path) -> None:
    out = tmp_path / "report"
    assert main(["study", "--games", "2", "--player", "random", "--rules", "base:C2",
                 "--rules", "base:C1[rules=2000]", "--jobs", "1", "--plots", "none",
                 "--out", str(out), "--lang", "fr"]) == 0
    text = (out / "summary.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == ("Étude en autojeu : 2 jeux de règles × 1 jeu de tuiles (box) ; "
                        "joueurs random, random ; graine 1")
    assert lines[1].startswith("4 parties jouées sur 4 (0 échouées")
    assert "Points par partie et par zone (tous les joueurs, moyenne)" in lines
    assert lines[lines.index("Points par partie et par zone (tous les joueurs, moyenne)")
                 + 1].split()[:4] == ["jeu", "de", "règles", "tuiles"]
    assert "Scores (chaque joueur) et victoires" in lines
    assert "Changements de gagnant entre jeux de règles (intervalles à 95 %)" in lines
    assert text in capsys.readouterr().out
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["played"] == 4  # the data stays language-neutral
