"""The one play panel: a :class:`~gamelib.play.PlaySession` of any game, with its board, its moves, undo,
hints, the values and the report. The declarations on top of it are in :mod:`gamelib.widgets.play`.

How the position is shown follows the kind of figure the game names: heaps ("heap", "heaps") as rows of
chips with a button per move; a board ("board") as squares to click or reach with the arrow keys (a move that
chooses several squares, such as coins to turn, is played with a button once they are chosen); any other kind
as its figure, with a button per move. The panel holds no rule of any game.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from gamelib import plots
from gamelib.games.base import Game
from gamelib.games.nim import HEAP_NAMES
from gamelib.parsing import Limit
from gamelib.play.session import COMPUTER, STUDENT, PlaySession
from gamelib.plots.figure import png_html
from gamelib.widgets.controls import Board, Figure
from gamelib.widgets.panel import DPI, Control, Panel, cached_png, info
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
        self.new_game_button = widgets.Button(description="New game", button_style="primary", icon="refresh")
        self.starter = widgets.ToggleButtons(options=[("You", STUDENT), ("Computer", COMPUTER)], value=session.starter,
                                             description="First move:", style={"button_width": "90px"})
        self.starter.layout.display = None if session.opponent == COMPUTER else "none"
        self.undo_button = widgets.Button(description="Undo", icon="undo", tooltip="take back the last move")
        self.hint_toggle = widgets.Checkbox(value=False, description="Show a hint", indent=False,
                                            layout=widgets.Layout(width="auto"))
        self.values_toggle = widgets.Checkbox(value=False, description="Show Grundy values", indent=False,
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
        # Games drawn as a figure: one button per move key, kept while the game goes on, so a button never
        # changes its move under the keyboard's focus (a played move's button leaves the row).
        self._key_buttons: dict = {}
        self._pool_box = widgets.HBox()
        self._signature: tuple | None = None
        self._hinted: set[int] = set()  # where in the history the student moved with the hint shown
        # Pictures whose parts can be clicked (Hackenbush's edges): where each move's part is, by picture.
        self._spots: dict[tuple, tuple[list, str]] = {}
        self._spot_keys: list = []
        self.image.on_choose(self._clicked)
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.undo_button.on_click(lambda _button: self.undo())
        self.starter.observe(lambda _change: self._starter_changed(), names="value")
        self.hint_toggle.observe(lambda _change: self._refresh(), names="value")
        self.values_toggle.observe(lambda _change: self._refresh(), names="value")
        for control in self.settings:
            if restart_on_change:
                control.widget.observe(lambda _change: self.new_game(), names="value")
            elif isinstance(control.widget, widgets.Text):  # Enter starts a new game; New game reads the text
                control.widget.continuous_update = True  # as typed, even when clicked at once
                control.widget.on_msg(self._submitted)
        setting_row = [c.widget for c in self.settings] + ([] if restart_on_change else [self.new_game_button])
        self._start([self.title, widgets.HBox(setting_row), self.starter, self.moves_area,
                     widgets.HBox([self.undo_button, self.hint_toggle, self.values_toggle]),
                     self.hint, self.values, self.report, self.moves_log],
                    [*limits, *(c.limit for c in self.settings if c.limit is not None)])
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
                         f"({self.game.change_text(m.before, m.after)})" for m in made)
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
        self._refresh("Chosen: " + (", ".join(map(str, sorted(self.chosen))) or "nothing") + ".")

    def play_chosen(self) -> bool:
        """Play the squares chosen on the board as one move."""
        if not self.chosen:
            self._complain(f"Choose {self.game.square_noun} on the board first.")
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

    def _submitted(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Enter pressed in a text box of the settings: a new game from what it says."""
        if isinstance(content, dict) and content.get("event") == "submit":
            self.new_game()

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
        """The board or the move buttons of the current game. A new game with the same moves keeps the
        widgets shown: new widgets would each have to be sent to the browser and drawn there again."""
        game, start = self.game, self.session.start
        kind = game.figure_kind
        moves = [(m.key, m.label, m.words(), m.group) for m in game.labelled_moves(start)]
        signature = (game.title, kind, tuple(moves) if kind != "board" else len(game.squares(start)))
        against = "play against the computer" if self.session.opponent == COMPUTER else \
            "play with a friend, taking turns"
        rule = game.how_to_move[0].upper() + game.how_to_move[1:]
        self.title.value = (f"<b>{html.escape(game.title)}: {against}.</b> {html.escape(rule)}; whoever makes the "
                            "last move wins.")
        if signature == self._signature:
            return
        self._signature = signature
        if kind == "board":
            self.board = Board(columns=max(s.col for s in game.squares(start)) + 1, label=f"{game.title} board")
            self.board.on_choose(self.choose)
            extra = []
            if game.choose_several:
                play = widgets.Button(description=game.choice_words, button_style="primary",
                                      layout=widgets.Layout(width="auto"))  # the whole label, never cut
                clear = widgets.Button(description="Clear the choice", layout=widgets.Layout(width="auto"))
                play.on_click(lambda _b: self.play_chosen())
                clear.on_click(lambda _b: self.clear_choice())
                extra = [widgets.HBox([play, clear])]
            self.buttons = {}
            self.moves_area.children = [self.board, *extra]
            return
        self.board = None
        self.buttons = {}
        for key, label, words, _ in moves:
            button = widgets.Button(description=label, tooltip=words,
                                    layout=widgets.Layout(width="auto", min_width="42px"))
            button.on_click(lambda _b, key=key: self.play_key(key))
            self.buttons[key] = button
        if kind in ("heap", "heaps"):
            groups = sorted({group for *_, group in moves}) if kind == "heaps" else [0]
            self.heap_rows = [widgets.HTML(layout=widgets.Layout(min_width="230px")) for _ in groups]
            self.moves_area.children = [
                widgets.HBox([label, widgets.HTML("take:")] + [self.buttons[key] for key, *_, group in moves
                                                                if group == g or kind == "heap"])
                for g, label in zip(groups, self.heap_rows, strict=True)]
        else:  # its figure (or the position in words), and a button per move of the position shown
            self.buttons = {}
            for button in self._key_buttons.values():
                button.close()
            self._key_buttons = {}
            self.moves_area.children = [self.image if kind in plots.FIGURES else self.position_words, self._pool_box]

    def _refresh(self, message: str | None = None) -> None:
        """Redraw the board, buttons, hint, values, report and log; the status line last."""
        session, game = self.session, self.game
        wins = session.winning_keys() if not session.over else []
        hinted = self.hint_toggle.value and not session.over
        legal = set(session.legal_keys())
        if self.board is not None:
            self._show_board(hinted)
        elif game.figure_kind in ("heap", "heaps"):
            self._show_heaps()
        else:
            self._show_moves(hinted, bool(wins))
        for key, button in self.buttons.items():
            button.disabled = key not in legal
            if game.figure_kind == "heaps":  # in a row per heap, amounts larger than the heap are hidden
                button.layout.display = None if key in legal else "none"
        self.undo_button.disabled = not session.history or (session.opponent == COMPUTER and not any(
            m.player == STUDENT for m in session.history))
        self.hint.value = info(hint_text(self.session, wins, self.vocabulary, self.board is not None)) if hinted else ""
        shown = self.values_toggle.value and self.vocabulary == "grundy"
        self.values.value = info(f"Grundy value now: {game.values_text(self.position)}. A P-position is one with "
                                 "Grundy value 0.") if shown else ""
        self.moves_log.value = ('<span style="color:#555555;font-size:90%">Moves: '
                                + html.escape("; ".join(f"{'you' if m.player == STUDENT else m.player}: {m.text} "
                                                        f"({game.change_text(m.before, m.after)})"
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

    def _show_moves(self, hinted: bool, wins: bool) -> None:
        """The picture (or the position in words) and one button per move of the position now; the buttons
        made for earlier positions are reused, relabelled."""
        game = self.game
        moves = [] if self.session.over else self.session.moves()
        if game.figure_kind in plots.FIGURES:
            key = ("play", repr(game), self.position, hinted)
            spots, click = self._spots.get(key, (None, ""))
            if spots is None:  # drawn once here, for where its parts are, and cached as a PNG if not yet
                figure = plots.position_figure(game, self.position, hinted)
                spots, click = self._spots[key] = figure.plotted.get("spots", []), figure.plotted.get("click", "")
                self.image.value = cached_png(key, lambda: figure)
            else:
                self.image.value = cached_png(key, lambda: plots.position_figure(game, self.position, hinted))
            labels = {move.key: move.label for move in moves}
            clickable = [(move, points) for move, points in spots if move in labels]
            self._spot_keys = [move for move, _ in clickable]
            self.image.spots = [{"points": points, "name": labels[move]} for move, points in clickable]
            self.image.alt = f"{game.title}, {game.position_text(self.position)}" + \
                ("; a winning move is marked." if hinted and wins else ".") + \
                (f" {click}" if clickable else "")
        else:
            self.position_words.value = html.escape(f"Position: {game.position_text(self.position)}")
        for move in moves:
            button = self._key_buttons.get(move.key)
            if button is None:
                button = widgets.Button(layout=widgets.Layout(width="auto", min_width="42px"))
                button.on_click(lambda _b, key=move.key: self._press(key))
                self._key_buttons[move.key] = button
            button.description, button.tooltip = move.label, move.words()
        self._pool_box.children = [self._key_buttons[move.key] for move in moves]
        self.buttons = {move.key: self._key_buttons[move.key] for move in moves}

    def _clicked(self, index: int) -> None:
        """A part of the picture clicked (a Hackenbush edge): its move is played."""
        self.play_key(self._spot_keys[index])

    def _press(self, key: Any) -> None:
        """A move button pressed: the move is played and the keyboard's focus goes to the status line, which
        says what happened (the button pressed has left the row; no other move's button takes its place)."""
        self.play_key(key)
        self.status.take_focus()

    def _show_heaps(self) -> None:
        game, session = self.game, self.session
        heaps = (self.position,) if game.figure_kind == "heap" else tuple(self.position)
        yours, theirs = [0] * len(heaps), [0] * len(heaps)
        for record in reversed(session.history):  # the last move of each player, since the student last moved
            before = (record.before,) if game.figure_kind == "heap" else tuple(record.before)
            after = (record.after,) if game.figure_kind == "heap" else tuple(record.after)
            counts = yours if record.player in (STUDENT, session.to_move) else theirs
            for i, (b, a) in enumerate(zip(before, after, strict=True)):
                counts[i] += b - a
            if record.player in (STUDENT, session.to_move):
                break
        them = "the computer" if session.opponent == COMPUTER else "the other player"
        names = ["the heap"] if game.figure_kind == "heap" else [f"heap {HEAP_NAMES[i]}" for i in range(len(heaps))]
        for i, row in enumerate(self.heap_rows):
            row.value = (f"<b>{HEAP_NAMES[i]}:</b> " if game.figure_kind == "heaps" else "") + \
                chips_html(names[i], heaps[i], yours[i], theirs[i], them) + f" ({heaps[i]})"

    def _show_board(self, hinted: bool) -> None:
        game, session = self.game, self.session
        marked = set(game.winning_squares(self.position)) if hinted else set()
        legal = set(session.legal_keys())
        squares = []
        for square in game.squares(self.position):
            enabled = not session.over and not square.fixed and (game.choose_several or square.key in legal)
            chosen = square.key in self.chosen
            winning = "part of a winning move" if game.choose_several else "a winning move"
            words = [f"{square.name}: {square.state}"] + [winning] * (square.key in marked) + ["chosen"] * chosen
            item = {"name": ", ".join(words), "symbol": square.symbol, "enabled": enabled,
                    "marked": square.key in marked,
                    "look": "fixed" if square.fixed else "piece" if square.filled else "empty"}
            if game.choose_several:
                item["chosen"] = chosen
            if square.caption:
                item["caption"] = square.caption
            squares.append(item)
        assert self.board is not None
        self.board.squares = squares

    def _static_view(self) -> dict:
        """For a saved notebook: the title, the position as the panel first shows it, and what to do."""
        game = self.game
        if self.heap_rows:
            picture = "".join(f"<div>{row.value}</div>" for row in self.heap_rows)
        elif game.figure_kind in plots.FIGURES:
            figure = (plots.board_figure(game, self.position, show_outcome=False) if game.figure_kind == "board"
                      else plots.position_figure(game, self.position, show_winning_moves=False))
            picture = png_html(plots.figure_to_png(figure, dpi=DPI), figure.text_alternative())
        else:
            picture = f"<p>{html.escape(game.position_text(self.position))}</p>"
        return {"text/html": f"<div>{self.title.value}</div>{picture}<p>Run this cell to play.</p>"}


__all__ = ["PlayPanel", "VOCABULARIES", "check_vocabulary", "chips_html"]
