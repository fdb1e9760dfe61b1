"""JCloisterZone files that used to crash (#11.4): two start tiles on a cell, a deployment
with an empty pointer, expansion XML in an unknown encoding; an import never writes a board
the program refuses; a huge score in the Players dock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from editor.formats.jsonio import read_json
from editor.jcz.tiles_xml import JczError, parse_jcz

DATA = Path(__file__).parents[1] / "jcz" / "data"


def save(name: str) -> dict[str, Any]:
    data, _ = read_json(DATA / f"{name}.jcz")
    return data


def write(tmp_path: Path, data: dict[str, Any], name: str = "game.jcz") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_two_start_tiles_on_one_cell(tmp_path: Path, capsys: Any) -> None:
    data = save("base-game")
    data["setup"]["start"].append(dict(data["setup"]["start"][0]))
    jcz = write(tmp_path, data)
    out = tmp_path / "out.board.json"
    assert main(["import-jcz", jcz, "-o", str(out)]) == 1
    assert f"{jcz}::$.setup.start[1]: a second start tile on (0, 0), which already holds " \
           "base-c1/D" in capsys.readouterr().err
    assert not out.exists()
    assert main(["replay", jcz]) == 1


def test_a_deployment_with_an_empty_pointer(tmp_path: Path, capsys: Any) -> None:
    data = save("base-game")
    deploy = next(m for m in data["replay"] if m["type"] == "DEPLOY_MEEPLE")
    deploy["payload"]["pointer"] = {}
    jcz = write(tmp_path, data)
    assert main(["import-jcz", jcz, "-o", str(tmp_path / "out.json")]) == 2
    err = capsys.readouterr().err
    assert f"{jcz}::$.replay[1].payload.pointer: missing 'position'" in err
    assert f"{jcz}::$.replay[1].payload.pointer: missing 'location'" in err


@pytest.mark.parametrize(("declared", "message"), [
    ("x-no-such-encoding", "cannot be read: unknown encoding: x-no-such-encoding"),
    ("shift_jis", "cannot be read: multi-byte encodings are not supported"),
])
def test_expansion_xml_in_an_unknown_encoding(declared: str, message: str) -> None:
    text = f'<?xml version="1.0" encoding="{declared}"?><expansion><tiles/></expansion>'
    with pytest.raises(JczError, match=f"tiles.xml {message}"):
        parse_jcz(text.encode("ascii"), file="tiles.xml")


def test_an_import_never_writes_a_board_validate_refuses(tmp_path: Path, capsys: Any) -> None:
    # JCZ gives one follower, the log deploys more: the supply used to become -1
    data = save("river")
    data["setup"]["elements"]["small-follower"] = 1
    jcz = write(tmp_path, data)
    out = tmp_path / "out.board.json"
    assert main(["import-jcz", jcz, "-o", str(out)]) == 0
    capsys.readouterr()
    written, _ = read_json(out)
    assert all(n >= 0 for p in written["players"] for n in p["supply"].values())
    assert main(["validate", str(out)]) == 0


def test_an_import_checks_what_it_would_write(tmp_path: Path, capsys: Any,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from editor.cli import import_jcz

    real = import_jcz.position_to_dict

    def negative(position: Any) -> dict[str, Any]:
        data = real(position)
        data["players"][0]["supply"]["follower"] = -1
        return data

    monkeypatch.setattr(import_jcz, "position_to_dict", negative)
    out = tmp_path / "out.board.json"
    assert main(["import-jcz", str(DATA / "base-game.jcz"), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{out}::$.players[0].supply.follower: must be at least 0, got -1" in err
    assert "the converted board would not be valid: nothing written" in err
    assert not out.exists()


def test_an_import_refuses_figures_the_ruleset_does_not_give(tmp_path: Path,
                                                           capsys: Any) -> None:
    """Found by the fuzz: 2**31 followers per player made a board ``validate`` refuses."""
    save = json.loads((DATA / "base-game.jcz").read_text(encoding="utf-8"))
    save["setup"]["elements"]["small-follower"] = 2**31
    source = tmp_path / "many.jcz"
    source.write_text(json.dumps(save), encoding="utf-8")
    out = tmp_path / "out.board.json"
    assert main(["import-jcz", str(source), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "Ann has more figures of a kind (follower) than" in err
    assert "2147483648" in err
    assert "the converted board would not be valid: nothing written" in err
    assert not out.exists()


def test_a_huge_score_in_the_players_dock(qtbot: Any) -> None:
    from editor.qt.docks.players import SCORE, PlayersWidget
    from editor.qt.document import BoardDocument
    from editor.resources import data_dir
    from editor.workspace import open_position

    path = data_dir("samples") / "first-steps.board.json"
    position, findings = open_position(path)
    assert position is not None
    position.board.players[0].score = 10**30
    position.board.players[1].supply["follower"] = -(10**20)
    doc = BoardDocument(position, str(path), findings)
    widget = PlayersWidget()
    qtbot.addWidget(widget)
    widget.set_document(doc)
    assert widget.table.item(0, SCORE).text() == str(10**30)
    widget.table.item(0, SCORE).setText("not a number")  # typed over the text: ignored
    assert doc.players[0].score == 10**30
    widget.table.item(0, SCORE).setText("12")
    assert doc.players[0].score == 12


def test_export_of_a_log_with_an_unknown_tile(tmp_path: Path, capsys: Any) -> None:
    board = Path(__file__).parents[1] / "formats" / "sample.board.json"  # its set: not loaded
    out = tmp_path / "out.jcz"
    assert main(["export-jcz", str(board), "-o", str(out)]) == 1
    assert f"{board}::$.moves[0].tile: unknown tile 'sample/E': the log cannot be exported" \
        in capsys.readouterr().err
    assert not out.exists()
