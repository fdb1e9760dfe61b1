"""``render``: draw a board to a PNG or SVG file, with no window."""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from editor.formats.jsonio import STDIN, source_name
from editor.i18n import _

from .common import CommandError, load

FORMATS = (".png", ".svg")


def register(subparsers: Any) -> None:
    """Add the ``render`` subcommand."""
    parser = subparsers.add_parser(
        "render", help=_("draw a board to PNG or SVG"),
        description=_("Draw a board with its figures, notes, arrows and highlights to a PNG "
        "(100 pixels per tile at scale 1) or an SVG of vector shapes. Needs no display. "
        "Exit code: 0 written, 2 the board cannot be read, the image cannot be written or "
        "the command line is wrong."))
    parser.add_argument("board", metavar="BOARD", help=_("a board file, or '-' for standard input"))
    parser.add_argument("-o", "--output", required=True, metavar="OUT",
                        help=_("the image to write: a .png or .svg file, or '-' for SVG on "
                        "standard output"))
    parser.add_argument("--no-annotations", action="store_true",
                        help=_("leave out notes, arrows and highlights"))
    parser.add_argument("--scale", type=float, default=None, metavar="S",
                        help=_("PNG size factor (1 = 100 pixels per tile; default 1, or less "
                        "for a board too large for a 32,000-pixel image)"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Load the board and write the image."""
    to_stdout = args.output == STDIN
    ext = ".svg" if to_stdout else os.path.splitext(args.output)[1].lower()
    try:
        if ext not in FORMATS:
            raise CommandError(_("cannot tell the image format of {file!r}: name it .png or "
                                 ".svg").format(file=args.output))
        if args.scale is not None and not (args.scale > 0 and math.isfinite(args.scale)):
            raise CommandError(_("--scale must be a positive number, not {scale}").format(
                scale=args.scale))
        position = load(args.board)
    except CommandError as exc:
        print(f"carcassonne-editor render: {exc}", file=sys.stderr)
        return 2
    # Rendering never needs a window: stay off any display unless told otherwise.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from editor.qt.render import RenderError, render_png, render_svg

    annotations = not args.no_annotations
    try:
        if to_stdout:
            with tempfile.TemporaryDirectory() as folder:
                image = Path(folder) / "board.svg"
                render_svg(position, image, annotations=annotations)
                sys.stdout.flush()
                sys.stdout.buffer.write(image.read_bytes())
            return 0
        if ext == ".png":
            render_png(position, args.output, annotations=annotations, scale=args.scale)
        else:
            render_svg(position, args.output, annotations=annotations)
    except RenderError as exc:
        print(_("carcassonne-editor render: cannot draw {file}: {error}").format(
            file=source_name(args.board), error=exc), file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(_("carcassonne-editor render: cannot write {file}: {error}").format(
            file=args.output, error=exc), file=sys.stderr)
        return 2
    print(_("wrote {file}").format(file=args.output))
    return 0
