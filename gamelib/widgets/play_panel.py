"""The one play panel: a :class:`~gamelib.play.PlaySession` of any game, with its board, its moves, undo,
hints, the values and the report. The declarations on top of it are in :mod:`gamelib.widgets.play`.

How the position is shown follows the view of the kind of picture the game names
(:func:`~gamelib.plots.positions.view_of`): rows of chips with a button per move, squares to click or reach with
the arrow keys, or the picture with a button per move (:mod:`gamelib.widgets.play_views`). The words come from
the game's presentation (:func:`~gamelib.games.presentation.presentation_of`). The panel holds no rule of any
game and no test of a kind's name.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from gamelib.games.base import Game
from gamelib.games.presentation import presentation_of
from gamelib.parsing import Limit
from gamelib.play.session import COMPUTER, STUDENT, PlaySession
from gamelib.widgets.controls import Board, Button, Checkbox, Figure, TextBox, ToggleButtons
from gamelib.widgets.panel import Control, Panel, info
from gamelib.widgets.play_views import KeptWidgets, PlayView, play_view
from gamelib.widgets.play_words import VOCABULARIES, check_vocabulary, chips_html, hint_text


class PlayPanel(Panel):
    """The play panel (see the module notes). Attributes: ``session``, ``game``, ``buttons`` (dict: move
    key -> Button, for heap and figure games), ``board`` (a :class:`~gamelib.widgets.controls.Board`, for
    board games; ``chosen`` the squares chosen), ``new_game_button``, ``undo_button``, ``starter`` (who moves
    first, against the computer), ``hint_toggle`` and ``values_toggle`` (check boxes), ``hint``, ``values``,
    ``report``, ``moves_log`` (HTML), ``status``, the settings' widgets under their names. Methods:
    :meth:`move`, :meth:`new_game`, :meth:`undo`; ``position`` and ``history`` read the session.

    :func:`~gamelib.widgets.play_game` and the lessons' panels make one; Python can play it too:

    >>> from gamelib.widgets import play_subtraction
    >>> w = play_subtraction("1, 2", heap=4)
    >>> w.move(3), w.status_text  # not a move here: the panel says why, and nothing changes
    (False, '3 is not a move allowed from heap 4; allowed: [1, 2]')
    >>> w.move(1), w.status_text  # the computer answers at once
    (True, 'You took 1 (4 → 3). The computer took 1 (3 → 2). Your turn: heap 2.')
    >>> w.undo(), w.position
    (True, 4)
    """

    def __init__(self, session: PlaySession, settings: Sequence[Control], restart: Callable[[dict], PlaySession],
                 vocabulary: str = "P/N", restart_on_change: bool = False, limits: Sequence[Limit] = ()):
        super().__init__()
        self.vocabulary = check_vocabulary(vocabulary)
        self.session, self.settings, self._restart = session, list(settings), restart
        for control in self.settings:
            setattr(self, control.attr, control.widget)
        self.title = widgets.HTML()
        self.new_game_button = Button(description="New game", button_style="primary", icon="refresh")
        self.starter = ToggleButtons(options=[("You", STUDENT), ("Computer", COMPUTER)], value=session.starter,
                                             description="First move:", style={"button_width": "90px"})
        self.starter.layout.display = None if session.opponent == COMPUTER else "none"
        self.undo_button = Button(description="Undo", icon="undo", tooltip="take back the last move")
        self.hint_toggle = Checkbox(value=False, description="Show a hint", indent=False,
                                            layout=widgets.Layout(width="auto"))
        self.values_toggle = Checkbox(value=False, description="Show Grundy values", indent=False,
                                              layout=widgets.Layout(width="auto"))
        if self.vocabulary != "grundy":  # not taught yet: no box that would use the words
            self.values_toggle.layout.display = "none"
        self.moves_area = widgets.VBox(layout=widgets.Layout(min_height="40px"))
        self.hint, self.values, self.report, self.moves_log = (widgets.HTML() for _ in range(4))
        self.board: Board | None = None
        self.image = Figure()
        self.chosen: list = []
        self.buttons: dict = {}
        self.heap_rows: list[widgets.HTML] = []
        self.position_words = widgets.HTML()
        #: Widgets the presentations use again in later games (rows of heaps, move buttons: see play_views).
        self.kept = KeptWidgets()
        self._signature: tuple | None = None
        self.view: PlayView  # made by _build, from the view of the game's kind of picture
        self._hinted: set[int] = set()  # where in the history the student moved with the hint shown
        self.image.on_choose(self._clicked)
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.undo_button.on_click(lambda _button: self.undo())
        self.starter.observe(lambda _change: self._starter_changed(), names="value")
        self.hint_toggle.observe(lambda _change: self._refresh(), names="value")
        self.values_toggle.observe(lambda _change: self._refresh(), names="value")
        for control in self.settings:
            if restart_on_change:
                control.widget.observe(lambda _change: self.new_game(), names="value")
            elif isinstance(control.widget, TextBox):  # Enter starts a new game from exactly the text in the box
                control.widget.on_submit(lambda _box: self.new_game())
        setting_row = [c.widget for c in self.settings] + ([] if restart_on_change else [self.new_game_button])
        self._start([self.title, widgets.HBox(setting_row), self.starter, self.moves_area,
                     widgets.HBox([self.undo_button, self.hint_toggle, self.values_toggle]),
                     self.hint, self.values, self.report, self.moves_log],
                    [*limits, *(c.limit for c in self.settings if c.limit is not None)], status_at=3)
        self._build()
        self._refresh(self._opening_message())

    # -- attributes for notebooks and tests
    @property
    def game(self) -> Game:
        """The game being played."""
        return self.session.game

    @property
    def position(self) -> Any:
        """The current position."""
        return self.session.position

    @property
    def history(self) -> list:
        """Every move so far, oldest first (see :class:`~gamelib.play.PlayedMove`)."""
        return self.session.history

    # -- actions
    def move(self, *key: Any) -> bool:
        """Play the move ``key``: ``move(amount)``, ``move(heap_index, amount)``, ``move(row, col)`` (from 0),
        ``move(6, 5)`` (coins to turn), as the game keys its moves. False (with the reason in the status line)
        when the move is not allowed; TypeError naming the value when a number is not a whole number.
        A game whose keys are tuples of any length (coins: ``(6,)``) also takes ``move(6)`` for the key ``(6,)``."""
        one = key[0] if len(key) == 1 else tuple(key)
        if len(key) == 1 and not isinstance(one, tuple) and one not in self.session.legal_keys() \
                and tuple(key) in self.session.legal_keys():
            one = tuple(key)
        return self.play_key(one)

    def play_key(self, key: Any) -> bool:
        """Play the move whose key is ``key``, exactly as the game keys it (the buttons and the board use it)."""
        hinted = self.hint_toggle.value
        try:
            made = self.session.play(key)
        except ValueError as error:
            self._complain(error)
            return False
        names = {STUDENT: "You", COMPUTER: "The computer"}
        said = ". ".join(f"{names.get(m.player, 'The ' + m.player)} {m.move.words('past')} "
                         f"({presentation_of(self.game).change_text(self.game, m.before, m.after)})" for m in made)
        self.chosen = []
        self._hinted = (self._hinted | {len(self.session.history) - len(made)}) if hinted else self._hinted
        self._refresh(said + ".")
        return True

    def choose(self, index: int) -> None:
        """A square of the board chosen: played at once, or (moves that choose several) added to the choice."""
        square = self.game.squares(self.position)[index]
        if not self.game.choose_several:
            self.play_key(square.key)
            return
        self.chosen = [k for k in self.chosen if k != square.key] if square.key in self.chosen else \
            [*self.chosen, square.key]
        names = [sq.name for sq in self.game.squares(self.position) if sq.key in self.chosen]  # in the board's order
        self._refresh("Chosen: " + ("; ".join(names) or "nothing") + ".")

    def play_chosen(self) -> bool:
        """Play the squares chosen on the board as one move."""
        if not self.chosen:
            self._complain(f"Choose {presentation_of(self.game).square_noun(self.game)} on the board first.")
            return False
        return self.play_key(self.game.chosen_move(tuple(self.chosen)))

    def clear_choice(self) -> None:
        """Forget the squares chosen on the board."""
        self.chosen = []
        self._refresh("Choice cleared.")

    def undo(self) -> bool:
        """Take back the last move (against the computer: the student's move and the computer's reply)."""
        if self.session.undo():
            self.chosen, self._hinted = [], {i for i in self._hinted if i < len(self.history)}
            self._refresh("Move taken back.")
            return True
        self._complain("Nothing to undo: no move has been made yet.")
        return False

    def new_game(self) -> bool:
        """Start again with the settings shown (and who moves first)."""
        try:
            session = self._restart({c.name: c.read() for c in self.settings} | {"starter": self.starter.value})
        except (TypeError, ValueError) as error:
            self._complain(f"Cannot start: {error}")
            return False
        self.session, self.chosen, self._hinted = session, [], set()
        self._build()
        self._refresh(self._opening_message())
        return True

    def _starter_changed(self) -> None:
        """A new choice of who starts begins a new game at once, unless the student has already moved."""
        if any(m.player == STUDENT for m in self.history):
            self._say("The new choice of who moves first applies from the next game (press New game).")
        else:
            self.new_game()

    # -- drawing
    def _opening_message(self) -> str:
        if self.history:
            return f"New game. The computer moved first: it {self.history[0].move.words('past')}."
        # With a friend the turn line that follows says who moves ("The first player to move: ...").
        return "New game. You move first." if self.session.opponent == COMPUTER else "New game."

    def _build(self) -> None:
        """The board or the move buttons of the current game (:mod:`~gamelib.widgets.play_views`). A new game
        with the same moves keeps the widgets shown: new widgets would each have to be sent to the browser and
        drawn there again."""
        game, words = self.game, presentation_of(self.game)
        against = "play against the computer" if self.session.opponent == COMPUTER else \
            "play with a friend, taking turns"
        how = words.how_to_move(game)
        rule = how[0].upper() + how[1:]
        self.title.value = (f"<b>{html.escape(game.title)}: {against}.</b> {html.escape(rule)}; whoever makes the "
                            "last move wins.")
        presenter = play_view(self)
        signature = (game.title, *presenter.signature(self))
        if signature == self._signature:
            return
        self._signature, self.view = signature, presenter(self)
        self.board, self.buttons, self.heap_rows = None, {}, []
        self.moves_area.children = self.view.build()

    def _refresh(self, message: str | None = None) -> None:
        """Redraw the board, buttons, hint, values, report and log; the status line last."""
        session, game = self.session, self.game
        wins = session.winning_keys() if not session.over else []
        hinted = self.hint_toggle.value and not session.over
        legal = set(session.legal_keys())
        self.view.show(hinted)
        for key, button in self.buttons.items():
            button.disabled = key not in legal
        self.undo_button.disabled = not session.history or (session.opponent == COMPUTER and not any(
            m.player == STUDENT for m in session.history))
        self.hint.value = info(hint_text(self.session, wins, self.vocabulary, self.board is not None)) if hinted else ""
        shown = self.values_toggle.value and self.vocabulary == "grundy"
        words = presentation_of(game)
        self.values.value = info(f"Grundy value now: {words.values_text(game, self.position)}. A P-position is one "
                                 "with Grundy value 0.") if shown else ""
        self.moves_log.value = ('<span style="color:#555555;font-size:90%">Moves: '
                                + html.escape("; ".join(f"{'you' if m.player == STUDENT else m.player}: {m.text} "
                                                        f"({words.change_text(game, m.before, m.after)})"
                                                        for m in session.history) or "none yet") + "</span>")
        if session.over:
            self.report.value = (f'<div style="border-left:4px solid #0072B2;padding-left:8px">'
                                 f"{html.escape(session.report(self.vocabulary == 'plain') + self._hints_used())}"
                                 "</div>")
            winner = {STUDENT: "you won!", COMPUTER: "the computer won."}.get(session.winner or "",
                                                                             f"the {session.winner} won.")
            message = (message + " " if message else "") + f"Game over: {winner}"
        else:
            self.report.value = ""
            turn = "Your turn" if session.opponent == COMPUTER else f"The {session.to_move} to move"
            message = (message + " " if message else "") + f"{turn}: {game.position_text(self.position)}."
        self._say(message)

    def _hints_used(self) -> str:
        """The report's last sentence when the student moved with the hint shown: how often."""
        yours = [i for i, m in enumerate(self.history) if m.player != COMPUTER]
        helped = len(self._hinted.intersection(yours))
        if not helped:
            return ""
        return f" The hint was shown for {'all' if helped == len(yours) else helped} of your {len(yours)} " \
               f"move{'s' if len(yours) != 1 else ''}: next time, try without it."

    def _clicked(self, index: int) -> None:
        """A part of the picture clicked (a Hackenbush edge): its move is played."""
        self.play_key(self.view.clicked_key(index))

    def press(self, key: Any) -> None:
        """A move button pressed: the move is played and the keyboard's focus goes to the status line, which
        says what happened (the button pressed has left the row; no other move's button takes its place). The
        status line sits just above the moves, so the next Tab reaches the moves that remain."""
        self.play_key(key)
        self.status.take_focus()

    def _static_view(self) -> dict:
        """For a saved notebook: the title, the position as the panel first shows it, and what to do."""
        return {"text/html": f"<div>{self.title.value}</div>{self.view.still()}<p>Run this cell to play.</p>"}


__all__ = ["PlayPanel", "VOCABULARIES", "check_vocabulary", "chips_html"]
