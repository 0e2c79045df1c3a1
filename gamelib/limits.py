"""Every size limit of gamelib, in one place, each with the reason for its value.

A limit judges the work really needed, not the size asked for. Where the work follows from the request
(a table of n values, a board of n positions) a request beyond the limit is refused at once with
:class:`~gamelib.LimitError`, whose message states the limit. Where it does not -- a period search stops
as soon as the period is proven, however large its ``max_search`` -- the work actually done is counted
against a stated budget, and the search stops with LimitError only when it passes it, saying how far it
got. The values are chosen so that everything the size limits admit answers within a few seconds on a
2-core laptop and fits in a few hundred MB. Modules import their limits from here; a new limit goes here too.
"""


# --- Tables, subtraction sets and the generic engine

#: Largest number of values a table (``grundy_values``, ``outcomes``, ...) may hold: 10**8 bytes at most.
MAX_TABLE = 10**8
#: Largest element allowed in a subtraction set.
MAX_SUBTRACTION = 10**5
#: Largest number of positions the generic engine explores before giving up (about 1 s of Python work).
MAX_POSITIONS = 3 * 10**5
#: Most items read from a collection given as an argument (a subtraction set, the values given to ``mex``):
#: an endless generator such as ``itertools.count()`` is refused after this many instead of filling memory.
MAX_ITEMS = MAX_SUBTRACTION
#: The generic engine also gives up after listing this many moves per allowed position (so a game with few
#: positions but very many moves, such as one Nim heap of 30,000, is refused instead of filling memory).
MOVES_PER_POSITION = 2

# --- Periods

#: How many values the periodicity search of a subtraction game computes before it gives up.
MAX_SEARCH = 2 * 10**6
#: The subtraction scan's budget: values computed times (|S| + 3), about the number of Python steps (a few
#: seconds' work); sets with many elements get fewer values (``search_limit``).
SCAN_WORK = 12 * 10**6
#: Most values :func:`observed_periodicity` examines (2**21: Grundy's game's values to two million heaps).
MAX_OBSERVED = 2**21
#: How many heaps are looked at to *observe* a pattern in a game without a proven period (figures, panels):
#: 1,000 values show every pattern of period up to 250 twice over, and a take-away rule is called 1,000 times.
OBSERVE_HEAPS = 1000

# --- The source texts' algorithms

#: Most positions the labelling algorithm takes (it keeps every move of every position).
MAX_LABEL_POSITIONS = 10**5
#: Largest side of a two-heap PTFN table.
MAX_PTFN_SIDE = 400
#: Budget of :func:`ptfn` and :func:`grundy_scan`: heaps times (|S| + 2), about the Python steps taken
#: (a few seconds). For S = {1, 3, 7, 8}: 2,000,000 heaps.
SCAN_STEPS = 12 * 10**6
#: Largest ``stop`` of :func:`ptfn` and :func:`grundy_scan` whatever S is.
MAX_SCAN_STOP = 10**7

# --- Surveys of many subtraction games

#: Most subtraction sets one survey examines (C(50, 3) = 19,600 take about a second).
MAX_SURVEY_SETS = 50_000
#: The survey's budget: sets times their largest element (the scan of one set grows with max(S)).
#: 2,000,000 admits C(50, 3) x 50 and keeps every survey the limits admit to a few seconds.
MAX_SURVEY_WORK = 2 * 10**6
#: Largest c accepted by :func:`period_grid` (C(c - 1, 2) sets are examined; c = 120 takes about 2 s).
MAX_GRID_C = 120
#: Surveys of one largest element c kept in memory (at most C(119, 2) = 7,021 small records each), so a
#: heatmap and the lines written under it do not scan the same sets two or three times.
GRID_CACHE_SIZE = 16

# --- One-heap games

#: Largest heap a TakeAwayGame computes up to (its rule is a Python function called once per heap size).
MAX_RULE_HEAP = 2 * 10**5
#: Largest ``stop`` for ``p_positions``, which returns a Python list (about 30 bytes per element).
MAX_LIST = 10**7
#: Most decimal digits ``nonzero_digits`` reads (Python itself refuses to print longer numbers).
MAX_DIGITS = 4000
#: ``powers_of_two(n)`` lists at most this many powers (n below 2**MAX_POWER_BITS).
MAX_POWER_BITS = 4096

