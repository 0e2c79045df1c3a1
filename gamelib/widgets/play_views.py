"""How the play panel presents positions and moves, one class per presentation a kind of picture names
(:data:`~gamelib.plots.positions.KindView.play`): :class:`MoveButtons` (the picture, or the position in words,
and a button per move), :class:`Squares` (a board whose squares are chosen by click or arrow keys and Enter)
and :class:`HeapRows` (a row of chips per heap, each with the buttons of the moves that take from it).

Each builds the widgets of the moves area (``build``), shows a position (``show``) and gives the still view of
a saved notebook (``still``). None knows a game: the session, the game's presentation (its words) and the
kind's view (its drawing and text alternative) say everything. A view reaches its panel only through
:class:`PlayHost`, the public part of :class:`~gamelib.widgets.play_panel.PlayPanel` it needs (the panel
imports this module, never the other way round).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable
from typing import Any, Protocol

import ipywidgets as widgets

from gamelib import plots
from gamelib.games.base import Game
from gamelib.games.presentation import Heap, Move, presentation_of
from gamelib.play.session import COMPUTER, STUDENT, PlaySession
from gamelib.plots.figure import png_html
from gamelib.plots.positions import HEAP_ROWS, MOVE_BUTTONS, SQUARES, view_of
from gamelib.widgets.controls import Board, Button, Figure, MoveButton, Status
from gamelib.widgets.panel import DPI, cached_png
from gamelib.widgets.play_words import chips_html


def _name(label: str, words: str) -> str:
    """A move button's name: its words ("take 1 from heap A"), led by its label when the words do not hold it
    ("1 from stair 3: move 1 coin from stair 3 to stair 2"), so the label seen is in the name heard."""
    return words if label in words else f"{label}: {words}"


def _button(label: str, words: str) -> MoveButton:
    """A move's button: its label to see, its words in its name (what a screen reader says, and its tooltip)."""
    return MoveButton(description=label, name=_name(label, words))


#: Move buttons a play panel keeps from its earlier games, at most (the oldest are closed beyond it).
KEPT_BUTTONS = 200


class KeptWidgets:
    """The widgets a play panel keeps for its later games: every new widget is two models the browser must open
    (the widget, with the kit's JavaScript and style sheet, and its layout): a new game of Lasker's Nim opened 73
    of them (about 140 ms in Chromium); the widgets used again cost nothing.

    >>> kept = KeptWidgets()
    >>> kept.get("row", widgets.HBox) is kept.get("row", widgets.HBox)
    True
    """

    def __init__(self) -> None:
        self._made: dict[Hashable, Any] = {}
        self._buttons: dict[tuple, MoveButton] = {}  # by (key, label, words), the newest last

    def get(self, name: Hashable, make: Callable[[], Any]) -> Any:
        """The widgets kept under ``name``, made by ``make()`` the first time."""
        if name not in self._made:
            self._made[name] = make()
        return self._made[name]

    def button(self, move: Move, play: Callable[[Hashable], object], shown: Callable[[MoveButton], bool]) -> MoveButton:
        """The button of ``move`` in a row of heaps: a button an earlier game showed for the same move (same key,
        label and words, so it plays the same key), or a new one whose click calls ``play(move.key)``. Beyond
        :data:`KEPT_BUTTONS`, the oldest are closed, unless ``shown`` says one is on the panel now (a game with
        that many moves)."""
        spec = (move.key, move.label, move.words())
        kept = self._buttons
        button = kept.pop(spec, None)
        if button is None:
            button = _button(move.label, move.words())
            button.on_click(lambda _b, key=move.key: play(key))
        kept[spec] = button  # the newest last
        while len(kept) > KEPT_BUTTONS:
            oldest = next(iter(kept))
            if shown(kept[oldest]):
                break
            kept.pop(oldest).close()
        return button


class PlayHost(Protocol):
    """What a presentation uses of its play panel: its public attributes and actions (see
    :class:`~gamelib.widgets.play_panel.PlayPanel`, which is one)."""

    session: PlaySession
    image: Figure
    position_words: widgets.HTML
    status: Status
    buttons: dict
    board: Board | None
    chosen: list
    heap_rows: list[widgets.HTML]
    kept: KeptWidgets

    @property
    def game(self) -> Game: ...

    @property
    def position(self) -> Any: ...

    def play_key(self, key: Any) -> bool: ...

    def press(self, key: Any) -> None: ...

    def choose(self, index: int) -> None: ...

    def play_chosen(self) -> bool: ...

    def clear_choice(self) -> None: ...


