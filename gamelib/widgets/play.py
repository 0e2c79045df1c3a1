"""The play panel: a :class:`~gamelib.play.PlaySession` shown with buttons, the heap(s) as chips, hints.

:func:`play_subtraction` and :func:`play_nim` build it (both stay importable from :mod:`gamelib.play`).
The panel holds no rule of any game: it asks the session's rules for keys, labels, heaps and texts.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from gamelib.limits import (
    MAX_PLAY_ELEMENT,
    MAX_PLAY_HEAP,
    MAX_PLAY_NIM_HEAP,
    MAX_PLAY_NIM_HEAPS,
    MAX_PLAY_SET_SIZE,
)
from gamelib.play.session import COMPUTER, STUDENT, PlayedMove, PlaySession, reword
from gamelib.widgets.panel import StaticFallback

_CHIP, _TAKEN = "\u25cf", "\u25cb"  # ● a chip in the heap, ○ a chip just taken

#: The words a play panel may use, in the order the lessons teach them: ``"plain"`` (no terms: the first
#: lesson, before P- and N-positions are defined), ``"P/N"`` (hints name P- and N-positions) and ``"grundy"``
#: (also the "Grundy values" button; for Nim it shows the nim-sum with ⊕ and the heaps in binary, so pass it
#: only once the lesson has explained them).
VOCABULARIES = ("plain", "P/N", "grundy")


def check_vocabulary(vocabulary: object) -> str:
    """``vocabulary`` if it is one of :data:`VOCABULARIES`, else a ValueError naming it.

    >>> check_vocabulary("P/N")
    'P/N'
    """
    if not isinstance(vocabulary, str) or vocabulary not in VOCABULARIES:
        raise ValueError(f"vocabulary must be one of {', '.join(map(repr, VOCABULARIES))}, got {vocabulary!r}")
    return vocabulary


# --------------------------------------------------------------------------------------------------------
# The widget


def _chips(count: int, taken: int = 0) -> str:
    """A heap as HTML: ``count`` chips in groups of five, then ``taken`` faint chips just removed."""
    symbols = [_CHIP] * count + [_TAKEN] * taken
    groups = ["".join(symbols[i : i + 5]) for i in range(0, len(symbols), 5)]
    if not groups:
        return '<span style="color:#777777">(empty)</span>'
    text = "\u2009".join(groups)
    split = count + count // 5 if count % 5 else count + count // 5 - 1  # where the faint chips begin
    if taken and count:
        return (f'<span style="color:#0072B2">{text[:split]}</span>'
                f'<span style="color:#BBBBBB">{text[split:]}</span>')
    if taken:
        return f'<span style="color:#BBBBBB">{text}</span>'
    return f'<span style="color:#0072B2">{text}</span>'


class PlayWidget(StaticFallback, widgets.VBox):
    """The play panel: the heap(s), one button per move, undo, hint and value toggles, a status line, a report.

    Made by :func:`play_subtraction` or :func:`play_nim`. Attributes for driving it from Python:

    ``session`` (the :class:`PlaySession`), ``buttons`` (dict: move key -> Button), ``new_game_button``,
    ``undo_button``, ``starter`` (ToggleButtons, ``'student'``/``'computer'``), ``hint_toggle``,
    ``values_toggle``, ``board``, ``hint``, ``values``, ``status``, ``report``, ``moves_log`` (HTML widgets), and for
    the settings ``set_text`` + ``heap_input`` (subtraction) or ``heaps_text`` (Nim).
    Methods: :meth:`move`, :meth:`new_game`, :meth:`undo`. Properties: ``position``, ``heap`` / ``heaps``,
    ``history``.

    >>> w = play_subtraction("1, 2", 4)
    >>> w.move(1), w.heap         # 4 -> 3 (P); the computer can only stall: 3 -> 2
    (True, 2)
    >>> w.undo(), w.heap, w.history
    (True, 4, [])
    """

    def _static_view(self) -> dict:
        return {"text/html": f"<div>{self.title.value}{self.board.value}{self.status.value}</div>"}

    def __init__(self, session: PlaySession, caps: str, settings: dict[str, widgets.Widget],
                 restart: Callable[[PlayWidget], PlaySession], vocabulary: str = "plain"):
        """``settings``: the boxes that set up a game, by attribute name; ``restart(panel)`` makes the session
        of a new game from them (it raises ValueError or TypeError on a bad setting); ``vocabulary``: one of
        :data:`VOCABULARIES`."""
        super().__init__(layout=widgets.Layout(width="100%", max_width="900px"))
        self.vocabulary = check_vocabulary(vocabulary)
        self.session = session
        self._restart = restart
        for name, box in settings.items():
            setattr(self, name, box)
        self.buttons: dict = {}
        self.title = widgets.HTML()
        self.starter = widgets.ToggleButtons(
            options=[("You", STUDENT), ("Computer", COMPUTER)], value=session.starter,
            description="First move:", style={"button_width": "90px"},
        )
        self.new_game_button = widgets.Button(description="New game", button_style="primary", icon="refresh")
        self.undo_button = widgets.Button(description="Undo", icon="undo",
                                          tooltip="take back your last move and the computer's reply")
        self.hint_toggle = widgets.ToggleButton(description="Hint", icon="lightbulb-o", value=False)
        self.values_toggle = widgets.ToggleButton(description="Grundy values", value=False)
        if self.vocabulary != "grundy":  # not taught yet: no button that would use the words
            self.values_toggle.layout.display = "none"
        self.board = widgets.HTML()
        self.move_area = widgets.VBox(layout=widgets.Layout(min_height="40px"))
        self.hint = widgets.HTML()
        self.values = widgets.HTML()
        self.status = widgets.HTML()
        self.report = widgets.HTML()
        self.moves_log = widgets.HTML()
        self.caps = widgets.HTML(f'<span style="color:#555;font-size:85%">{html.escape(caps)}</span>')
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.undo_button.on_click(lambda _button: self.undo())
        self.starter.observe(lambda _change: self._starter_changed(), names="value")
        self.hint_toggle.observe(lambda _change: self._refresh(), names="value")
        self.values_toggle.observe(lambda _change: self._refresh(), names="value")
        self.children = [
            self.title,
            widgets.HBox(list(settings.values()) + [self.new_game_button]),
            self.starter,
            self.board,
            self.move_area,
            widgets.HBox([self.undo_button, self.hint_toggle, self.values_toggle]),
            self.hint,
            self.values,
            self.status,
            self.report,
            self.moves_log,
            self.caps,
        ]
        self._build_buttons()
        self._refresh(self._opening_message())

    # -- attributes for notebooks and tests
    @property
    def position(self) -> Any:
        """The current position: a heap size (subtraction) or a tuple of heaps (Nim)."""
        return self.session.position

    @property
    def heap(self) -> Any:
        """The current heap (subtraction game); for Nim the tuple of heaps, same as ``heaps``."""
        return self.session.position

    @property
    def heaps(self) -> Any:
        """The current heaps (Nim); for the subtraction game the heap size."""
        return self.session.position

    @property
    def history(self) -> list[PlayedMove]:
        """Every move so far, oldest first (see :class:`PlayedMove`)."""
        return self.session.history

    # -- actions
    def move(self, *choice: int) -> bool:
        """The student's move: ``move(amount)`` (subtraction) or ``move(heap_index, amount)`` (Nim, heap A = 0).

        Returns False (and says why in ``status``) when the move is not allowed. Raises TypeError, naming the
        value, when a number is not a whole number (``move(2.0)``, ``move(True)``).
        """
        key = choice[0] if len(choice) == 1 else tuple(choice)
        try:
            made = self.session.play(key)
        except ValueError as error:
            self.status.value = self._message(str(error), error=True)
            return False
        said = ". ".join(("You " if m.player == STUDENT else "The computer ")
                         + reword(m.text, "took") + f" ({m.before} \u2192 {m.after})" for m in made)
        self._refresh(said + ".")
        return True

    def undo(self) -> bool:
        """Take back the student's last move and the computer's reply."""
        if self.session.undo():
            self._refresh("Move taken back.")  # the refresh adds "Your turn: ..." once
            return True
        self.status.value = self._message("Nothing to undo: you have not moved yet.")
        return False

    def new_game(self) -> bool:
        """Start again with the settings shown (set and heap, or heaps; who moves first)."""
        try:
            session = self._restart(self)
        except (TypeError, ValueError) as error:
            self.status.value = self._message(f"Cannot start: {error}", error=True)
            return False
        self.session = session
        self._build_buttons()
        self._refresh(self._opening_message())
        return True

    def _starter_changed(self) -> None:
        """A new choice of who starts begins a new game at once, unless the student has already moved."""
        if any(m.player == STUDENT for m in self.session.history):
            self.status.value = self._message("The new choice of who moves first applies from the next game "
                                              "(press New game).")
        else:
            self.new_game()

    # -- drawing
    @staticmethod
    def _message(text: str, error: bool = False) -> str:
        colour = "#D55E00" if error else "#000000"
        return f'<span style="color:{colour}">{html.escape(text)}</span>'

    def _opening_message(self) -> str:
        if self.session.history:
            m = self.session.history[0]
            return f"New game. The computer moved first: it {reword(m.text, 'took')}."
        return "New game. You move first."

    def _build_buttons(self) -> None:
        """The move buttons (and heap rows) of the current game. A new game with the same moves keeps the
        ones shown: new widgets would each have to be sent to the browser and drawn there again."""
        rules = self.session.rules
        layout = [(key, rules.button_label(key), rules.move_text(key, rules.start), rules.key_heap(key)
                   if rules.heap_names is not None else None) for key in rules.keys()]
        signature = (rules.title, rules.heap_names, tuple(layout))
        if signature == getattr(self, "_buttons_signature", None):
            return
        self._buttons_signature = signature
        self.buttons = {}
        for key in rules.keys():
            button = widgets.Button(description=rules.button_label(key),
                                    layout=widgets.Layout(width="auto", min_width="42px"),
                                    tooltip=rules.move_text(key, rules.start))
            button.on_click(lambda _button, key=key: self.move(*(key if isinstance(key, tuple) else (key,))))
            self.buttons[key] = button
        if rules.heap_names is None:  # one heap: drawn large above one row of buttons
            self.heap_rows: list[widgets.HTML] = []
            self.move_area.children = [widgets.HBox(list(self.buttons.values()))]
        else:  # named heaps: one row per heap, its chips then its buttons
            self.heap_rows = [widgets.HTML(layout=widgets.Layout(width="230px")) for _ in rules.heaps(rules.start)]
            rows = []
            for i, label in enumerate(self.heap_rows):
                row = [b for key, b in self.buttons.items() if rules.key_heap(key) == i]
                rows.append(widgets.HBox([label, widgets.HTML("take:")] + row))
            self.move_area.children = rows
        self.title.value = (
            f"<b>Play {html.escape(rules.title)} against the computer.</b> Players take turns; "
            "whoever takes the last chip wins."
        )

    def _refresh(self, message: str | None = None) -> None:
        """Redraw the board, buttons, hint, values, report and log; the status line last."""
        session, rules = self.session, self.session.rules
        last = session.history[-1] if session.history else None
        heaps = rules.heaps(self.position)
        before = rules.heaps(last.before) if last else heaps
        if rules.heap_names is None:
            self.board.value = (f'<div style="font-size:22px;line-height:1.4">'
                                f"{_chips(heaps[0], before[0] - heaps[0])}</div>"
                                f"<div>Heap: <b>{heaps[0]}</b> chips</div>")
        else:
            self.board.value = "<div>Take any number of chips from one heap.</div>"
            for i, label in enumerate(self.heap_rows):
                label.value = (f'<span style="font-size:20px">{rules.heap_names[i]}: '
                               f"{_chips(heaps[i], before[i] - heaps[i])}</span> ({heaps[i]})")
        legal = set(session.legal_keys())
        for key, button in self.buttons.items():
            button.disabled = key not in legal
            if rules.heap_names is not None:  # in a row per heap, amounts larger than the heap are hidden
                button.layout.display = None if key in legal else "none"
        self.undo_button.disabled = not any(m.player == STUDENT for m in session.history)
        self.hint.value = self._hint_html() if self.hint_toggle.value and not session.over else ""
        shows_values = self.values_toggle.value and self.vocabulary == "grundy"
        self.values.value = self._values_html() if shows_values else ""
        self.moves_log.value = ('<span style="color:#555;font-size:90%">Moves: '
                          + html.escape("; ".join(map(str, session.history)) or "none yet") + "</span>")
        if session.over:
            self.report.value = f'<div style="border-left:4px solid #0072B2;padding-left:8px">' \
                                f"{html.escape(session.report())}</div>"
            verdict = "Game over: you won!" if session.winner == STUDENT else "Game over: the computer won."
            message = (message + " " if message else "") + verdict
        else:
            self.report.value = ""
            message = (message + " " if message else "") + f"Your turn: {rules.position_text(self.position)}."
        self.status.value = self._message(message)

    def _hint_html(self) -> str:
        rules, session = self.session.rules, self.session
        wins = session.winning_keys()
        plain = self.vocabulary == "plain"
        if wins:
            shown = ", ".join(rules.move_text(k, self.position) for k in wins)
            many = "s" if len(wins) > 1 else ""
            if plain:
                return self._message(f"Hint: from here you can win. Winning move{many}: {shown} (after it, every "
                                     "move the computer makes lets you win).")
            return self._message(f"Hint: this is an N-position. Winning move{many}: {shown} "
                                 "(leaves a P-position).")
        if plain:
            return self._message("Hint: from here, every move you make lets the computer win if it plays well. "
                                 "Make the game long and watch what it does.")
        return self._message("Hint: this is a P-position — every move loses if the computer plays well. "
                             "Make the game long and watch what it does.")

    def _values_html(self) -> str:
        text = f"Grundy value now: {self.session.rules.values_text(self.position)}."
        return self._message(text + " A P-position is one with Grundy value 0.")


def play_subtraction(S: object = "1, 2, 3", heap: int = 15, starter: str = STUDENT,
                     vocabulary: str = "plain") -> PlayWidget:
    """A panel to play the subtraction game ``S`` from ``heap`` chips against a perfect computer.

    Parameters
    ----------
    S : text such as ``"1, 2, 3"`` or a collection of numbers (at most 8 numbers, each 1 to 20).
    heap : the starting heap, 1 to 100 (at least the smallest element of S).
    starter : ``'student'`` (default) or ``'computer'``: who makes the first move.
    vocabulary : ``"plain"`` (default: hints in everyday words, no "Grundy values" button), ``"P/N"`` (hints
        name P- and N-positions) or ``"grundy"`` (also the Grundy values button); see :data:`VOCABULARIES`.

    Returns
    -------
    PlayWidget
        An ipywidgets VBox; see :class:`PlayWidget` for its attributes. ``buttons`` maps each amount in S
        to its button; ``move(amount)`` plays.

    Raises
    ------
    ValueError (or TypeError) naming the bad argument, e.g. a heap above 100.

    Examples
    --------
    >>> w = play_subtraction("1, 2, 3", 10)
    >>> w.move(2)
    True
    >>> w.heap                 # you took 2 (10 -> 8); the computer, now losing, took 1
    7
    >>> w.buttons[3].click()   # take 3: 7 -> 4, the computer takes 1, ...
    >>> w.heap
    3
    """
    vocabulary = check_vocabulary(vocabulary)
    session = PlaySession.subtraction(S, heap, starter)
    caps = (f"Limits: S has at most {MAX_PLAY_SET_SIZE} numbers, each from 1 to {MAX_PLAY_ELEMENT}; "
            f"the heap is from 1 to {MAX_PLAY_HEAP}.")
    settings = {
        "set_text": widgets.Text(value=", ".join(map(str, session.rules.S)), description="S =",
                                 layout=widgets.Layout(width="220px")),
        "heap_input": widgets.BoundedIntText(value=session.rules.start, min=1, max=MAX_PLAY_HEAP,
                                             description="heap:", layout=widgets.Layout(width="150px")),
    }
    return PlayWidget(session, caps, settings,
                      lambda w: PlaySession.subtraction(w.set_text.value, w.heap_input.value, w.starter.value),
                      vocabulary)


def play_nim(heaps: object = (3, 4, 5), starter: str = STUDENT, vocabulary: str = "plain") -> PlayWidget:
    """A panel to play Nim from ``heaps`` against a perfect computer: pick a heap and how many to take.

    Parameters
    ----------
    heaps : a tuple or text such as ``"3, 4, 5"``: 1 to 5 heaps, each 0 to 12, not all empty.
    starter : ``'student'`` (default) or ``'computer'``.
    vocabulary : ``"plain"`` (default), ``"P/N"`` (hints name P- and N-positions) or ``"grundy"`` (also the
        "Grundy values" button, which shows the nim-sum with ⊕ and the heaps in binary).

    Returns
    -------
    PlayWidget
        An ipywidgets VBox; see :class:`PlayWidget`. ``buttons`` maps ``(heap index, amount)`` to its button
        (heap A has index 0); ``move(heap_index, amount)`` plays.

    Examples
    --------
    >>> w = play_nim((1, 2))
    >>> w.move(1, 1)          # heap B: 2 -> 1, leaving (1, 1), a P-position; the computer must take one
    True
    >>> w.heaps
    (0, 1)
    >>> w.move(1, 1)
    True
    >>> w.session.winner
    'student'
    """
    vocabulary = check_vocabulary(vocabulary)
    session = PlaySession.nim(heaps, starter)
    caps = f"Limits: 1 to {MAX_PLAY_NIM_HEAPS} heaps, each with at most {MAX_PLAY_NIM_HEAP} chips."
    settings = {"heaps_text": widgets.Text(value=", ".join(map(str, session.rules.start)), description="heaps:",
                                           layout=widgets.Layout(width="220px"))}
    return PlayWidget(session, caps, settings, lambda w: PlaySession.nim(w.heaps_text.value, w.starter.value),
                      vocabulary)