# --- Octal games and Grundy's game (take-and-break games: values heap by heap)

#: How many heaps an octal game's period search computes unless told otherwise (``max_search``): every period
#: the lessons quote is proven within it in about a second (0.156: preperiod 3479, period 349).
OCTAL_SEARCH = 2**15
#: The memory bound: single-heap values of an octal game or Grundy's game are kept for at most this many
#: heaps (2 bytes each: 64 MB). Any ``max_search`` is accepted; a search that gets this far stops here.
MAX_COMPUTED_HEAPS = 2**25
#: The work budget of one call that computes such values: numpy pair units (one XOR of two stored values;
#: a pair examined by the Python loop counts as PYTHON_PAIR of them, a numpy call as NUMPY_CALL). About 40
#: to 70 s on the 2-core machine, where every path does 0.3 to 0.5 units a nanosecond. A search that passes
#: it stops with LimitError, says how far it got, and keeps its values, so the same call goes on from there.
HEAP_WORK_BUDGET = 2 * 10**10
#: Most digits after the point in a code (the studied codes have a dozen at most; long codes such as
#: ``0.00...04`` still make good test cases).
MAX_OCTAL_DIGITS = 64
#: Largest heap whose moves are listed one by one in a game that can split heaps (about heap/2 splits each).
MAX_SPLIT_HEAP = 10**5
#: Most ways to split one heap that an octal game lists: the sum over its splitting digits, so a long code is
#: held to what Kayles (two splitting digits) lists for a heap of MAX_SPLIT_HEAP (0.777...7, 64 digits, would
#: list 3.2 million splits of that heap: 13 s and 0.9 GB).
MAX_HEAP_SPLITS = 10**5
#: Most moves ``moves`` lists and ``winning_moves`` examines for one position of a take-and-break game (octal
#: games, Grundy's game, Lasker's Nim), counted heap by heap before each heap's moves are used: a position of
#: many large heaps is refused instead of filling memory (grundy and outcome need no list).
MAX_HEAP_GAME_MOVES = 10**6

# --- Misère quotients (lesson 10)

#: The work ``misere_quotient`` takes on, counted before it starts: the quotient is built heap by heap, and every
#: move of every heap up to max_heap (about heap/2 splits per splitting digit of an octal game, heap moves in Nim)
#: is listed, kept and checked against the classes found, each heap counted as QUOTIENT_HEAP_COST moves more.
#: Kayles (0.77) reaches heap 1,403 (about 3 s and 140 MB); an octal game that never splits,
#: about heap 90,000.
MISERE_QUOTIENT_MOVES = 10**6
#: What one heap costs the search besides its moves, in moves (measured: about 20 us a heap, 2 us a move).
QUOTIENT_HEAP_COST = 10
#: The work budget of one quotient search: the elements of the candidate monoids it makes and the products of
#: their merged tables (about 4 million for Dawson's Kayles 0.07 to heap 30, a few seconds; this budget is
#: about a minute on the 2-core machine). Past it, the search stops with LimitError, saying up to which heap the
#: quotient is proven (some quotients grow without bound as heaps are added).
MISERE_QUOTIENT_WORK = 6 * 10**7
#: Most elements of a quotient, or of a merged candidate on the way to one: each holds order² products (an
#: int64 table of 50 MB at this order) and the certificate looks at order² pairs. Dawson's Kayles (0.07) to heap
#: 30 has 360 elements, and its largest candidate about 1,000.
MAX_QUOTIENT_ORDER = 2500
#: Most elements of a candidate monoid before merging (the last quotient times a cyclic part for each heap given
#: room), each given an entry of a lookup table (8 bytes). Dawson's Kayles to heap 30 needs at most 322,560.
MAX_CANDIDATE_ELEMENTS = 4 * 10**6
#: Largest ``test_tokens`` of the bounded definition: it finds the outcome of every sum of that many tokens beside
#: every other (the work limit below usually refuses a bound first).
MAX_TEST_TOKENS = 40
#: The bounded definition's outcome look-ups: sums classified x test sums x (1 + heaps), counted before it starts
#: (the sums are counted, not listed); about 2 s of Python. Kayles to heap 8 with 10 tokens needs about 160,000.
MISERE_DEFINITION_WORK = 2 * 10**6
#: The sums whose misère outcome the bounded definition finds from the rules (each is remembered): past it, it
#: stops with LimitError.
MISERE_DEFINITION_POSITIONS = 2 * 10**5