class PlayView:
    """What every presentation does (see the module notes); ``panel`` is the play panel it fills."""

    def __init__(self, panel: PlayHost):
        self.panel = panel

    @classmethod
    def signature(cls, panel: PlayHost) -> tuple:
        """What must stay the same for a new game to keep the widgets shown."""
        return (cls,)

    def build(self) -> list[widgets.Widget]:  # pragma: no cover - each presentation builds its own
        """The widgets of the moves area for the game starting now."""
        raise NotImplementedError

    def show(self, hinted: bool) -> None:  # pragma: no cover - each presentation shows its own
        """Show the position now (``hinted``: the hint is on and the game goes on)."""
        raise NotImplementedError

    def clicked_key(self, index: int) -> Hashable:
        """The move of the part of the picture numbered ``index`` (a Hackenbush edge), when the picture takes
        clicks; IndexError otherwise."""
        raise IndexError(f"the picture shown has no part {index} to click")

    def picture_text(self, hinted: bool) -> str:
        """The text alternative of the position shown: the kind's one function, for every panel."""
        panel = self.panel
        return view_of(panel.game).describe(panel.game, panel.position, hinted, False)

    def still(self) -> str:
        """HTML of the position as the panel first shows it, for a saved notebook: the kind's drawing with
        nothing marked (or the position in words), with its text alternative."""
        panel = self.panel
        if view_of(panel.game).draw is None:
            return f"<p>{html.escape(self.picture_text(False))}</p>"
        figure = plots.position_figure(panel.game, panel.position, show_winning_moves=False)
        return png_html(plots.figure_to_png(figure, dpi=DPI), self.picture_text(False))


class MoveButtons(PlayView):
    """The picture of the position (or the position in words) and one button per move of the position shown.
    Buttons are kept by move key while the game goes on, so a button never changes its move under the
    keyboard's focus (a played move's button leaves the row)."""

    def __init__(self, panel: PlayHost):
        super().__init__(panel)
        # One button per move key, kept while the game goes on, so a button never changes its move under the
        # keyboard's focus (a played move's button leaves the row).
        self.key_buttons: dict[Hashable, MoveButton] = panel.kept.get("key buttons", dict)
        self.pool = panel.kept.get("move buttons", widgets.HBox)
        # Pictures whose parts can be clicked (Hackenbush's edges): where each move's part is, by picture; and
        # the moves of the parts of the picture shown, in the order the figure numbers them.
        self.spots: dict[tuple, tuple[list, str]] = panel.kept.get("spots", dict)
        self.spot_keys: list = []

    def build(self) -> list[widgets.Widget]:
        panel = self.panel
        for button in self.key_buttons.values():  # the buttons of the panel's last game
            button.close()
        self.key_buttons.clear()
        return [panel.image if view_of(panel.game).draw is not None else panel.position_words, self.pool]

    def show(self, hinted: bool) -> None:
        panel, game = self.panel, self.panel.game
        moves = [] if panel.session.over else panel.session.moves()
        if view_of(game).draw is not None:
            click = self._show_picture(hinted, {move.key: move.label for move in moves})
            panel.image.alt = self.picture_text(hinted) + (f" {click}" if click else "")
        else:
            panel.position_words.value = html.escape(f"Position: {game.position_text(panel.position)}")
        for move in moves:
            button = self.key_buttons.get(move.key)
            if button is None:
                button = _button(move.label, move.words())
                button.on_click(lambda _b, key=move.key: panel.press(key))
                self.key_buttons[move.key] = button
            button.description, button.name = move.label, _name(move.label, move.words())
        self.pool.children = [self.key_buttons[move.key] for move in moves]
        panel.buttons = {move.key: self.key_buttons[move.key] for move in moves}

    def clicked_key(self, index: int) -> Hashable:
        return self.spot_keys[index]

    def _show_picture(self, hinted: bool, labels: dict) -> str:
        """Draw the position; where the picture records the parts a click plays (``plotted["spots"]``: a
        Hackenbush picture's edges), let the figure take clicks on those of the moves ``labels`` names. Returns
        the sentence that says so ("" when nothing can be clicked)."""
        panel, game = self.panel, self.panel.game
        key = ("play", repr(game), panel.position, hinted)
        spots, click = self.spots.get(key, (None, ""))
        if spots is None:  # drawn once here, for where its parts are, and cached as a PNG if not yet
            figure = plots.position_figure(game, panel.position, hinted)
            spots, click = self.spots[key] = figure.plotted.get("spots", []), figure.plotted.get("click", "")
            panel.image.value = cached_png(key, lambda: figure)
        else:
            panel.image.value = cached_png(key, lambda: plots.position_figure(game, panel.position, hinted))
        clickable = [(move, points) for move, points in spots if move in labels]
        self.spot_keys = [move for move, _ in clickable]
        panel.image.spots = [{"points": points, "name": labels[move]} for move, points in clickable]
        return click if clickable else ""


