"""Studies at scale: many games under several rulesets and tile sets, played by simulated
players (:mod:`.players`) or read from a folder of saves (:mod:`.corpus`), run in this
process, on every core or on a Dask cluster (:mod:`.executors`, :mod:`.runner`), kept in a
table (:mod:`.table`) and summarised (:mod:`.summary`, :mod:`.summary_text`, :mod:`.plots`).

No Qt here: the ``study`` command and the editor's *Board → Study…* dialog are built on
this package. The engine is used through its highest-level functions (legal placements,
figure options, apply, final scoring, the solver, the move-log replay), never the board's
internals.
"""

from .folder import Outcome, StudyFolder
from .runner import Progress
from .spec import CORPUS, SELF_PLAY, StudyError, StudySpec

__all__ = ["CORPUS", "SELF_PLAY", "Outcome", "Progress", "StudyError", "StudyFolder",
           "StudySpec"]