# --- Nim

#: Largest number of follower positions ``Nim.moves`` lists (the sum of the heaps).
MAX_NIM_MOVES = 10**6
#: Largest heap ``nim_p_positions`` searches (it works from the definition, so the cost grows like max_heap**4).
MAX_P_SEARCH_HEAP = 31

# --- Sums of games

#: Largest Nim heap ``nim_heap_partners`` tries (every heap up to it is searched move by move).
MAX_PARTNER_HEAP = 200
#: Most positions ``nim_heap_partners`` explores in all (a sum with a Nim heap costs more per position than
#: the game alone, so this is a third of the generic engine's limit).
MAX_PARTNER_POSITIONS = MAX_POSITIONS // 3
#: Largest side of a ``grundy_table``.
MAX_TABLE_SIDE = 10**4

# --- Coin-turning games

#: Most moves a coin game lists from one position (Mock Turtles has about x**2 / 2 moves from a heads coin x).
MAX_COIN_MOVES = 10**6

# --- Wythoff, Chomp and the divisor game

#: Largest bound accepted by ``Wythoff.p_positions`` (about 1.2 million pairs).
MAX_WYTHOFF_LIMIT = 10**6
#: Largest k for ``floor_phi(k)``: exact at any size, but the integer square root of a number with
#: thousands of digits is where "at once" ends (10**1000 takes well under a millisecond).
MAX_FLOOR_PHI = 10**1000
#: Most terms of a genus (misère play) computed: each term adds a Nim heap of 2 to the search, and the terms
#: alternate between two values after the first few, so 20 says all a lesson needs.
MAX_GENUS_LENGTH = 20
#: Largest number of positions a Chomp board may have (all of them are explored).
MAX_CHOMP_POSITIONS = 20_000
#: Largest number ``DivisorGame`` accepts, and the most divisors it may have.
MAX_DIVISOR_N, MAX_DIVISORS = 10**12, 32
#: Most moves ``Wythoff.moves`` and ``RookGame.moves`` list (as for Nim: outcome and winning_moves need no list).
MAX_BOARD_MOVES = 10**6
#: Most moves the explored games (Chomp, the divisor game) may have in all, over every position explored.
MAX_CHOMP_MOVES = 10**6

# --- Green Hackenbush

#: Most edges a Green Hackenbush picture may have: its value takes time in proportion to the edges (the fusion
#: and colon principles), about 0.5 s for 100,000.
MAX_HACKENBUSH_EDGES = 10**5
#: Listing pictures of a position costs about pictures x edges steps: its moves (one picture per edge), which
#: ``winning_moves`` and ``winning_chops`` also value one by one, and the steps of its reduction to a stalk (at
#: most one picture per vertex). 1,000,000 admits the moves of a picture of 1,000 edges (about 2 s to find
#: its winning chops).
MAX_HACKENBUSH_MOVE_WORK = 10**6

# --- Nim in disguise (lesson 9): Staircase Nim, Moore's Nim, Lasker's Nim

#: Most stairs a Staircase Nim position may have (its value is one nim-sum, so the count only bounds the input).
MAX_STAIRS = 10**4
#: Most moves ``MooresNim.moves`` lists: a move may change up to k heaps at once, so the moves of (h1, ..., hm)
#: number the sum over sets of at most k heaps of the product of their sizes; they are counted before any is made.
MAX_MOORE_MOVES = 10**6
#: Most positions ``MooresNim.grundy`` searches from the definition: the product of (heap + 1) over the heaps,
#: counted before the search (no formula is known for the values when k >= 2; the outcome has one).
MAX_MOORE_POSITIONS = 2 * 10**5

