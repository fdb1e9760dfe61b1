"""JCloisterZone 5.x saved games: reading (:mod:`.save`), names (:mod:`.mapping`) and
conversion to a position with a move log (:mod:`.convert`). No Qt."""

from .convert import Conversion, convert, restore
from .save import JczSave, looks_like_save, parse_save, read_save

__all__ = ["Conversion", "JczSave", "convert", "looks_like_save", "parse_save", "read_save",
           "restore"]