class Squares(PlayView):
    """The squares of a board (``game.squares``), chosen by click or by the arrow keys and Enter; a move that
    chooses several squares is played with a button once they are chosen."""

    @classmethod
    def signature(cls, panel: PlayHost) -> tuple:
        return (cls, len(panel.game.squares(panel.session.start)))

    def build(self) -> list[widgets.Widget]:
        """The board and, where several squares make a move, its two buttons: those of the panel's earlier
        games when it had any (a board of another size is the same widget with new squares)."""
        panel, game = self.panel, self.panel.game

        def board() -> Board:
            made = Board()
            made.on_choose(panel.choose)
            return made

        panel.board = panel.kept.get("board", board)
        with panel.board.hold_sync():
            panel.board.columns = max(s.col for s in game.squares(panel.session.start)) + 1
            panel.board.label = f"{game.title} board"
        extra = []
        if game.choose_several:

            def buttons() -> widgets.HBox:
                play = Button(button_style="primary", layout=widgets.Layout(width="auto"))  # never cut
                clear = Button(description="Clear the choice", layout=widgets.Layout(width="auto"))
                play.on_click(lambda _b: panel.play_chosen())
                clear.on_click(lambda _b: panel.clear_choice())
                return widgets.HBox([play, clear])

            row = panel.kept.get("choice buttons", buttons)
            row.children[0].description = presentation_of(game).choice_words(game)
            extra = [row]
        return [panel.board, *extra]

    def show(self, hinted: bool) -> None:
        panel, game, session = self.panel, self.panel.game, self.panel.session
        words = presentation_of(game)
        marked = set(words.winning_squares(game, panel.position)) if hinted else set()
        legal = set(session.legal_keys())
        squares = []
        for square in game.squares(panel.position):
            enabled = not session.over and not square.fixed and (game.choose_several or square.key in legal)
            chosen = square.key in panel.chosen
            said = [f"{square.name}: {square.state}"] + [words.square_mark(game)] * (square.key in marked) + \
                ["chosen"] * chosen
            item = {"name": ", ".join(said), "symbol": words.symbol(game, square), "enabled": enabled,
                    "marked": square.key in marked,
                    "look": "fixed" if square.fixed else "piece" if square.filled else "empty"}
            if game.choose_several:
                item["chosen"] = chosen
            caption = words.caption(game, square)
            if caption:
                item["caption"] = caption
            squares.append(item)
        assert panel.board is not None
        panel.board.squares = squares


