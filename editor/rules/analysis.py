"""What a position being edited scores and breaks, without Qt: findings, the score report
(computed once per state, from the last one: :mod:`editor.rules.rescoring` scores again only
the features an edit changed) and what a feature is worth.

Every rule hook call runs within :data:`HOOK_BUDGET_S`. A plugin that fails meanwhile
(raises, returns what it may not, runs out of time) has its edition disabled by the host;
the analysis then adds an error finding naming it, and :meth:`Analysis.refresh` says what
to tell the person.
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence, Set
from dataclasses import replace
from typing import Protocol

from editor import logs
from editor.i18n import _
from editor.model import events as ev
from editor.model.features import FeatureInfo
from editor.model.findings import Finding

from .guard import time_budget
from .moves import Turn
from .position_editor import PositionEditor
from .rescoring import Layout, Rescorer
from .ruleset import Ruleset
from .score_report import ScoreReport, score_report

log = logs.get(__name__)

#: Seconds a rule hook may take while the editor scores: a plugin that takes longer is
#: abandoned, named in the status bar and Findings, and its edition disabled.
HOOK_BUDGET_S = 2.0


class PluginFailure(Protocol):
    """A plugin error as the host records it (``str()`` says what happened)."""

    @property
    def plugin(self) -> str:
        """The plugin (or edition) that failed."""


class FailureLog(Protocol):
    """What the analysis reads of the plugin host: its failures and disabled editions."""

    @property
    def errors(self) -> Sequence[PluginFailure]:
        """Every plugin failure, oldest first."""

    @property
    def disabled(self) -> Set[str]:
        """Editions disabled after a plugin error."""


class Analysis:
    """Findings and scores of the editor's position; :meth:`invalidate` after each edit
    that may change them. ``file_findings`` are those of reading the file; ``path`` names
    the file in the findings; plugin failures after the first ``errors_seen`` of the host
    are told (default: those from now on)."""

    def __init__(self, editor: PositionEditor, host: FailureLog,
                 file_findings: list[Finding] | None = None, path: str = "",
                 errors_seen: int | None = None) -> None:
        self.editor = editor
        self.host = host
        self.file_findings: list[Finding] = list(file_findings or [])
        self.path = path
        self._report: ScoreReport | None = None
        self._rescorer = Rescorer()
        self._layout = Layout()
        self._findings: list[Finding] | None = None
        #: plugin errors of the host already told; why scoring failed ("" when it did not)
        self._errors_seen = len(host.errors) if errors_seen is None else errors_seen
        self._failure = ""

    def invalidate(self) -> None:
        """Drop the cached report and findings (an edit changed the position)."""
        self._report = None
        self._findings = None

    def score_report(self) -> ScoreReport:
        """Scores under the editor's ruleset (computed once per state). Scoring that fails
        (a bug, in a plugin or the host) gives the scores on the board and a finding saying
        so; the traceback goes to the log."""
        if self._report is None:
            rules = self.editor.rules
            try:
                with time_budget(HOOK_BUDGET_S):
                    self._report = self._rescorer.report(self.editor.board, rules)
            except Exception as exc:  # the editor must not fall over a scoring bug
                log.error("scoring under %s failed:\n%s", rules.name, traceback.format_exc())
                self._failure = _("scoring failed ({error})").format(
                    error=f"{type(exc).__name__}: {exc}")
                players = self.editor.players
                self._report = ScoreReport(
                    rules.name, [p.name for p in players], [p.score for p in players],
                    [], [dict(p.goods) for p in players],
                    [Finding(_("{failure}: only the scores on the board are shown; the log "
                               "has the details").format(failure=self._failure),
                             "$.ruleset", self.path, "internal")])
        return self._report

    def report_for(self, rules: Ruleset) -> ScoreReport:
        """Scores under another ruleset (for the comparison view)."""
        with time_budget(HOOK_BUDGET_S):
            return score_report(self.editor.board, rules)

    def findings(self) -> list[Finding]:
        """Plugin failures, the ruleset's problem, file findings, the board's geometry, the
        rule findings recorded as it was edited and the position's findings."""
        if self._findings is None:
            found = self._ruleset_finding() + list(self.file_findings)
            found += self._layout.findings(self.editor.board)
            found += self.editor.recorded_findings()
            found += self.score_report().findings
            self._findings = self._plugin_findings() + found
        return self._findings

    def worth(self, info: FeatureInfo) -> tuple[dict[int, int], dict[int, int]]:
        """Points per player for a feature: as if it were completed now, and at the end.

        The first comes from the ruleset's completion hook, the second from the score report's
        lines located on this feature.
        """
        board = self.editor.board
        now: dict[int, int] = {}
        done = replace(info, complete=True)
        for _key, events in self.editor.rules.hooks.feature_completed(board, done, Turn(0)):
            for event in events:
                if event.type == ev.SCORE and event.player is not None:
                    now[event.player] = now.get(event.player, 0) + event.points
        end: dict[int, int] = {}
        for line in self.score_report().lines:
            if line.cell is None or line.segment is None or line.type != ev.SCORE:
                continue
            placed = board.cells.get(line.cell)
            if placed is not None and line.segment in placed.tile.segment_index \
                    and board.find(placed.node(line.segment)) == info.root:
                end[line.player] = end.get(line.player, 0) + line.points
        return now, end

    def refresh(self) -> str:
        """Compute scores and findings afresh; returns what to tell the person of a plugin
        that failed since the last time (its edition is disabled) or of scoring that failed
        altogether ("" when nothing failed)."""
        host = self.host
        self.invalidate()
        self._failure = ""
        self.findings()
        failed = host.errors[self._errors_seen:]
        self._errors_seen = len(host.errors)
        if failed:
            disabled = [e.name for e in self.editor.rules.editions if e.name in host.disabled]
            if not disabled:
                return f"{failed[-1]}"
            return _("{error} — {editions} disabled: the scores leave its rules out; see "
                     "Findings").format(error=failed[-1], editions=", ".join(disabled))
        if self._failure:
            return _("{failure}: see Findings").format(failure=self._failure)
        return ""

    def _ruleset_finding(self) -> list[Finding]:
        problem = self.editor.ruleset_problem
        if not problem:
            return []
        return [Finding(_("the board's ruleset {ruleset} is unavailable: {problem}. Nothing "
                          "is scored until a ruleset is chosen (Rules → Ruleset…); saving "
                          "keeps the file's").format(ruleset=self.editor.position.ruleset_spec,
                                                     problem=problem),
                        "$.ruleset", self.path, "ruleset-unavailable")]

    def _plugin_findings(self) -> list[Finding]:
        """An error per edition of the ruleset that a plugin failure disabled."""
        host = self.host
        found = []
        for edition in self.editor.rules.editions:
            if edition.name not in host.disabled:
                continue
            errors = [e for e in host.errors if e.plugin in (edition.plugin, edition.name)]
            why = f"{errors[-1]}" if errors else _("its plugin failed")
            found.append(Finding(_("{why}; edition {edition} is disabled: the scores leave "
                                   "its rules out").format(why=why, edition=edition.name),
                                 "$.ruleset", self.path, "plugin-error"))
        return found
