"""The inspector: the hovered or selected feature — kind, tiles, open or complete, pennants
and goods, owners with their figures, and what it is worth now and at the end."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QScrollArea, QWidget

from editor.model.features import FeatureInfo, open_ports
from editor.model.ports import PORT_NAMES

from ..document import BoardDocument

EMPTY = ("<p style='color:#777'>Hover a tile: the feature under the cursor lights up across "
         "the board and is explained here.</p>")


def _points(values: dict[int, int], names: list[str]) -> str:
    if not values:
        return "nothing"
    return ", ".join(f"{escape(names[p]) if p < len(names) else p} {v}"
                     for p, v in sorted(values.items(), key=lambda kv: -kv[1]))


class InspectorWidget(QLabel):
    """Rich text about the feature under the cursor (it stays when the cursor leaves)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: BoardDocument | None = None
        self.target: tuple[int, int, str] | None = None
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setMargin(8)
        self.setText(EMPTY)

    def set_document(self, doc: BoardDocument) -> None:
        """Inspect this document from now on."""
        if self.doc is not None:
            self.doc.scoresChanged.disconnect(self.refresh)
        self.doc = doc
        doc.scoresChanged.connect(self.refresh)
        self.target = None
        self.setText(EMPTY)

    def show_feature(self, x: int, y: int, segment: str | None) -> None:
        """Inspect the feature of ``segment`` on (x, y) (the tile alone when no segment)."""
        target = (x, y, segment or "")
        if target != self.target:
            self.target = target
            self.refresh()

    def refresh(self) -> None:
        """Redraw for the current target (after the position changed)."""
        if self.doc is None or self.target is None:
            return
        x, y, segment = self.target
        tile = self.doc.tile_at(x, y)
        if tile is None:
            self.setText(f"<h3>Cell ({x}, {y})</h3><p>Empty.</p>")
            return
        head = (f"<h3>{escape(tile.tile.ref)} at ({x}, {y})</h3>"
                f"<p>Turned {tile.rotation * 90}°"
                + (f" · aliases {escape(', '.join(tile.tile.aliases))}" if tile.tile.aliases
                   else "") + "</p>")
        info = self.doc.feature(x, y, segment) if segment else None
        if info is None:
            self.setText(head)
            return
        self.setText(head + self.feature_html(info, tile.tile.segment(segment).ports))

    def feature_html(self, info: FeatureInfo, ports: tuple[int, ...]) -> str:
        """The feature's facts as HTML rows."""
        assert self.doc is not None
        names = [p.name for p in self.doc.players]
        colours = [p.colour for p in self.doc.players]
        rows = [("Feature", f"<b>{escape(info.kind)}</b> (segment on "
                 f"{', '.join(PORT_NAMES[p] for p in ports) or 'no side'})"),
                ("Tiles", str(info.size))]
        if info.kind in ("city", "road", "river"):
            ends = len(open_ports(self.doc.board, info.nodes))
            state = "complete" if info.complete else f"open ({ends} open " \
                f"side{'s' if ends != 1 else ''})"
            rows.append(("State", state))
        elif info.kind in ("monastery", "garden"):
            rows.append(("State", "surrounded" if info.complete else "not surrounded"))
        if info.pennants:
            rows.append(("Pennants", str(info.pennants)))
        if info.goods:
            rows.append(("Goods", ", ".join(f"{n} {k}" for k, n in sorted(info.goods.items()))))
        if info.cities:
            done = sum(1 for root in info.cities if self.doc.board.is_complete(root))
            rows.append(("Cities", f"{len(info.cities)} touching, {done} complete"))
        owners: dict[int, dict[str, int]] = {}
        for figure in info.figures:
            kinds = owners.setdefault(figure.owner, {})
            kinds[figure.kind] = kinds.get(figure.kind, 0) + 1
        if owners:
            parts = []
            for owner, kinds in owners.items():
                colour = colours[owner] if owner < len(colours) else "#808080"
                name = names[owner] if owner < len(names) else f"player {owner}"
                what = ", ".join(f"{n} {k}{'s' if n > 1 else ''}" for k, n in kinds.items())
                parts.append(f"<span style='color:{colour}'>■</span> {escape(name)}: {what}")
            rows.append(("Owners", "<br>".join(parts)))
        else:
            rows.append(("Owners", "nobody"))
        now, end = self.doc.worth(info)
        if info.kind != "field":
            label = "Scored when completed" if info.complete else "If completed now"
            rows.append((label, _points(now, names)))
        rows.append(("At the end", _points(end, names)))
        body = "".join(f"<tr><td style='color:#555;padding-right:8px'>{k}</td><td>{v}</td></tr>"
                       for k, v in rows)
        return f"<table>{body}</table>"


class InspectorDock(QDockWidget):
    """The inspector as a dock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Inspector", parent)
        self.setObjectName("InspectorDock")
        self.inspector = InspectorWidget()
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.inspector)
        scroll.setAccessibleName("The feature under the cursor")
        self.inspector.setAccessibleName("The feature under the cursor")
        self.setWidget(scroll)