class HeapRows(PlayView):
    """A row per heap (the presentation's :meth:`~gamelib.games.presentation.Presentation.heaps`): its chips (the
    chips each player just took drawn hollow) and the buttons of the moves that take from it (a move's
    ``group`` is its heap); moves that are not a take from one heap (chips moved between heaps, a heap split)
    have a row of their own."""

    @classmethod
    def signature(cls, panel: PlayHost) -> tuple:
        moves = panel.session.moves(panel.session.start)
        return (cls, tuple((m.key, m.label, m.words(), m.group) for m in moves))

    def __init__(self, panel: PlayHost):
        super().__init__(panel)
        self.words = presentation_of(panel.game)
        self.area = panel.kept.get("heap rows", widgets.VBox)
        self.rows: list[widgets.HBox] = []
        self.others = panel.kept.get("other moves", lambda: widgets.HBox([widgets.HTML("other moves:")]))
        self._groups: dict = {}  # the row of each button: its move's group
        self._shape: tuple = ()

    def heaps(self, position: Any) -> list[Heap]:
        """The heaps of ``position``, as the game's presentation names them."""
        return self.words.heaps(self.panel.game, position)

    def build(self) -> list[widgets.Widget]:
        self.panel.buttons = {}
        self._groups = {}
        self._lay_out(self.heaps(self.panel.position))
        return [self.area]

    def _lay_out(self, heaps: list[Heap]) -> None:
        """(Re)make the rows for the heaps of the position now (a split changes how many there are)."""
        panel = self.panel
        # The rows of earlier games are used again (see KeptWidgets): row i is always the row of heap i.
        rows = [panel.kept.get(("heap row", i), lambda: (widgets.HTML(layout=widgets.Layout(min_width="230px")),
                                                         widgets.HTML("take:"), widgets.HBox()))
                for i in range(len(heaps))]
        panel.heap_rows = [label for label, _, _ in rows]
        for label, take, row in rows:
            row.children = [label, take]
        self.rows = [row for _, _, row in rows]
        self.others.children = self.others.children[:1]
        self.area.children = [*self.rows, self.others]
        self._shape = tuple(heap.label for heap in heaps)

    def show(self, hinted: bool) -> None:
        panel, session = self.panel, self.panel.session
        heaps = self.heaps(panel.position)
        if self._shape != tuple(heap.label for heap in heaps):
            self._lay_out(heaps)
        named = any(heap.label for heap in heaps)  # heaps A, B, C (not the one heap of a one-heap game)
        moves = session.moves() if not session.over else []
        for move in moves:
            if move.key not in panel.buttons:
                panel.buttons[move.key] = panel.kept.button(move, panel.play_key,
                                                            lambda button: button in panel.buttons.values())
                self._groups[move.key] = move.group
        legal = {move.key for move in moves}
        rows: list[list] = [[] for _ in heaps]
        others: list = []
        for key, button in panel.buttons.items():
            group = self._groups[key]
            (rows[group] if group is not None and group < len(heaps) else others).append(button)
            button.disabled = key not in legal
            # In a row per named heap, amounts larger than the heap are hidden (a button kept from an earlier
            # game may have been); the one heap keeps every amount of the rule in sight.
            button.layout.display = None if key in legal or not named else "none"
        for row, label, buttons in zip(self.rows, panel.heap_rows, rows, strict=True):
            row.children = [label, row.children[1], *buttons]
        self.others.children = [self.others.children[0], *others]
        self.others.layout.display = None if any(b.layout.display != "none" for b in others) else "none"
        self._show_chips(heaps)

    def _show_chips(self, heaps: list[Heap]) -> None:
        panel, session = self.panel, self.panel.session
        yours, theirs = [0] * len(heaps), [0] * len(heaps)
        for record in reversed(session.history):  # the last move of each player, since the student last moved
            before, after = self.heaps(record.before), self.heaps(record.after)
            counts = yours if record.player in (STUDENT, session.to_move) else theirs
            if len(before) == len(after) == len(heaps):  # chips taken are drawn only while the heaps stay put
                for i, (b, a) in enumerate(zip(before, after, strict=True)):
                    counts[i] += max(b.size - a.size, 0)
            if record.player in (STUDENT, session.to_move):
                break
        them = "the computer" if session.opponent == COMPUTER else "the other player"
        for i, (row, heap) in enumerate(zip(panel.heap_rows, heaps, strict=True)):
            row.value = (f"<b>{html.escape(heap.label)}:</b> " if heap.label else "") + \
                chips_html(heap.name, heap.size, yours[i], theirs[i], them) + f" ({heap.size})"

    def still(self) -> str:
        return "".join(f"<div>{row.value}</div>" for row in self.panel.heap_rows)


#: The presentation of each :data:`~gamelib.plots.positions.KindView.play`.
PLAY_VIEWS: dict[str, type[PlayView]] = {MOVE_BUTTONS: MoveButtons, SQUARES: Squares, HEAP_ROWS: HeapRows}


def play_view(panel: PlayHost) -> type[PlayView]:
    """The presentation of the panel's game, as its kind of picture names it."""
    return PLAY_VIEWS[view_of(panel.game).play]


__all__ = ["KEPT_BUTTONS", "PLAY_VIEWS", "HeapRows", "KeptWidgets", "MoveButtons", "PlayHost", "PlayView", "Squares",
           "play_view"]
