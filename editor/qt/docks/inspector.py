"""The inspector: the hovered or selected feature — kind, tiles, open or complete, pennants
and goods, owners with their figures, and what it is worth now and at the end."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QScrollArea, QWidget

from editor.i18n import N_, _, ngettext
from editor.model.features import FeatureInfo, open_ports
from editor.model.ports import PORT_NAMES
from editor.terms import feature_name, figure_name, goods_name

from ..document import BoardDocument

EMPTY = N_("Hover a tile: the feature under the cursor lights up across the board and is "
           "explained here.")


def _points(values: dict[int, int], names: list[str]) -> str:
    if not values:
        return _("nothing")
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
        self.setText(f"<p style='color:#777'>{_(EMPTY)}</p>")

    def set_document(self, doc: BoardDocument) -> None:
        """Inspect this document from now on."""
        if self.doc is not None:
            self.doc.scoresChanged.disconnect(self.refresh)
        self.doc = doc
        doc.scoresChanged.connect(self.refresh)
        self.target = None
        self.setText(f"<p style='color:#777'>{_(EMPTY)}</p>")

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
            self.setText("<h3>" + _("Cell ({x}, {y})").format(x=x, y=y) + "</h3><p>"
                         + _("Empty.") + "</p>")
            return
        turned = _("Turned {rotation}°").format(rotation=tile.rotation * 90)
        if tile.tile.aliases:
            turned = _("Turned {rotation}° · aliases {aliases}").format(
                rotation=tile.rotation * 90, aliases=escape(", ".join(tile.tile.aliases)))
        head = ("<h3>" + _("{tile} at ({x}, {y})").format(tile=escape(tile.tile.ref), x=x, y=y)
                + f"</h3><p>{turned}</p>")
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
        sides = ", ".join(PORT_NAMES[p] for p in ports)
        rows = [(_("Feature"), f"<b>{escape(feature_name(info.kind))}</b> " + (
                    _("(segment on {ports})").format(ports=sides) if sides
                    else _("(segment on no side)"))),
                (_("Tiles"), str(info.size))]
        if info.kind in ("city", "road", "river"):
            ends = len(open_ports(self.doc.board, info.nodes))
            state = _("complete") if info.complete else ngettext(
                "open ({n} open side)", "open ({n} open sides)", ends).format(n=ends)
            rows.append((_("State"), state))
        elif info.kind in ("monastery", "garden"):
            rows.append((_("State"), _("surrounded") if info.complete else _("not surrounded")))
        if info.pennants:
            rows.append((_("Pennants"), str(info.pennants)))
        if info.goods:
            rows.append((_("Goods"), ", ".join(f"{n} {goods_name(k)}"
                                               for k, n in sorted(info.goods.items()))))
        if info.cities:
            done = sum(1 for root in info.cities if self.doc.board.is_complete(root))
            rows.append((_("Cities"), _("{n} touching, {done} complete").format(
                n=len(info.cities), done=done)))
        owners: dict[int, dict[str, int]] = {}
        for figure in info.figures:
            kinds = owners.setdefault(figure.owner, {})
            kinds[figure.kind] = kinds.get(figure.kind, 0) + 1
        if owners:
            parts = []
            for owner, kinds in owners.items():
                colour = colours[owner] if owner < len(colours) else "#808080"
                name = names[owner] if owner < len(names) else _("player {n}").format(n=owner)
                what = ", ".join(f"{figure_name(k)} × {n}" for k, n in kinds.items())
                parts.append(f"<span style='color:{colour}'>■</span> {escape(name)}: {what}")
            rows.append((_("Owners"), "<br>".join(parts)))
        else:
            rows.append((_("Owners"), _("nobody")))
        now, end = self.doc.worth(info)
        if info.kind != "field":
            label = _("Scored when completed") if info.complete else _("If completed now")
            rows.append((label, _points(now, names)))
        rows.append((_("At the end"), _points(end, names)))
        body = "".join(f"<tr><td style='color:#555;padding-right:8px'>{k}</td><td>{v}</td></tr>"
                       for k, v in rows)
        return f"<table>{body}</table>"


class InspectorDock(QDockWidget):
    """The inspector as a dock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Inspector"), parent)
        self.setObjectName("InspectorDock")
        self.inspector = InspectorWidget()
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.inspector)
        scroll.setAccessibleName(_("The feature under the cursor"))
        self.inspector.setAccessibleName(_("The feature under the cursor"))
        self.setWidget(scroll)