# --- Games on graphs (lesson 9): a token on a directed graph, Node Kayles

#: Most arcs a directed graph may have: every vertex's Grundy value is found in one pass, in time proportional
#: to the arcs (about a second for 100,000 on the busy 2-core machine).
MAX_DIGRAPH_ARCS = 10**5
#: Most vertices a Node Kayles graph may have (a position lists its remaining vertices).
MAX_KAYLES_VERTICES = 2000
#: The work budget of one Node Kayles search: the sum, over the pieces (connected parts) it values, of the
#: square of their number of vertices (each vertex of a piece is picked, and what is left is split into pieces).
#: Finding who wins Node Kayles on a general graph is PSPACE-complete (Schaefer 1978), so the search is the
#: only general method: past this budget it stops with LimitError, saying how many pieces it valued. A path
#: or a cycle is valued once per length (all paths of n vertices are one game): a path of 180 vertices fits.
MAX_KAYLES_WORK = 2 * 10**6

# --- Text typed into a panel

#: Longest text either reader looks at (a set of 20 four-digit numbers needs about 120 characters).
MAX_TEXT_LENGTH = 2000

# --- Figures (beyond these sizes, cells become too small to see or the image too large to hold)

MAX_STRIP = 200
MAX_GRAPH = 40
MAX_HEATMAP_SIDE = 64
MAX_WYTHOFF = 100
MAX_PERIOD_C = 30
MAX_NIM_TABLE_HEAPS, MAX_NIM_BITS = 8, 16
MAX_STRIP_GAMES = 8
#: Most edges a Green Hackenbush figure draws (each vertex keeps a readable number).
MAX_HACKENBUSH_FIGURE = 60
#: Largest misère quotient whose Cayley table is drawn (and written out in the text alternative): 40 x 40 cells
#: fill a 9-inch figure at about 0.2 inch each; a larger quotient gets its pretending row only.
MAX_CAYLEY_ORDER = 40
#: Figure widths and heights (inches) that the figure functions accept.
MIN_INCHES, MAX_INCHES = 3.0, 20.0
#: The most heaps a figure's period search computes for an octal game with at most 4 digits that split a
#: heap; games with more splitting digits get fewer heaps (the work grows like heaps² x splitting digits), so
#: a figure never waits more than about a second for the search. 8192 heaps prove every period the lessons
#: show (0.156 has preperiod 3479 and period 349, proven at 8192 heaps).
PLOT_OCTAL_SEARCH = 8192
#: Largest heap n of the Grundy scale (it computes g(0) .. g(n) and draws about 40 heaps around n).
MAX_SCALE_N = 10**5
#: Largest ``stop`` of the Grundy scale when the strip is drawn from heap 0 (beyond it the cells are unreadable).
MAX_SCALE_STOP = 100

# --- Panels (each panel states its own limits under its picture)

MAX_PANEL_STRIP = 60  # heaps shown in a strip (more, and the letters in its cells would be under MIN_TEXT_SIZE)
#: Sets typed into any panel (explorers and play alike): at most MAX_SET_SIZE numbers, each from 1 to MAX_ELEMENT
#: (the period explorer's search and the play panel's buttons are quick for every such set).
MAX_ELEMENT = 20
MAX_SET_SIZE = 8
MAX_SCALE_HEAP = 60  # largest heap of the Grundy-scale explorer
MAX_LABELLING_HEAPS = 30  # heaps in the labelling player
MAX_PERIOD_STRIP = 120  # heaps drawn by the period explorer
MAX_HEATMAP_C = 20  # largest c of the period heatmap
MAX_NIM_EXPLORER_HEAP = 63  # Nim heaps in the binary table (6 binary digits)
MAX_NIM_EXPLORER_HEAPS = 5
MAX_SUM_SIDE = 40  # rows / columns of the sum heatmap
MAX_PANEL_WYTHOFF = 60  # limit of the Wythoff heatmap
MAX_CHOMP_ROWS, MAX_CHOMP_COLS = 6, 7
MAX_PANEL_COIN = 30  # coins in a row drawn by a panel (each square stays about 20 px wide)
#: A Green Hackenbush picture typed into a panel: at most this many edges, vertices numbered 0 to this (the
#: figure stays readable, and the computer's search of every picture left stays well under a second).
MAX_PANEL_EDGES, MAX_PANEL_VERTEX = 24, 40
#: Staircase Nim typed into a panel: at most this many stairs, each with at most this many coins.
MAX_PANEL_STAIRS, MAX_PANEL_STAIR_COINS = 6, 20
#: Heaps typed into a Moore's Nim or Lasker's Nim panel: at most this many heaps, each at most this big (every
#: move is a button: Moore's Nim with k = 2 on four heaps of 7 has 322 moves).
MAX_PANEL_VARIANT_HEAPS, MAX_PANEL_VARIANT_HEAP = 4, 7
#: A directed graph or a Node Kayles graph typed into a panel: at most this many edges, vertices numbered 0
#: to this (every vertex keeps a readable number in the figure).
MAX_PANEL_ARCS, MAX_PANEL_GRAPH_VERTEX = 24, 30
#: Most winning moves a sentence names one by one (a panel's status line, a picture's text alternative, read
#: aloud by a screen reader); past it, the sentence names that many and says how many more there are (Moore's
#: Nim from 7, 7, 7, 7 has 40).
MAX_LISTED_MOVES = 8
#: The misère quotient explorer: the largest heap of its slider (Dawson's Kayles 0.07 to heap 30, 360 elements,
#: takes a few seconds; most games a fraction of one), and the most heaps in the sum typed under it.
MAX_PANEL_QUOTIENT_HEAP, MAX_PANEL_SUM_HEAPS = 30, 12
#: Northcott's game typed into a panel or played: at most this many rows, their checkers in columns 1 to this (a
#: board of 6 x 10 squares stays readable; values and remoteness come from the gaps, so play is quick at any size).
MAX_NORTHCOTT_ROWS, MAX_NORTHCOTT_WIDTH = 6, 10
#: Rendered panel figures kept in memory (17-29 KB each for the default panels), so going back is instant.
PNG_CACHE_SIZE = 64

# --- Playing against the computer
#: Staircase Nim in the play widget: at most this many stairs, each with at most this many coins (the
#: computer looks at every position below the start: 4 stairs of 6 coins have 10,472).
MAX_PLAY_STAIRS, MAX_PLAY_STAIR_COINS = 4, 6

#: Largest starting heap of the subtraction game widget (the heap is drawn chip by chip).
MAX_PLAY_HEAP = 100
#: Nim in the play widget: at most this many heaps, each at most this big (remoteness explores every position).
MAX_PLAY_NIM_HEAPS = 5
MAX_PLAY_NIM_HEAP = 12
#: Coin games in the play widget: a row of at most this many coins (at most 2**10 positions to explore).
MAX_PLAY_COIN = 10
#: remoteness_table computes at most this many (heap, move) pairs, stop x |S|: about a second.
MAX_REMOTENESS_WORK = 2 * 10**7
#: nim_remoteness takes at most this many heaps (the positions are counted before any is explored).
MAX_REMOTENESS_HEAPS = 64

# --- Exercise answers (what is read of an answer, and what is echoed back)

#: The most items read from an iterable answer; longer answers are refused without reading further.
MAX_ANSWER_ITEMS = 1000
#: The most characters of a student's answer echoed back in a message.
MAX_SHOWN = 80
#: Whole numbers wider than this many bits are shown by their size, not their digits.
MAX_SHOWN_BITS = 200
#: Up to this many bits, a number shown by its size is given its exact count of decimal digits (which needs a
#: power of ten as large: about 5 ms at a million bits, 30 s at a hundred million); past it, its binary digits.
MAX_COUNTED_DIGITS_BITS = 10**6
#: The widest whole number any argument may be (about 4,200 digits): Python refuses to write out a number of more
#: than 4,300 digits, so a wider one could appear in no answer or message; it is refused where it is read.
MAX_WHOLE_BITS = 14_000
#: The longest message or hint a check returns; longer ones are cut (a safety net: messages echo answers
#: through :func:`~gamelib.exercises.answers.show`, which is already short).
MAX_MESSAGE = 600
