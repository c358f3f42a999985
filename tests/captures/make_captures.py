#!/usr/bin/env python3
"""Writes the hand-made pattern captures in this folder (one per handling pattern).

Each capture states the game it encodes in an `# expect-moves:` comment (UCI, the folded
timeline of move/takeback events) and optional `# expect-event:` lines (an event name that must
occur). tests/captures.rs checks both, and compares the whole event output with
`<name>.expected.jsonl` (regenerate those with `UPDATE_GOLDEN=1 cargo test --test captures`,
then review the diff by hand).

Run: python3 tests/captures/make_captures.py
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CODES = {'P': 1, 'R': 2, 'N': 3, 'B': 4, 'K': 5, 'Q': 6,
         'p': 7, 'r': 8, 'n': 9, 'b': 10, 'k': 11, 'q': 12}
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def frame(i, data):
    n = len(data) + 3
    return bytes([i, (n >> 7) & 0x7f, n & 0x7f]) + bytes(data)


def hx(b):
    return ' '.join('%02x' % x for x in b)


def sq_index(sq, rotated=False):
    f = ord(sq[0]) - 97
    r = int(sq[1]) - 1
    s = r * 8 + f
    return s ^ 7 if rotated else s ^ 56


def parse_placement(p):
    board = {}
    rank = 7
    for row in p.split('/'):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board['abcdefgh'[f] + str(rank + 1)] = ch
                f += 1
        rank -= 1
    return board


class Cap:
    def __init__(self, name, notes, placement=START, rotated=False):
        self.name = name
        self.rotated = rotated
        self.lines = ["# eboardd capture v1",
                      "# board: hand-made pattern capture (tests/captures/make_captures.py)",
                      "# notes: " + notes]
        self.t = 0
        self.board = parse_placement(placement)
        self.lines.append("0 tx 40 4d 45 42 4b")
        self.rx(frame(0x93, [1, 2]), 20)
        self.dump(100)

    def expect(self, moves, events=()):
        self.lines.insert(3, "# expect-moves: " + ' '.join(moves))
        for e in events:
            self.lines.insert(4, "# expect-event: " + e)

    def rx(self, b, dt):
        self.t += dt
        self.lines.append(f"{self.t} rx {hx(b)}")

    def dump(self, dt=0):
        d = [0] * 64
        for sq, p in self.board.items():
            d[sq_index(sq, self.rotated)] = CODES[p]
        self.rx(frame(0x86, d), dt)

    def put(self, sq, piece, dt=0):
        """The sensor reports `sq` now holding `piece` (None: empty), `dt` ms after the last line."""
        if piece is None:
            self.board.pop(sq, None)
        else:
            self.board[sq] = piece
        self.rx(frame(0x8e, [sq_index(sq, self.rotated), CODES.get(piece, 0) if piece else 0]), dt)

    def lift(self, sq, dt=0):
        self.put(sq, None, dt)

    def move(self, a, b, dt=1500, gap=220):
        """A plain move: origin clears, target reported one scan later."""
        p = self.board[a]
        self.lift(a, dt)
        self.put(b, p, gap)

    def clock(self, right_to_move, dt=0, running=True):
        """A BWTIME reading: which side's clock runs (sides are physical)."""
        status = (1 if running else 0) | (0x08 if right_to_move else 0x10)
        self.rx(frame(0x8d, [0x01, 0x30, 0x00, 0x01, 0x30, 0x00, status]), dt)

    def wait(self, dt):
        self.t += dt

    def write(self):
        with open(os.path.join(HERE, self.name + ".cap"), "w") as f:
            f.write('\n'.join(self.lines) + '\n')


def from_fen(name, fen, side, notes):
    """A capture of a game set up from `fen` with `side` to move (its notes say so, and
    `# start-fen:` gives the position to replay it from)."""
    c = Cap(name, "from " + fen + " " + side + ": " + notes, placement=fen)
    c.lines.insert(4, "# start-fen: " + fen + " " + side + " - - 0 1")
    return c


def queen_raid(c):
    """1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 4.Qg4 (captures with the victim lifted first): the black
    queen on a5 then attacks both a2 and the knight on c3."""
    for a, b in [('e2', 'e4'), ('d7', 'd5'), ('e4', 'd5'), ('d8', 'd5'), ('b1', 'c3'), ('d5', 'a5'), ('d1', 'g4')]:
        if c.board.get(b):
            piece = c.board[a]
            c.lift(b, 1500); c.lift(a, 400); c.put(b, piece, 300)
        else:
            c.move(a, b)


def provisional_knight_capture(name, note, flicker):
    """4...Qxc3 swapped inside one scan after queen_raid, then 5.dxc3 e6."""
    c = Cap(name, "1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 4.Qg4 Qxc3 (swap inside one scan" + note + ") 5.dxc3 e6")
    queen_raid(c)
    c.lift('a5', 1500); c.put('c3', 'q', 220)
    if flicker:
        c.lift('a2', 100); c.put('a2', 'P', 40)
    c.lift('d2', 1500); c.put('c3', 'P', 220)
    c.move('e7', 'e6')
    c.expect(["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "d1g4", "a5c3", "d2c3", "e7e6"])
    c.lines.insert(4, "# expect-occupancy-event: ambiguous")
    c.lines.insert(5, "# expect-occupancy-no-event: takeback")
    c.write()


def provisional_then_takeback(name, note, gaps):
    """4...Qxa2 swapped inside one scan after queen_raid, then it and 4.Qg4 taken back with
    the given gaps (queen to a5, pawn on a2, queen g4 lifted, queen on d1)."""
    c = Cap(name, "1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 4.Qg4 Qxa2 (swap inside one scan), then 4...Qxa2 and 4.Qg4 taken back" + note)
    queen_raid(c)
    c.lift('a5', 1500); c.put('a2', 'q', 220)
    c.lift('a2', 2000); c.put('a5', 'q', gaps[0]); c.put('a2', 'P', gaps[1])
    c.move('g4', 'd1', gaps[2], gaps[3])
    c.expect(["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"])
    c.lines.insert(4, "# expect-occupancy-event: ambiguous")
    c.write()


def main():
    # j'adoube: a piece lifted and put back, then play goes on.
    c = Cap("jadoube", "j'adoube on g1 and on e7, sensor flicker on d2; then 1.e4 e5")
    c.lift('g1', 1500); c.put('g1', 'N', 400)
    c.move('e2', 'e4')
    c.lift('e7', 1500); c.put('e7', 'p', 150)
    c.lift('d2', 2000); c.put('d2', 'P', 40)          # flicker: tens of ms
    c.move('e7', 'e5')
    c.expect(["e2e4", "e7e5"])
    c.write()

    # Captures in three orders.
    c = Cap("captures", "1.e4 d5 2.exd5 (victim lifted first) Qxd5 (capturer lifted first, pause) 3.Nc3 Qa5 4.Nf3? no: 4.Qg4 Qxa2 (swap inside one scan) 5.Ne4")
    c.move('e2', 'e4'); c.move('d7', 'd5')
    c.lift('d5', 1500); c.lift('e4', 600); c.put('d5', 'P', 500)        # victim first
    c.lift('d8', 1500); c.wait(900); c.lift('d5', 300); c.put('d5', 'q', 300)  # capturer first
    c.move('b1', 'c3'); c.move('d5', 'a5')
    c.move('d1', 'g4')
    c.lift('a5', 1500); c.put('a2', 'q', 220)                            # swap: a2 P -> q directly
    c.move('c3', 'e4')
    c.expect(["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "d1g4", "a5a2", "c3e4"])
    # An occupancy board cannot see a capture swapped inside one scan: Qxa2 and Qxc3 look
    # the same, so it reports the likelier (the knight) provisionally and says so; 5.Ne4
    # decides, and Qxc3 is taken back for Qxa2.
    c.lines.insert(4, "# expect-occupancy-event: ambiguous")
    c.lines.insert(5, "# expect-occupancy-event: takeback")
    c.write()

    # Occupancy boards: a capture swapped inside one scan, with a piece adjusted on another
    # target, is first read as the capture of that piece; the next move (the "captured"
    # knight moves) shows the other capture, and the game is re-read.
    c = Cap("capture-reread", "1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 4.Qg4 Qxa2 (swap inside one scan; then White adjusts the knight on c3) 5.Ne4")
    queen_raid(c)
    c.lift('a5', 1500); c.put('a2', 'q', 220)
    c.lift('c3', 600); c.put('c3', 'N', 300)
    c.move('c3', 'e4', 6000)  # (past the window for revising a move: the re-read decides)
    c.expect(["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "d1g4", "a5a2", "c3e4"])
    c.lines.insert(4, "# expect-occupancy-event: takeback")
    c.write()

    # Occupancy boards: the same swap, where the likelier capture (the knight, not the pawn) is
    # the real one: reported provisionally, confirmed by 5.dxc3 without any takeback.
    provisional_knight_capture("capture-provisional", "", flicker=False)

    # Occupancy boards: the opponent lifts a piece that could capture (d5 takes e4, to an
    # occupancy board) before the move settled, thinks, and puts it on d4: no capture is
    # reported on the way.
    c = Cap("reply-in-hand-capture", "1.e4 d5 2.Nc3 (d5 lifted 100 ms after the knight lands, held 700 ms) d4")
    c.move('e2', 'e4'); c.move('d7', 'd5')
    c.move('b1', 'c3')
    c.lift('d5', 100); c.put('d4', 'p', 700)
    c.expect(["e2e4", "d7d5", "b1c3", "d5d4"])
    c.lines.insert(4, "# expect-occupancy-no-event: takeback")
    c.write()

    # Occupancy boards: three captures on one square, each swapped inside one scan, in quick
    # succession: only the origins empty (e3, e5, f3); the order they emptied in tells which
    # piece stands on d4 at the end.
    c = Cap("exchange-lift-order", "1.e3 e5 2.Nf3 d5 3.Nc3 d4 4.exd4 exd4 5.Nxd4 (the three captures within half a second) Nc6")
    for a, b in [('e2', 'e3'), ('e7', 'e5'), ('g1', 'f3'), ('d7', 'd5'), ('b1', 'c3'), ('d5', 'd4')]:
        c.move(a, b)
    c.lift('e3', 1500); c.put('d4', 'P', 150)
    c.lift('e5', 100); c.put('d4', 'p', 150)
    c.lift('f3', 100); c.put('d4', 'N', 150)
    c.move('b8', 'c6')
    c.expect(["e2e3", "e7e5", "g1f3", "d7d5", "b1c3", "d5d4", "e3d4", "e5d4", "f3d4", "b8c6"])
    c.write()

    # Occupancy boards: the same, with sensor flicker on a2 (40 ms) right after the swap —
    # no victim lifted there, so no evidence for Qxa2: still the provisional Qxc3, no takeback.
    provisional_knight_capture("capture-flicker-not-victim", "; a2 flickers", flicker=True)

    # Occupancy boards: while an ambiguous capture is reported provisionally (Qxc3 for Qxa2),
    # the players take back two moves (the queen back to a5, the pawn back on a2, the white
    # queen back to d1): the provisional capture and 4.Qg4 are taken back — one at a time, and
    # both at once (one board: the game itself goes back while the capture is provisional).
    provisional_then_takeback("ambiguous-then-takeback", "", (300, 400, 500, 220))
    provisional_then_takeback("ambiguous-then-takeback-at-once", " within a quarter of a second", (100, 50, 50, 100))

    # While a capture is still provisional (Qxc3 or Qxa2), a slide paused on the way (Bf1,
    # resting on e2, then on to d3): the pause is revised as it would be outside the ambiguity.
    c = Cap("slide-while-provisional", "1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 4.Qg4 Qxc3 (swap inside one scan) 5.Bd3 (paused 600 ms on e2) e6 6.dxc3 Nf6")
    queen_raid(c)
    c.lift('a5', 1500); c.put('c3', 'q', 220)
    c.lift('f1', 1500); c.put('e2', 'B', 200); c.wait(600); c.lift('e2', 0); c.put('d3', 'B', 200)
    c.move('e7', 'e6')
    c.lift('d2', 1500); c.put('c3', 'P', 220)
    c.move('g8', 'f6')
    c.expect(["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "d1g4", "a5c3", "f1d3", "e7e6", "d2c3", "g8f6"])
    c.lines.insert(4, "# expect-occupancy-event: ambiguous")
    c.write()

    # Castling king first, both at once.
    c = Cap("castle-king-first", "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O (king first, slow) Nf6 5.d3 O-O (king and rook in the same scan)")
    for a, b in [('e2', 'e4'), ('e7', 'e5'), ('g1', 'f3'), ('b8', 'c6'), ('f1', 'c4'), ('f8', 'c5')]:
        c.move(a, b)
    c.lift('e1', 1500); c.put('g1', 'K', 700); c.lift('h1', 800); c.put('f1', 'R', 600)
    c.move('g8', 'f6'); c.move('d2', 'd3')
    c.lift('e8', 1500); c.lift('h8', 0); c.put('f8', 'r', 0); c.put('g8', 'k', 0)
    c.expect(["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1", "g8f6", "d2d3", "e8g8"])
    c.write()

    # Castling rook first with a long pause: Rf1 is legal on the way, and is revised to O-O.
    c = Cap("castle-rook-first", "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O rook first with a 1.2 s pause on f1, then the king")
    for a, b in [('e2', 'e4'), ('e7', 'e5'), ('g1', 'f3'), ('b8', 'c6'), ('f1', 'c4'), ('f8', 'c5')]:
        c.move(a, b)
    c.lift('h1', 1500); c.put('f1', 'R', 300); c.wait(1200); c.lift('e1', 0); c.put('g1', 'K', 400)
    c.move('g8', 'f6')
    c.expect(["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1", "g8f6"],
             ["takeback"])
    c.write()

    # En passant, victim removed before and after.
    c = Cap("en-passant", "1.e4 a6 2.e5 d5 3.exd6 e.p. (captured pawn removed after) c5 4.d4 a5 5.d5 e5 6.dxe6 e.p. (captured pawn removed before)")
    for a, b in [('e2', 'e4'), ('a7', 'a6'), ('e4', 'e5'), ('d7', 'd5')]:
        c.move(a, b)
    c.lift('e5', 1500); c.put('d6', 'P', 300); c.lift('d5', 700)
    for a, b in [('c7', 'c5'), ('d2', 'd4'), ('a6', 'a5'), ('d4', 'd5'), ('e7', 'e5')]:
        c.move(a, b)
    c.lift('e5', 1500); c.lift('d5', 500); c.put('e6', 'P', 400)
    c.expect(["e2e4", "a7a6", "e4e5", "d7d5", "e5d6", "c7c5", "d2d4", "a6a5", "d4d5", "e7e5", "d5e6"])
    c.write()

    # Promotion: the new piece placed directly; the pawn first set on the last rank then exchanged.
    c = Cap("promotion", "from a set-up-free game: 1.a4 h5 2.a5 h4 3.a6 h3 4.axb7 hxg2 5.bxa8=Q (queen placed directly) gxh1=N (pawn set on h1, 900 ms, then a knight)")
    for a, b in [('a2', 'a4'), ('h7', 'h5'), ('a4', 'a5'), ('h5', 'h4'), ('a5', 'a6'), ('h4', 'h3')]:
        c.move(a, b)
    c.lift('a6', 1500); c.lift('b7', 300); c.put('b7', 'P', 300)
    c.lift('h3', 1500); c.lift('g2', 300); c.put('g2', 'p', 300)
    c.lift('b7', 1500); c.lift('a8', 300); c.put('a8', 'Q', 500)
    c.lift('g2', 1500); c.lift('h1', 300); c.put('h1', 'p', 300); c.wait(900); c.lift('h1', 0); c.put('h1', 'n', 500)
    c.expect(["a2a4", "h7h5", "a4a5", "h5h4", "a5a6", "h4h3", "a6b7", "h3g2", "b7a8q", "g2h1n"])
    c.write()

    # Occupancy boards cannot see the promotion piece: the knight is taken as a queen until it
    # moves like a knight, then the game is re-read (takebacks, the knight, the moves since).
    c = Cap("underpromotion-reread", "1.a4 h5 2.a5 h4 3.a6 h3 4.axb7 hxg2 5.bxa8=Q gxh1=N 6.e3 Ng3 (only a knight moves so) 7.fxg3 (swapped inside one scan)")
    for a, b in [('a2', 'a4'), ('h7', 'h5'), ('a4', 'a5'), ('h5', 'h4'), ('a5', 'a6'), ('h4', 'h3')]:
        c.move(a, b)
    c.lift('a6', 1500); c.lift('b7', 300); c.put('b7', 'P', 300)
    c.lift('h3', 1500); c.lift('g2', 300); c.put('g2', 'p', 300)
    c.lift('b7', 1500); c.lift('a8', 300); c.put('a8', 'Q', 500)
    c.lift('g2', 1500); c.lift('h1', 300); c.put('h1', 'n', 400)
    c.move('e2', 'e3'); c.move('h1', 'g3')
    c.lift('f2', 1500); c.put('g3', 'P', 220)
    c.expect(["a2a4", "h7h5", "a4a5", "h5h4", "a5a6", "h4h3", "a6b7", "h3g2", "b7a8q", "g2h1n", "e2e3", "h1g3", "f2g3"])
    c.lines.insert(4, "# expect-occupancy-moves: a2a4 h7h5 a4a5 h5h4 a5a6 h4h3 a6b7 h3g2 b7a8q g2h1n e2e3 h1g3 f2g3")
    c.lines.insert(5, "# expect-occupancy-event: takeback")
    c.write()

    # A sliding queen reported on every square it passes, pausing on one.
    c = Cap("slide", "1.e4 e5 2.Qh5 with the queen passing e2, f3, g4 (pausing 600 ms on g4: Qg4 is revised to Qh5) Nc6 3.Bc4 Nf6 4.Qxf7#")
    c.move('e2', 'e4'); c.move('e7', 'e5')
    c.lift('d1', 1500); c.put('e2', 'Q', 200); c.lift('e2', 200); c.put('f3', 'Q', 20); c.lift('f3', 200); c.put('g4', 'Q', 10)
    c.wait(600); c.lift('g4', 0); c.put('h5', 'Q', 200)
    c.move('b8', 'c6'); c.move('f1', 'c4'); c.move('g8', 'f6')
    c.lift('h5', 1500); c.put('g6', 'Q', 200); c.lift('g6', 200); c.put('f7', 'Q', 20)
    c.expect(["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"])
    c.write()

    # The new square reported before the old one clears; opponent replies before it settles.
    c = Cap("early-reply", "1.Nf3 (f3 reported before g1 clears) d5 (lifted 100 ms after the knight lands) 2.g3 Nf6 3.Bg2 (reply starts 50 ms after)")
    c.put('f3', 'N', 1500); c.lift('g1', 200)
    c.lift('d7', 100); c.put('d5', 'p', 200)
    c.move('g2', 'g3'); c.move('g8', 'f6')
    c.lift('f1', 1500); c.put('g2', 'B', 200); c.lift('e7', 50); c.put('e6', 'p', 200)
    c.expect(["g1f3", "d7d5", "g2g3", "g8f6", "f1g2", "e7e6"])
    c.write()

    # Missed stretches: after a glitch, a dump shows several moves at once.
    c = Cap("missed-stretch", "1.e4 e5 then updates lost; a dump shows 2.Nf3 Nc6 3.Nxe5 Nxe5 (4 plies, one order only); later a dump shows 4.d4 Nc6 5.d5 (unique); then 5...Ne5 normally")
    c.move('e2', 'e4'); c.move('e7', 'e5')
    for a, b in [('g1', 'f3'), ('b8', 'c6'), ('f3', 'e5'), ('c6', 'e5')]:
        c.board[b] = c.board.pop(a)
    c.dump(5000)
    for a, b in [('d2', 'd4'), ('e5', 'c6'), ('d4', 'd5')]:
        c.board[b] = c.board.pop(a)
    c.dump(6000)
    c.move('c6', 'e5')
    c.expect(["e2e4", "e7e5", "g1f3", "b8c6", "f3e5", "c6e5", "d2d4", "e5c6", "d4d5", "c6e5"])
    c.write()

    # Ambiguous: two moves missed that could have been played in either order.
    c = Cap("ambiguous", "1.e4 e5, then 2.Nf3 Nc6 3.Nc3 Nf6 missed: four move orders reach the dump's position; the first is reported with an ambiguous event, and play goes on with 4.Bb5")
    c.move('e2', 'e4'); c.move('e7', 'e5')
    for a, b in [('g1', 'f3'), ('b8', 'c6'), ('b1', 'c3'), ('g8', 'f6')]:
        c.board[b] = c.board.pop(a)
    c.dump(5000)
    c.move('f1', 'b5')
    c.expect(["e2e4", "e7e5", "b1c3", "b8c6", "g1f3", "g8f6", "f1b5"], ["ambiguous"])
    c.write()

    # Takebacks.
    c = Cap("takeback", "1.e4 e5 2.Nf3 Nc6; Black takes back Nc6, White takes back Nf3 (board back at ply 2), then 2.Bc4 Nf6")
    for a, b in [('e2', 'e4'), ('e7', 'e5'), ('g1', 'f3'), ('b8', 'c6')]:
        c.move(a, b)
    c.move('c6', 'b8'); c.move('f3', 'g1')
    c.move('f1', 'c4'); c.move('g8', 'f6')
    c.expect(["e2e4", "e7e5", "f1c4", "g8f6"], ["takeback"])
    c.write()

    # Result-signalling kings after a finished game; then a new game.
    c = Cap("result-kings", "1.e3 e6 2.Ke2 Ke7 3.Kd3 Kd6; White resigns and the kings signal 1-0?? no: both on light squares e4 and d5 = 1-0 by DGT convention: the white king goes to e4 first (a legal move, reported, then retracted), the black king to d5")
    for a, b in [('e2', 'e3'), ('e7', 'e6'), ('e1', 'e2'), ('e8', 'e7'), ('e2', 'd3'), ('e7', 'd6')]:
        c.move(a, b)
    c.move('d3', 'e4', 4000)          # legal Ke4 (white to move): reported, then retracted
    c.move('d6', 'd5', 2500)          # the black king next to it: a result signal
    c.expect(["e2e3", "e7e6", "e1e2", "e8e7", "e2d3", "e7d6"], ["result_signal", "takeback"])
    # Occupancy boards cannot tell kings from other pieces: no result signal there.
    c.lines.insert(4, "# expect-occupancy-moves: e2e3 e7e6 e1e2 e8e7 e2d3 e7d6 d3e4")
    c.write()

    # A finished game (fool's mate), then the pieces set up again: a new game.
    c = Cap("new-game", "1.f3 e5 2.g4 Qh4# then the board is set up again (a dump) and 1.d4 is played")
    for a, b in [('f2', 'f3'), ('e7', 'e5'), ('g2', 'g4'), ('d8', 'h4')]:
        c.move(a, b)
    c.board = parse_placement(START)
    c.dump(20000)
    c.move('d2', 'd4')
    c.expect(["d2d4"], ["new_game"])
    c.write()

    # A board turned round (Black at the connector side).
    c = Cap("rotated", "board turned round: 1.d4 Nf6 2.c4 e6 with orientation detected from the start position", rotated=True)
    for a, b in [('d2', 'd4'), ('g8', 'f6'), ('c2', 'c4'), ('e7', 'e6')]:
        c.move(a, b)
    c.expect(["d2d4", "g8f6", "c2c4", "e7e6"])
    c.write()

    irregularities()
    early_replies()
    early_replies_followed()
    followed_at_once()


def early_replies_followed():
    """The opponent replying before a move settled, followed report by report (issue 3,
    identity boards)."""
    # A piece stops on a square, the opponent replies, the piece moves on and the reply goes
    # back: the board ends as after 3.Bc4 alone (d3 is on the bishop's way), but the reports
    # tell four moves.
    c = Cap("reply-moved-on", "1.e4 e5 2.Nf3 Nc6 3.Bd3 (reported on d3) Nf6 4.Bc4 Ng8, each started 120-150 ms after the last: the board ends as if 3.Bc4 alone; then 5.c3")
    for a, b in [('e2', 'e4'), ('e7', 'e5'), ('g1', 'f3'), ('b8', 'c6')]:
        c.move(a, b)
    c.lift('f1', 1500); c.put('d3', 'B', 220)
    c.lift('g8', 120); c.put('f6', 'n', 200)
    c.lift('d3', 150); c.put('c4', 'B', 200)
    c.lift('f6', 150); c.put('g8', 'n', 200)
    c.move('c2', 'c3')
    c.expect(["e2e4", "e7e5", "g1f3", "b8c6", "f1d3", "g8f6", "d3c4", "f6g8", "c2c3"])
    c.write()

    # Four quick moves back and forth: the board comes back to the game position.
    c = Cap("reply-back-and-forth", "1.e4 e5 2.Nf3 Nf6 3.Ng1 Ng8, each started 120-150 ms after the last: the board comes back to the position after 1...e5; then 4.d4")
    c.move('e2', 'e4'); c.move('e7', 'e5')
    c.lift('g1', 1500); c.put('f3', 'N', 220)
    c.lift('g8', 120); c.put('f6', 'n', 200)
    c.lift('f3', 150); c.put('g1', 'N', 200)
    c.lift('f6', 150); c.put('g8', 'n', 200)
    c.move('d2', 'd4')
    c.expect(["e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8", "d2d4"])
    c.write()

    # White presses after 4.d3; the press is judged a scan later, when Black's king is already
    # on g8 with the rook still on h8: that is Black castling, not an illegal move of anyone.
    c = Cap("reply-during-press", "clock connected. 1.e4 e5 2.Nf3 Nf6 3.Bc4 Be7 4.d3, pressed 120 ms after; Black castles at once, king first (the rook 430 ms after the king); 5.Nc3")
    c.clock(False, 200, running=False)
    c.clock(True, 300)                      # Black starts White's clock
    side = False
    for a, b in [('e2', 'e4'), ('e7', 'e5'), ('g1', 'f3'), ('g8', 'f6'), ('f1', 'c4'), ('f8', 'e7')]:
        c.move(a, b); c.clock(side, 500); side = not side
    c.move('d2', 'd3'); c.clock(False, 120)
    c.lift('e8', 60); c.put('g8', 'k', 250)
    c.lift('h8', 430); c.put('f8', 'r', 280); c.clock(True, 300)
    c.move('b1', 'c3'); c.clock(False, 500)
    c.expect(["e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8e7", "d2d3", "e8g8", "b1c3"])
    c.write()

    # A capture and the recapture by the same kind of piece settle as one board, which then
    # looks like two pawns only taken off (e4 and c6 empty, a black pawn on d5 as before).
    c = Cap("recapture-same-kind", "1.e4 c6 2.d4 d5 3.exd5 (capturer lifted first) cxd5 started 200 ms after, the victim taken and the pawn put inside one scan; 4.Nc3")
    for a, b in [('e2', 'e4'), ('c7', 'c6'), ('d2', 'd4'), ('d7', 'd5')]:
        c.move(a, b)
    c.lift('e4', 1500); c.lift('d5', 250); c.put('d5', 'P', 250)
    c.lift('c6', 200); c.put('d5', 'p', 270)
    c.move('b1', 'c3')
    c.expect(["e2e4", "c7c6", "d2d4", "d7d5", "e4d5", "c6d5", "b1c3"])
    c.write()


    # Occupancy boards: a capture swapped inside one scan shows only its origin emptied (a
    # pawn in the hand looks the same) and must rest before it counts; here the players go on
    # at once, each move started 500 ms after the last, for more moves than one search
    # reaches. The replies, completed after it, show the capture was made.
    c = Cap("unseen-capture-quick-replies", "1.e4 d5 2.exd5 (swap inside one scan) Nf6 3.Nc3 e6 4.Nf3 Be7 5.Bc4 Nbd7, each started 500 ms after the last; then 6.d3 after a pause")
    c.move('e2', 'e4'); c.move('d7', 'd5')
    c.lift('e4', 1500); c.put('d5', 'P', 220)            # swap: d5 p -> P directly
    for a, b in [('g8', 'f6'), ('b1', 'c3'), ('e7', 'e6'), ('g1', 'f3'), ('f8', 'e7'), ('f1', 'c4'), ('b8', 'd7')]:
        c.move(a, b, 500)
    c.move('d2', 'd3')
    c.expect(["e2e4", "d7d5", "e4d5", "g8f6", "b1c3", "e7e6", "g1f3", "f8e7", "f1c4", "b8d7", "d2d3"])
    c.write()


    # Occupancy boards: a capture swapped inside one scan that the board cannot tell from
    # another (4.Bxa6 or 4.Bxc6: only b5 empties), and quick play after it, more moves than
    # one search reaches: the reports are followed again with every reading kept (without
    # that, nothing more is reported), the likelier capture a priori (the knight, for a bishop
    # the pawns win back either way) is reported provisionally, and 8...bxa6 shows the other:
    # the game is re-read.
    c = Cap("ambiguous-capture-quick-replies", "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxa6 (swap inside one scan) h6 5.d3 g6 6.Nc3 Bg7 7.Be3 Ne7 8.Qe2, each started 500 ms after the last; then 8...bxa6 (victim lifted first) after a pause")
    for a, b in [('e2', 'e4'), ('e7', 'e5'), ('g1', 'f3'), ('b8', 'c6'), ('f1', 'b5'), ('a7', 'a6')]:
        c.move(a, b)
    c.lift('b5', 1500); c.put('a6', 'B', 220)            # swap: a6 p -> B directly
    for a, b in [('h7', 'h6'), ('d2', 'd3'), ('g7', 'g6'), ('b1', 'c3'), ('f8', 'g7'), ('c1', 'e3'), ('g8', 'e7'), ('d1', 'e2')]:
        c.move(a, b, 500)
    c.lift('a6', 1500); c.lift('b7', 300); c.put('a6', 'p', 300)
    c.expect(["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a6", "h7h6", "d2d3", "g7g6", "b1c3", "f8g7", "c1e3", "g8e7", "d1e2", "b7a6"])
    c.lines.insert(4, "# expect-occupancy-event: ambiguous")
    c.lines.insert(5, "# expect-occupancy-event: takeback")
    c.write()


    # Occupancy boards: the queen lifted from b7 for 2.Qc8+ before Black's rook landed on b8
    # (c8 empty, b7 empty, b8 filled, c8 filled) reads as 1.Qb8 alone, the queen's slide
    # revised, and the rook lifted and put back; 2...Nd8 fits that too, 3.Qxd8+ nothing: the
    # reports are followed again from before 1.Qb7 and the game is put right. (The rook is
    # lifted 900 ms after the queen landed: had she stood on b7 more than SLIDE_PAUSE_MS after
    # 1.Qb7 was reported while the rook was lifted, the move would stand — no slide pauses
    # that long — see "reply-after-rest".)
    c = from_fen("revision-refollowed", "2r3k1/Q4ppp/2n5/8/8/8/5PPP/6K1", "w", "1.Qb7 Rb8 2.Qc8+ (the queen lifted before the rook landed) Nd8 3.Qxd8+ (6 s later) Rxd8 4.h3 (captures with the victim lifted first)")
    c.move('a7', 'b7')
    c.lift('c8', 900); c.lift('b7', 200); c.put('b8', 'r', 250); c.put('c8', 'Q', 300)
    c.move('c6', 'd8')
    for a, b, p, dt in [('c8', 'd8', 'Q', 6000), ('b8', 'd8', 'r', 1500)]:
        c.lift(b, dt); c.lift(a, 300); c.put(b, p, 300)
    c.move('h2', 'h3')
    c.expect(["a7b7", "c8b8", "b7c8", "c6d8", "c8d8", "b8d8", "h2h3"])
    c.lines.insert(4, "# expect-occupancy-event: takeback")
    c.write()

    # The same with 1.Qb7 standing 1.5 s before the rook is lifted (1.2 s after it was
    # reported): the reply had begun before the queen went on, so 1.Qb7 is complete — not
    # a slide to b8 revised (`Tracker::replied_after_rest`): read right at once.
    c = from_fen("reply-after-rest", "2r3k1/Q4ppp/2n5/8/8/8/5PPP/6K1", "w", "1.Qb7 Rb8 2.Qc8+ (the rook lifted 1.5 s after the queen landed, the queen before the rook landed) Nd8 3.h3")
    c.move('a7', 'b7')
    c.lift('c8', 1500); c.lift('b7', 200); c.put('b8', 'r', 250); c.put('c8', 'Q', 300)
    c.move('c6', 'd8')
    c.move('h2', 'h3')
    c.expect(["a7b7", "c8b8", "b7c8", "c6d8", "h2h3"])
    c.write()


    # 1.Qf5 Bf3 2.Qe4 Bg4 leaves the occupancy it started from (queen and bishop swapped
    # squares); played quickly (the bishop put on f3 before e4 read empty, the queen lifted
    # and the bishop on again before either settled) it is four moves, not nothing: the moves
    # followed one by one tell it (an occupancy board sees no other difference).
    c = from_fen("shuffle-not-takeback", "7k/6pp/8/8/4b1Q1/8/8/K7", "w", "1.Qf5 Bf3 (put on f3 before e4 read empty) 2.Qe4 Bg4 (the queen lifted 240 ms after, the bishop lifted before she landed) 3.Ka2")
    c.move('g4', 'f5')
    c.put('f3', 'b', 2200); c.lift('e4', 30)
    c.lift('f5', 240); c.lift('f3', 370); c.put('e4', 'Q', 30); c.put('g4', 'b', 430)
    c.move('a1', 'a2')
    c.expect(["g4f5", "e4f3", "f5e4", "f3g4", "a1a2"])
    c.write()


    # Occupancy boards: 1.Ne4 put down before c3 read empty, 1...d5, and White's knight lifted
    # again 33 ms after (2.Neg5): the board then reads as 1.Nd5 and 1...dxe5 (the knight in
    # the hand unseen); 2...f6 fits nothing from there. The reports since 1.Ne4 are followed
    # again (the piece put down first counts once its old square reads empty).
    c = from_fen("new-before-old-refollowed", "4n1k1/5ppp/3p4/4P3/8/2N2N2/8/6K1", "w", "1.Ne4 (put on e4 before c3 read empty) d5 2.Neg5 (lifted 33 ms after d5 landed) f6 3.Nh3")
    c.put('e4', 'N', 1500); c.lift('c3', 22)
    c.lift('d6', 1965); c.put('d5', 'p', 462)
    c.lift('e4', 33); c.put('g5', 'N', 433)
    c.lift('f7', 173); c.put('f6', 'p', 464)
    c.move('g5', 'h3')
    c.expect(["c3e4", "d6d5", "e4g5", "f7f6", "g5h3"])
    c.write()


    # Occupancy boards: 1.Bd3 slid through e2 (e2 read empty only after d3 read filled) and
    # Black taking on f3 at once (the knight lifted before e2 read empty): that is 1.Bd3 Bxf3,
    # not 1.Be2 Bxf3 2.Bd3 — the slide carried on, one move fewer.
    c = from_fen("slide-then-capture-at-once", "6k1/5ppp/8/8/6b1/5N2/3N1PPP/5BK1", "w", "1.Bd3 (slid through e2) Bxf3 (the knight lifted as the bishop landed) 2.Nxf3 h6")
    c.lift('f1', 1500); c.put('e2', 'B', 207); c.put('d3', 'B', 213)
    c.lift('f3', 8); c.lift('e2', 28); c.lift('g4', 169); c.put('f3', 'b', 480)
    c.lift('d2', 476); c.lift('f3', 210); c.put('f3', 'N', 222)
    c.move('h7', 'h6')
    c.expect(["f1d3", "g4f3", "d2f3", "h7h6"])
    c.write()


    # Occupancy boards: 1.c8=B and Black's king lifted 30 ms after the bishop was put down.
    # Read with a queen (the configured piece) 1...Kc2 is illegal (the queen checks down the
    # c-file) and nothing explains the board: the moves are searched again with any promotion
    # piece (a knight, the likelier, until 2.Bg4 shows the bishop and the game is re-read).
    c = from_fen("underpromotion-quick-reply", "8/2P4p/8/8/8/2k5/7P/K7", "w", "1.c8=B Kc2 (the king lifted 30 ms after the bishop landed) 2.Bg4 Kd2")
    c.lift('c7', 1500); c.put('c8', 'B', 300); c.lift('c3', 30); c.put('c2', 'k', 300)
    c.move('c8', 'g4'); c.move('c2', 'd2')
    c.expect(["c7c8b", "c3c2", "c8g4", "c2d2"])
    c.lines.insert(4, "# expect-occupancy-moves: c7c8b c3c2 c8g4 c2d2")
    c.write()


    # Occupancy boards: 1...Nxe4 with the pawn lifted first and the knight held 1.2 s before
    # it is put down. The board reads as pieces only taken off (e4, f6), which 1...Nxg4 2.exd5
    # (both straight onto their targets) would also give: nothing but such captures waits
    # longer (a capture in progress), and no move is reported, nor taken back, until the
    # knight lands.
    c = from_fen("capture-in-progress-held", "6k1/8/5n2/3p4/4P1B1/8/8/6K1", "b", "1...Nxe4 (the pawn lifted, then the knight, held 1.2 s) 2.Kh2")
    c.lift('e4', 1500); c.lift('f6', 300); c.put('e4', 'n', 1200)
    c.move('g1', 'h2')
    c.expect(["f6e4", "g1h2"])
    c.lines.insert(4, "# expect-occupancy-no-event: takeback")
    c.write()


    # Occupancy boards: 1...Nxb2 straight onto the pawn (only c4 empties), 2.Nd6+ Kd7. The
    # board fits 1...Nd6 2.Nxd6+ as well (the knight put on d6 and taken there at once): a
    # line whose move leaves its piece to be won is the less likely one.
    c = from_fen("capture-not-blunder", "4k3/5N2/8/8/2n5/8/1P6/4K3", "b", "1...Nxb2 (swapped inside one scan) 2.Nd6+ (lifted 300 ms after) Kd7")
    c.lift('c4', 1500); c.put('b2', 'n', 220)
    c.move('f7', 'd6', 300); c.move('e8', 'd7')
    c.expect(["c4b2", "f7d6", "e8d7"])
    c.lines.insert(4, "# expect-occupancy-no-event: takeback")
    c.write()


    # Occupancy boards: the same 1...Nxb2 reported on its own (the board rested 2 s), then
    # 2.Nd6+ seen alone: the pair fits 1...Nd6 2.Nxd6+ just as well (the knight taken at once
    # on d6, never read there). The pair reported stands and the operator is told: an
    # `ambiguous` event, `undecided`, naming both. Identity boards see the knight on b2.
    c = from_fen("capture-unseen-undecided", "4k3/5N2/8/8/2n5/8/1P6/4K3", "b", "1...Nxb2 (swapped inside one scan; the board then rests 2 s) 2.Nd6+ Kd7")
    c.lift('c4', 1500); c.put('b2', 'n', 220)
    c.move('f7', 'd6', 2000); c.move('e8', 'd7')
    c.expect(["c4b2", "f7d6", "e8d7"])
    c.lines.insert(4, "# expect-no-event: ambiguous")
    c.lines.insert(4, "# expect-occupancy-event: ambiguous")
    c.lines.insert(4, "# expect-occupancy-no-event: takeback")
    c.write()


    # Occupancy boards: 1.Qxh8 swapped inside one scan (only h7 empties), then a j'adoube of
    # the knight on g8 500 ms later: the stream of 1.Qxg8 with the queen lifted first and the
    # victim lifted slowly. The board cannot tell; the victim seen lifted wins (1.Qxg8 is
    # reported) and, the victim lifted long after the queen, an `ambiguous` event marked
    # `undecided` names 1.Qxh8 too. Identity boards see the queen on h8.
    c = from_fen("capture-victim-lifted-late", "k5nr/7Q/8/8/8/8/8/K7", "w", "1.Qxh8 (swapped inside one scan; the knight on g8 lifted 500 ms later and put back) Ka7 2.Kb2")
    c.lift('h7', 1500); c.put('h8', 'Q', 220)
    c.lift('g8', 500); c.put('g8', 'n', 900)
    c.move('a8', 'a7', 1500); c.move('a1', 'b2')
    c.expect(["h7h8", "a8a7", "a1b2"])
    c.lines.insert(4, "# expect-occupancy-moves: h7g8 a8a7 a1b2")
    c.lines.insert(4, "# expect-no-event: ambiguous")
    c.lines.insert(4, "# expect-occupancy-event: ambiguous")
    c.write()


    # Occupancy boards: 1.Bb5 Na7 2.Nxd5 (the pawn on d5 lifted before the knight landed on
    # a7) and Black lifting the bishop 230 ms after White's knight landed, for 2...Nxb5. The
    # board then fits 1.Bb5 taken back for 1.Nxd5 Na7 2.Bxh7+ (h7 taken straight, unseen); it
    # is also the moves forward with one piece lifted since, which every report accounts for:
    # a move in progress, waited out.
    c = from_fen("victim-lifted-after-replies", "2n3k1/7p/8/3p4/8/2NB4/8/6K1", "w", "1.Bb5 Na7 2.Nxd5 (d5 lifted before a7 landed) Nxb5 (b5 lifted 230 ms after the knight landed) 3.Kg2")
    c.move('d3', 'b5')
    c.lift('c8', 1500); c.lift('d5', 380); c.put('a7', 'n', 30)
    c.lift('c3', 370); c.put('d5', 'N', 270)
    c.lift('b5', 230); c.lift('a7', 470); c.put('b5', 'n', 200)
    c.move('g1', 'g2')
    c.expect(["d3b5", "c8a7", "c3d5", "a7b5", "g1g2"])
    c.lines.insert(4, "# expect-occupancy-no-event: takeback")
    c.write()


    # Occupancy boards: 1.Rd1 slid through e1 (paused there 680 ms: read as 1.Re1, to be
    # revised), then quick replies, each victim lifted before the last move landed: 1...c5
    # 2.Rxd7 Rxh7. Revising 1.Re1 as 1.Rd1 and going on fits as well as keeping it and four
    # moves on (1...Rxh7 2.Rd1 c5 3.Rxd7; captures have no target report to order them), and
    # so does another order of the revision: the order the origins read empty decides.
    c = from_fen("slide-revised-quick-replies", "k6r/2pp3P/8/8/8/8/8/5RK1", "w", "1.Rd1 (slid, paused on e1) c5 2.Rxd7 Rxh7, each begun before the last landed")
    c.lift('f1', 1500); c.put('e1', 'R', 6)
    c.lift('e1', 681); c.put('d1', 'R', 6)
    c.lift('c7', 152); c.put('c5', 'p', 388)
    c.lift('d7', 55); c.lift('d1', 284); c.lift('h7', 389); c.put('d7', 'R', 15)
    c.lift('h8', 460); c.put('h7', 'r', 188)
    c.expect(["f1d1", "c7c5", "d1d7", "h8h7"])
    c.write()


def press_without_move(c, a, b, moves):
    """White presses the clock without a move (7.5.3); the arbiter stops the clock and restarts
    it for White, who plays a-b and presses. Identity boards only (occupancy: skip)."""
    c.clock(False, 3000)                       # White presses without a move
    c.clock(False, 1000, running=False)        # the arbiter stops the clock,
    c.clock(True, 1000)                        # and restarts it for White
    c.move(a, b); c.clock(False, 500)
    c.expect(moves, ["illegal_move"])
    c.lines.insert(4, "# occupancy: skip")
    c.write()


def irregularities():
    # Wrong initial positions (7.2), corrected one by one, then the game starts.
    c = Cap("setup-errors", "set up with kings and queens swapped; then a bishop and knight swapped; then a pawn missing; then an extra pawn; then correct; 1.e4",
            placement="rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR")
    c.wait(3000)
    for a, b in [('d1', 'e1'), ('d8', 'e8')]:
        pass
    c.board = parse_placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKBNR"); c.dump(1000); c.wait(3000)
    c.board = parse_placement("rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR"); c.dump(1000); c.wait(3000)
    c.board = parse_placement("rnbqkbnr/pppppppp/8/8/3P4/8/PPPPPPPP/RNBQKBNR"); c.dump(1000); c.wait(3000)
    c.board = parse_placement(START); c.dump(1000)
    c.move('e2', 'e4')
    c.expect(["e2e4"], ["setup_error", "new_game"])
    c.write()

    c = Cap("setup-turned", "the board turned by 90 degrees (a1 not in White's left corner), then turned right",
            placement="RP4pr/NP4pn/BP4pb/QP4pq/KP4pk/BP4pb/NP4pn/RP4pr")
    c.wait(3000)
    c.board = parse_placement(START); c.dump(1000)
    c.move('d2', 'd4')
    c.expect(["d2d4"], ["setup_error", "new_game"])
    c.write()

    # Illegal moves without a clock: completed when they rest; restored; the game goes on.
    c = Cap("illegal-king", "1.e4 e5 2.Qh5 Nc6 3.Bc4 and Black's king to e7? no: Black plays ...Ke7 is legal; instead 3...Nf6?? no - Black moves the f7 pawn? Black plays the king e8-f7 into the queen's attack... f7 is occupied: so 3...Ke7 is legal; the illegal one: after 3.Bc4, Black's d7 pawn to d5 is legal too. Illegal: king e8 to e7 after 3.Qxf7+?? Simplest: 1.e4 f5 2.Qh5+ and Black's king e8-f7 (into check by the queen on h5), restored after 3 s, then 2...g6")
    for a, b in [('e2', 'e4'), ('f7', 'f5'), ('d1', 'h5')]:
        c.move(a, b)
    c.move('e8', 'f7')                    # illegal: Kf7 walks into Qh5's line
    c.wait(3000)
    c.move('f7', 'e8')                    # restored
    c.move('g7', 'g6')
    c.expect(["e2e4", "f7f5", "d1h5", "g7g6"], ["illegal_move", "restored"])
    c.write()

    # With a clock: a knight-shaped bishop move completed by the press; restored; then a second
    # illegal move by the same player loses (7.5.5).
    c = Cap("illegal-twice", "clock connected. 1.e4 e5 2.Bg3?? (f1-g3, knight-shaped) pressed: first illegal move; restored; 2.Nf3 Nc6 3.Ke3?? pressed: second illegal move, White loses")
    c.clock(False, 200, running=False)
    c.clock(True, 300)                      # Black starts White's clock
    c.move('e2', 'e4'); c.clock(False, 500)
    c.move('e7', 'e5'); c.clock(True, 500)
    c.move('f1', 'g3'); c.clock(False, 800)  # illegal, completed by the press
    c.clock(False, 1000, running=False)             # the arbiter stops the clock
    c.move('g3', 'f1', 2000); c.clock(True, 600)  # restored; the clock restarted for White
    c.move('g1', 'f3'); c.clock(False, 500)
    c.move('b8', 'c6'); c.clock(True, 500)
    c.move('e1', 'e3'); c.clock(False, 800)  # Ke1-e3: illegal again
    c.expect(["e2e4", "e7e5", "g1f3", "b8c6"], ["illegal_move", "restored"])
    c.write()

    # A pawn left unpromoted on the last rank, clock pressed (7.5.2): queen.
    c = Cap("unpromoted", "clock connected. 1.a4 h5 2.a5 h4 3.a6 h3 4.axb7 hxg2 5.bxa8 with the pawn left on a8 and the clock pressed: 7.5.2, replaced by a queen; the arbiter puts the queen; 5...gxh1=Q")
    c.clock(True, 300)
    side = False
    for a, b in [('a2', 'a4'), ('h7', 'h5'), ('a4', 'a5'), ('h5', 'h4'), ('a5', 'a6'), ('h4', 'h3')]:
        c.move(a, b); c.clock(side, 500); side = not side
    c.lift('a6', 1500); c.lift('b7', 300); c.put('b7', 'P', 300); c.clock(side, 500); side = not side
    c.lift('h3', 1500); c.lift('g2', 300); c.put('g2', 'p', 300); c.clock(side, 500); side = not side
    c.lift('b7', 1500); c.lift('a8', 300); c.put('a8', 'P', 500); c.clock(side, 600); side = not side
    c.lift('a8', 3000); c.put('a8', 'Q', 500)   # the arbiter replaces the pawn
    c.lift('g2', 1500); c.lift('h1', 300); c.put('h1', 'q', 300); c.clock(side, 500)
    c.expect(["a2a4", "h7h5", "a4a5", "h5h4", "a5a6", "h4h3", "a6b7", "h3g2", "b7a8q", "g2h1q"], ["illegal_move", "restored"])
    c.lines.insert(4, "# occupancy: skip")
    c.write()

    # Clock pressed without a move (7.5.3).
    c = Cap("press-no-move", "clock connected. 1.d4 d5, then White presses the clock without moving (7.5.3), then 2.c4")
    c.clock(True, 300)
    c.move('d2', 'd4'); c.clock(False, 500)
    c.move('d7', 'd5'); c.clock(True, 500)
    press_without_move(c, 'c2', 'c4', ["d2d4", "d7d5", "c2c4"])

    # Clock pressed without a move after a move was revised (7.5.3): the revision's takeback
    # leaves no move waiting for its press (before, every revision left one over, and this
    # press went unreported).
    c = Cap("press-no-move-after-revision", "clock connected. 1.a4 d5 2.Ra1 paused on a2 (reported Ra2) and on to a3 (revised to Ra3) d4, then White presses the clock without moving (7.5.3), then 3.e4")
    c.clock(True, 300)
    c.move('a2', 'a4'); c.clock(False, 500)
    c.move('d7', 'd5'); c.clock(True, 500)
    c.lift('a1', 1500); c.put('a2', 'R', 200)  # the rook stops on a2: reported as Ra2
    c.wait(1500); c.lift('a2'); c.put('a3', 'R', 200)  # and goes on to a3: revised
    c.clock(False, 500)
    c.move('d5', 'd4'); c.clock(True, 500)
    press_without_move(c, 'e2', 'e4', ["a2a4", "d7d5", "a1a3", "d5d4", "e2e4"])

    # Clock pressed without a move (7.5.3) after a press judged before its move was reported
    # (the report came more than a scan after the press): that move, once reported, does not
    # wait for another press (before, it did, and this press went unreported).
    c = Cap("press-no-move-after-early-press", "clock connected. 1.d4 pressed 200 ms after the pawn left d2, d4 reported 400 ms after the press; d5, then White presses the clock without moving (7.5.3), then 2.c4")
    c.clock(True, 300)
    c.lift('d2', 1500); c.clock(False, 200); c.put('d4', 'P', 400)
    c.move('d7', 'd5'); c.clock(True, 500)
    press_without_move(c, 'c2', 'c4', ["d2d4", "d7d5", "c2c4"])

    # A press made with a piece in the hand that is then put back completes no move: a
    # press without a move (7.5.3), once; the next move and its press are as usual.
    c = Cap("press-piece-in-hand-put-back", "clock connected. 1.d4 d5, White lifts the c2 pawn, presses, puts it back (7.5.3), then plays 2.c4 and presses; 2...e6: no other illegal move")
    c.clock(True, 300)
    c.move('d2', 'd4'); c.clock(False, 500)
    c.move('d7', 'd5'); c.clock(True, 500)
    c.lift('c2', 1500); c.clock(False, 200); c.put('c2', 'P', 600)
    c.clock(True, 1000)                        # the arbiter gives White the move back
    c.move('c2', 'c4'); c.clock(False, 500)
    c.move('e7', 'e6'); c.clock(True, 500)
    c.expect(["d2d4", "d7d5", "c2c4", "e7e6"], ["illegal_move"])
    c.lines.insert(4, "# occupancy: skip")
    c.write()

    # A knocked-over piece (7.4): the opponent's bishop falls onto another square; restored.
    c = Cap("displaced", "1.e4 e5 2.Nf3: while Black thinks, White's sleeve knocks the c1 bishop onto d2's neighbour... the f1 bishop falls to e2 (empty): displaced; put back; 2...Nc6")
    for a, b in [('e2', 'e4'), ('e7', 'e5'), ('g1', 'f3')]:
        c.move(a, b)
    c.lift('f1', 2000); c.put('e2', 'B', 100)   # knocked by White while Black is to move
    c.wait(3000)
    c.move('e2', 'f1')
    c.move('b8', 'c6')
    c.expect(["e2e4", "e7e5", "g1f3", "b8c6"], ["displaced", "restored"])
    c.lines.insert(4, "# occupancy: skip")
    c.write()

    # Rapid: an illegal move not corrected before the opponent completes his move stands.
    c = Cap("illegal-stands-rapid", "rapid, clock connected. 1.e4 e5 2.Nf3 Nc6 3.Nf3-f5?? (a rook-shaped knight move) pressed; Black does not object and plays 3...d6 and presses: the illegal move stands (A.4.2); 4.Nxg7+ continues from it")
    c.lines.insert(4, "# replay-args: --competition rapid")
    c.lines.insert(5, "# occupancy: skip")
    c.clock(True, 300)
    side = False
    for a, b in [('e2', 'e4'), ('e7', 'e5'), ('g1', 'f3'), ('b8', 'c6'), ('f3', 'f5'), ('d7', 'd6')]:
        c.move(a, b); c.clock(side, 500); side = not side
    c.lift('f5', 1500); c.lift('g7', 300); c.put('g7', 'N', 300); c.clock(side, 500)
    c.expect(["e2e4", "e7e5", "g1f3", "b8c6", "f3f5", "d7d6", "f5g7"], ["illegal_move"])
    c.write()


def early_replies():
    """Identity boards: the opponent replies before a move settled (the cases that misled the
    tracker on simulated games)."""
    # A capture recaptured at once by a piece of the same kind: the square holds the same
    # piece as before and both sides lost one — not just pieces in the hands.
    c = Cap("recapture-unseen", "1.e4 e6 2.d4 d5 3.exd5 (the pawn never read on d5: Black takes it at once) exd5, the game's last moves")
    for a, b in [('e2', 'e4'), ('e7', 'e6'), ('d2', 'd4'), ('d7', 'd5')]:
        c.move(a, b)
    c.lift('d5', 1500); c.lift('e4', 250)          # victim off, capturer lifted ...
    c.lift('e6', 300); c.put('d5', 'p', 250)        # ... and taken on d5 before a read
    c.wait(3000)
    c.expect(["e2e4", "e7e6", "d2d4", "d7d5", "e4d5", "e6d5"])
    c.write()

    c = Cap("recapture-seen", "1.e4 e6 2.d4 d5 3.Nf3 Nf6 4.Ne5 Nbd7 5.Nxd7 (read on d7, taken 80 ms later) Nxd7, the game's last moves")
    for a, b in [('e2', 'e4'), ('e7', 'e6'), ('d2', 'd4'), ('d7', 'd5'), ('g1', 'f3'), ('g8', 'f6'),
                 ('f3', 'e5'), ('b8', 'd7')]:
        c.move(a, b)
    c.lift('d7', 1500); c.lift('e5', 250); c.put('d7', 'N', 250)
    c.lift('d7', 80); c.lift('f6', 250); c.put('d7', 'n', 250)
    c.wait(3000)
    c.expect(["e2e4", "e7e6", "d2d4", "d7d5", "g1f3", "g8f6", "f3e5", "b8d7", "e5d7", "f6d7"])
    c.write()

    # The reply lands on the square the move came from (three squares change), before the
    # board showed the move at rest; three more moves follow at once (five plies in all, more
    # than one search reaches): the moves followed one by one tell the game.
    c = Cap("reply-onto-origin", "1.Nf3 d5 2.e3 Bg4 3.Ng5 Bf3 (the bishop lifted before the knight lands, put on f3) 4.a3 a6 5.b3, each started before the last one settled")
    for a, b in [('g1', 'f3'), ('d7', 'd5'), ('e2', 'e3'), ('c8', 'g4')]:
        c.move(a, b)
    c.lift('f3', 1500); c.lift('g4', 150); c.put('g5', 'N', 150); c.put('f3', 'b', 150)
    c.lift('a2', 150); c.put('a3', 'P', 200); c.lift('a7', 150); c.put('a6', 'p', 200)
    c.lift('b2', 150); c.put('b3', 'P', 200)
    c.wait(3000)
    c.expect(["g1f3", "d7d5", "e2e3", "c8g4", "f3g5", "g4f3", "a2a3", "a7a6", "b2b3"])
    c.lines.insert(4, "# occupancy: skip (only identity boards follow two moves seen at once)")
    c.write()


    # A slide paused long enough to be reported (Qg4), then finished (Qh5) while the opponent
    # replied at once; h5 then flickers: its second report must not make the board look as if
    # the queen reached h5 after the reply (Qg4 Nc6 Qh5 instead of the revision Qh5 Nc6).
    c = Cap("slide-reply-flicker", "1.e4 e5 2.Qh5 (resting 700 ms on g4: Qg4 is reported, then revised) Nc6 (lifted 80 ms after the queen lands), h5 reads empty for 40 ms; 3.Bc4 Nf6")
    c.move('e2', 'e4'); c.move('e7', 'e5')
    c.lift('d1', 1500); c.put('g4', 'Q', 200)
    c.lift('g4', 700); c.put('h5', 'Q', 100)
    c.lift('b8', 80); c.put('c6', 'n', 200)
    c.lift('h5', 120); c.put('h5', 'Q', 40)            # flicker
    c.move('f1', 'c4'); c.move('g8', 'f6')
    c.expect(["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"])
    c.write()


    # Black adjusts (j'adoube, a whole second) his g5 pawn just after White's queen slid to
    # g4: the board looks like Qe2 (or Qf3), g5-g4, Qxg4 with the pawn captured at once — but
    # the sensor read g5 empty long after the queen on g4: the pawn cannot have gone there
    # before the queen.
    c = Cap("ghost-too-late", "1.e3 g5 2.Qg4 (sliding over e2 and f3, f3 read empty 200 ms after g4), then Black lifts the g5 pawn 450 ms after the queen was read on g4 and puts it back a second later; 2...a6")
    for a, b in [('e2', 'e3'), ('g7', 'g5')]:
        c.move(a, b)
    c.lift('d1', 1500); c.put('e2', 'Q', 30); c.lift('e2', 60); c.put('f3', 'Q', 5)
    c.put('g4', 'Q', 60); c.lift('f3', 200)
    c.lift('g5', 250); c.put('g5', 'p', 1000)
    c.move('a7', 'a6')
    c.expect(["e2e3", "g7g5", "d1g4", "a7a6"])
    c.lines.insert(4, "# occupancy: skip (only identity boards tell which piece was read where)")
    c.write()

    # Queens dancing, each move started before the last one settled; while White's queen is
    # in the hand the board reads as a single move (...Qxb6): the moves followed update by
    # update, with a piece lifted, are a move in progress.
    fen = "7k/1q4pp/1Q6/8/8/8/6PP/7K"
    c = from_fen("in-hand-after-replies", fen, "b", "1...Qa7 2.Qa6 Qb6 3.Qb7 (lifted from a6 430 ms before landing on b7: meanwhile the board reads as 1...Qxb6) h6 4.h3")
    c.put('a7', 'q', 1500); c.lift('b7', 10)
    c.lift('b6', 240); c.put('a6', 'Q', 250)
    c.lift('a7', 200); c.put('b6', 'q', 240)
    c.lift('a6', 240); c.put('b7', 'Q', 430)
    c.move('h7', 'h6'); c.move('h2', 'h3')
    c.expect(["b7a7", "b6a6", "a7b6", "a6b7", "h7h6", "h2h3"])
    c.lines.insert(5, "# occupancy: skip (only identity boards follow two moves seen at once)")
    c.write()

    # The same while the last move may still be revised: the board reads as 1...Qxe5 in
    # place of 1...Qe6 while White's queen is in the hand.
    fen = "7k/6pp/5q2/4Q3/8/8/6PP/7K"
    c = from_fen("in-hand-not-revision", fen, "b", "1...Qe6 2.Qf4 (f4 read before e5 clears) Qe5 3.Qg4 (lifted from f4 420 ms before landing on g4: meanwhile the board reads as 1...Qxe5 in place of 1...Qe6)")
    c.move('f6', 'e6')
    c.put('f4', 'Q', 1500); c.lift('e5', 30)
    c.lift('e6', 240); c.put('e5', 'q', 210)
    c.lift('f4', 200); c.put('g4', 'Q', 420)
    c.expect(["f6e6", "e5f4", "e6e5", "f4g4"])
    c.write()


    # Black's reply went on before the board settled, and with the bishop in the hand the
    # board reads as a revision of White's last move (Qg4xe4 in place of Qf5): Black's bishop
    # was reported on f3 since, which that revision does not explain.
    fen = "7k/8/8/8/4b1Q1/8/8/K7"
    c = from_fen("reply-not-revision", fen, "w", "1.Qf5 Bf3 (f3 read before e4 clears) 2.Qe4 (the bishop lifted from f3 meanwhile: the board reads as 1.Qxe4) Bg4 (430 ms later) 3.Kb2")
    c.move('g4', 'f5')
    c.put('f3', 'b', 1500); c.lift('e4', 30)
    c.lift('f5', 240); c.lift('f3', 370); c.put('e4', 'Q', 30)
    c.put('g4', 'b', 430)
    c.move('a1', 'b2')
    c.expect(["g4f5", "e4f3", "f5e4", "f3g4", "a1b2"])
    c.lines.insert(5, "# occupancy: skip (only identity boards tell whose piece was reported)")
    c.write()


    # A slide paused long enough to be reported (Rf2), then went on to e2 where the king took
    # the rook at once: the rook never read on e2. The revision (Re2+ Kxe2) holds: the slide's
    # reported square lies on its way.
    fen = "4k3/p7/8/8/8/8/P6r/4K3"
    c = from_fen("slide-captured-at-once", fen, "b", "1...Re2+ (sliding over g2, resting 670 ms on f2: Rf2 reported, then revised) 2.Kxe2 (the rook taken before e2 was read) Ke7 3.Kd3")
    c.lift('h2', 1500); c.put('g2', 'r', 6); c.lift('g2', 230); c.put('f2', 'r', 6)
    c.lift('f2', 670); c.lift('e1', 400); c.put('e2', 'K', 250)
    c.move('e8', 'e7'); c.move('e2', 'd3')
    c.expect(["h2e2", "e1e2", "e8e7", "e2d3"])
    c.write()

    # The same slide, reported on its end square too (Qb2+) and taken there by the king, who
    # goes on to a1: the queen sliding on to a1 and taken there (Qa1+ Kxa1) does not explain
    # the king reported on b2 — a slide's transit squares explain its own piece only.
    fen = "8/8/7p/7P/3q4/8/7k/1K6"
    c = from_fen("slide-transit-own-piece", fen, "b", "1...Qb2+ (resting 425 ms on c3: Qc3 reported, then revised) 2.Kxb2 Kh3 3.Ka1, each started before the last one settled")
    c.lift('d4', 1500); c.put('c3', 'q', 25); c.lift('c3', 425); c.put('b2', 'q', 22)
    c.lift('b2', 210); c.lift('b1', 481); c.put('b2', 'K', 406)
    c.lift('h2', 21); c.put('h3', 'k', 453); c.lift('b2', 8); c.put('a1', 'K', 447)
    c.expect(["d4b2", "b1b2", "h2h3", "b2a1"])
    c.write()


    # A slide paused long enough to be reported (Qg1), then went on to h1 (check); the replies
    # came at once and the board ended exactly as before the slide (Qh1+ Rh2 Qf1+ Rg2): a
    # revision whose line comes back to the same board.
    fen = "k7/8/8/8/8/7K/6R1/5q2"
    c = from_fen("slide-repeats", fen, "b", "1...Qh1+ (resting 450 ms on g1: Qg1 reported, then revised) 2.Rh2 Qf1+ 3.Rg2, each started before the last one settled; 3...Ka7")
    c.lift('f1', 1500); c.put('g1', 'q', 6); c.lift('g1', 450); c.put('h1', 'q', 6)
    c.lift('g2', 202); c.put('h2', 'R', 239); c.lift('h1', 234); c.put('f1', 'q', 197)
    c.lift('h2', 199); c.put('g2', 'R', 480)
    c.move('a8', 'a7')
    c.expect(["f1h1", "g2h2", "h1f1", "h2g2", "a8a7"])
    c.lines.insert(5, "# occupancy: skip (lines back to the same board are searched on identity boards only)")
    c.write()


    # A check answered by taking the checking queen before the board read her on her square,
    # and more moves at once after it: followed as one step (a move and the capture of its
    # piece on its target), the rest after it.
    fen = "7Q/8/8/3P4/8/1k6/8/b1BK1q2"
    c = from_fen("move-captured-at-once", fen, "w", "1.Kd2 Qe2+ (never read on e2) 2.Kxe2 Ka4 3.d6, each started before the last one settled")
    c.lift('d1', 1500); c.put('d2', 'K', 480); c.lift('f1', 195)
    c.lift('d2', 700); c.put('e2', 'K', 230)
    c.lift('b3', 260); c.put('a4', 'k', 250); c.lift('d5', 230); c.put('d6', 'P', 480)
    c.expect(["d1d2", "f1e2", "d2e2", "b3a4", "d5d6"])
    c.lines.insert(5, "# occupancy: skip (only identity boards follow two moves seen at once)")
    c.write()


    # An exchange of pawns on d5 (the white pawn never read there) followed at once by three
    # more moves, nothing settling in between: the exchange is followed as one step although
    # d5 reads as before (only the two origins differ).
    c = Cap("exchange-then-replies", "1.e4 e6 2.d4 d5 3.exd5 (never read on d5) exd5 4.Nf3 Nf6 5.Bd3, each started before the last one settled")
    for a, b in [('e2', 'e4'), ('e7', 'e6'), ('d2', 'd4'), ('d7', 'd5')]:
        c.move(a, b)
    c.lift('d5', 1500); c.lift('e4', 250); c.lift('e6', 250); c.put('d5', 'p', 250)
    c.lift('g1', 200); c.put('f3', 'N', 250); c.lift('g8', 200); c.put('f6', 'n', 250)
    c.lift('f1', 200); c.put('d3', 'B', 250)
    c.expect(["e2e4", "e7e6", "d2d4", "d7d5", "e4d5", "e6d5", "g1f3", "g8f6", "f1d3"])
    c.lines.insert(4, "# occupancy: skip (only identity boards follow two moves seen at once)")
    c.write()


    # A slide paused long enough to be read (Qb6), then went on (Qc6); Black replied on the
    # square it passed, and White lifted his queen again at once: meanwhile the board reads
    # as Qb6 Qxb6. The reports (the queen read on c6) say otherwise: the moves that account
    # for them, with a piece in the hand, are a move in progress.
    fen = "7k/6pp/Q7/1q6/8/8/6PP/7K"
    c = from_fen("in-hand-after-slide", fen, "w", "1.Qc6 (read on b6 230 ms on the way) Qb6 (lifted 190 ms after the queen lands) 2.Qc7 (lifted from c6 before the reply landed, put down 480 ms later) h6 3.h3")
    c.put('b6', 'Q', 1500); c.lift('a6', 6)
    c.put('c6', 'Q', 229); c.lift('b6', 6)
    c.lift('b5', 189); c.lift('c6', 258); c.put('b6', 'q', 6)
    c.put('c7', 'Q', 477)
    c.move('h7', 'h6'); c.move('h2', 'h3')
    c.expect(["a6c6", "b5b6", "c6c7", "h7h6", "h2h3"])
    c.lines.insert(5, "# occupancy: skip (only identity boards tell whose piece was reported)")
    c.write()

    # The same with the reply landing where the slide paused (Rf8, then on to e8; Qf8) and
    # the rook lifted again at once: the board reads as Rf8 Qxf8.
    fen = "6r1/4Q1pk/8/8/8/8/6PP/7K"
    c = from_fen("in-hand-after-slide-reply", fen, "b", "1...Re8 (read on f8 on the way) 2.Qf8 (e7 lifted 180 ms after f8 read) Re7 (lifted 6 ms after the queen is read on f8, put down 420 ms later) 3.h3")
    c.lift('g8', 1500); c.put('f8', 'r', 6)
    c.lift('e7', 179); c.lift('f8', 22); c.put('e8', 'r', 6)
    c.put('f8', 'Q', 436); c.lift('e8', 6); c.put('e7', 'r', 416)
    c.move('h2', 'h3')
    c.expect(["g8e8", "e7f8", "e8e7", "h2h3"])
    c.lines.insert(5, "# occupancy: skip (only identity boards tell whose piece was reported)")
    c.write()

    # A move reported at rest (Qe8), the reply, the next move, and the opponent's bishop lifted
    # at once: meanwhile the board reads as a revision (Qxc8 in place of Qe8, a1=R, Qd7) whose
    # queen was never read on c8 — a move in progress, not a revision.
    fen = "r1b3Q1/2P5/8/8/8/2k5/p4PqP/2BK1BNR"
    c = from_fen("in-hand-not-revision-late", fen, "w", "1.Qe8 a1=R 2.Qd7 (the bishop on c8 lifted 35 ms after the queen is read on d7, put on b7 400 ms later) Bb7 3.Ke2")
    c.move('g8', 'e8', 1500, 217)
    c.lift('a2', 1400); c.put('a1', 'r', 213)
    c.lift('e8', 202); c.put('d7', 'Q', 432)
    c.lift('c8', 35); c.put('b7', 'b', 408)
    c.move('d1', 'e2')
    c.expect(["g8e8", "a2a1r", "e8d7", "c8b7", "d1e2"])
    c.write()


    # The reply's piece lifted before the move's piece landed (the knight read on d7 after
    # the bishop left c1), and four more moves at once, one a capture at once: no board in
    # between is a position of the game, nor does one rest before the fifth move — the moves
    # are followed one by one from the move with the reply in the hand.
    c = Cap("reply-lifted-before-landing", "1.d4 d5 2.Nf3 Nf6 3.h3 e6 4.a3 Bd6 5.b3 Nbd7 (c1 lifted 60 ms before the knight is read on d7) 6.Bf4 (never read on f4) Bxf4 7.Nbd2 Nf8 8.e3, each started before the last one settled")
    for a, b in [('d2', 'd4'), ('d7', 'd5'), ('g1', 'f3'), ('g8', 'f6'), ('h2', 'h3'), ('e7', 'e6'),
                 ('a2', 'a3'), ('f8', 'd6'), ('b2', 'b3')]:
        c.move(a, b)
    c.lift('b8', 1500); c.lift('c1', 420); c.put('d7', 'n', 61)
    c.lift('d6', 721); c.put('f4', 'b', 282)
    c.lift('b1', 63); c.put('d2', 'N', 211)
    c.lift('d7', 91); c.put('f8', 'n', 437)
    c.move('e2', 'e3', 200, 250)
    c.expect(["d2d4", "d7d5", "g1f3", "g8f6", "h2h3", "e7e6", "a2a3", "f8d6", "b2b3", "b8d7", "c1f4", "d6f4", "b1d2", "d7f8", "e2e3"])
    c.lines.insert(4, "# occupancy: skip (only identity boards tell whose piece was lifted)")
    c.write()


    # A slide paused long enough to be reported (Qd7), then finished (Qd5) while an exchange
    # and two more moves came at once: the revision and four replies are more than a search
    # reaches, and no board rests before the last of them — followed one by one from the
    # position before the reported move.
    fen = "3qk3/8/4p3/8/4Q3/8/8/2KR3R"
    c = from_fen("slide-revised-long-reply", fen, "b", "1...Qd5 (resting 460 ms on d7: Qd7 reported, then revised) 2.Qxd5 exd5 3.Rhe1+ Kd7, each started before the last one settled; 4.Kb1")
    c.lift('d8', 1500); c.put('d7', 'q', 31); c.lift('d7', 462); c.put('d5', 'q', 51)
    c.lift('d5', 213); c.lift('e4', 260); c.put('d5', 'Q', 434)
    c.lift('d5', 218); c.lift('e6', 201); c.put('d5', 'p', 248)
    c.lift('h1', 128); c.put('e1', 'R', 455)
    c.lift('e8', 263); c.put('d7', 'k', 259)
    c.move('c1', 'b1')
    c.expect(["d8d5", "e4d5", "e6d5", "h1e1", "e8d7", "c1b1"])
    c.lines.insert(5, "# occupancy: skip (only identity boards follow moves one by one from before a revised move)")
    c.write()


    # A rook move read on its target before its origin cleared (Re8), the reply at once
    # (Qe7), and the other rook lifted 170 ms after the queen landed: meanwhile the board reads
    # as Rd8-e8 Qxe7 — but d8 read empty 670 ms after a rook was read on e8: that rook did not
    # come from d8.
    fen = "3r1Q2/kp2r3/8/8/8/8/6PP/7K"
    c = from_fen("origin-left-late", fen, "b", "1...Ree8 (e8 read before e7 clears) 2.Qe7 Ra8 (d8 lifted 170 ms after the queen is read on e7, put on a8 430 ms later) 3.h3")
    c.put('e8', 'r', 1500); c.lift('e7', 30)
    c.lift('f8', 217); c.put('e7', 'Q', 249)
    c.lift('d8', 172); c.put('a8', 'r', 436)
    c.move('h2', 'h3')
    c.expect(["e7e8", "f8e7", "d8a8", "h2h3"])
    c.lines.insert(5, "# occupancy: skip (only identity boards tell which rook was read on e8)")
    c.write()


    # A slide paused long enough to be reported (Rb8), then went on over c8 to e8; White took
    # on f8 (the bishop never read there: Black took it at once with the rook from e8). The
    # board then reads as Rb8 kept, Bxf8 Rbxf8 — the rook "passing" c8 and e8 on its way —
    # but those squares were read before White's bishop even left e7: no transit of a move
    # made after it. The revision (Rae8 Bxf8 Rxf8) explains them.
    fen = "r4rk1/4Bppp/8/8/8/8/5PPP/6K1"
    c = from_fen("slide-transit-before-reply", fen, "b", "1...Rae8 (resting 460 ms on b8: Rb8 reported, then revised) 2.Bxf8 (never read on f8) Rxf8 3.h3")
    c.lift('a8', 1500); c.put('b8', 'r', 6)
    c.put('c8', 'r', 459); c.lift('b8', 227); c.lift('c8', 6); c.put('e8', 'r', 6)
    c.lift('f8', 207); c.lift('e7', 272)
    c.lift('e8', 927); c.put('f8', 'r', 461)
    c.move('h2', 'h3')
    c.expect(["a8e8", "e7f8", "e8f8", "h2h3"])
    c.lines.insert(5, "# occupancy: skip (only identity boards tell which piece was read where)")
    c.write()


    # A slide paused long enough to be reported (Qe1), then finished (Qc1) while the queens
    # danced at once (Qa1 Qd1 Qb1 Qc1 Qa2): with Black's queen lifted from b1 the board was
    # followed as Qb1-c1 taken at once by Qe1xc1, and later reads as moves from Qe1 that use
    # the queen's first report on c1 as a later arrival. A move lands after the line's
    # previous one did (within a scan); the reports followed one by one from before Qe1 tell
    # the game.
    fen = "7k/6pp/8/8/8/5K2/6PP/1q5Q"
    c = from_fen("slide-revised-queen-dance", fen, "w", "1.Qc1 (sliding over f1, resting 460 ms on e1: Qe1 reported, then revised) Qa1 2.Qd1 Qb1 3.Qc1 Qa2, each started before the last one settled; 4.g3")
    c.lift('h1', 1500); c.put('f1', 'Q', 7); c.lift('f1', 237); c.put('e1', 'Q', 6)
    c.lift('e1', 457); c.put('c1', 'Q', 7)
    c.lift('b1', 224); c.put('a1', 'q', 463)
    c.lift('c1', 212); c.put('d1', 'Q', 446)
    c.lift('a1', 10); c.put('b1', 'q', 428)
    c.lift('d1', 226); c.put('c1', 'Q', 488)
    c.lift('b1', 6); c.put('a2', 'q', 420)
    c.move('g2', 'g3')
    c.expect(["h1c1", "b1a1", "c1d1", "a1b1", "d1c1", "b1a2", "g2g3"])
    c.lines.insert(5, "# occupancy: skip (only identity boards tell whose queen was read where)")
    c.write()


    # An exchange on one square by pieces of the same kind (Rexg5 Rxg5 Rxg5), the first two
    # capturers never read on g5: both orders of White's rooks reach the same position and the
    # reports of pieces on targets cannot tell them apart; the order in which their origins
    # were read empty does (e5 before g1).
    fen = "r5k1/6p1/2p3r1/1p2R1p1/8/1P6/2P5/1K4R1"
    c = from_fen("exchange-same-kind-lift-order", fen, "w", "1.Rexg5 (the pawn lifted, the rook never read on g5) Rxg5 (never read there) 2.Rxg5, within two seconds; 2...Rf8")
    c.lift('e5', 1500); c.lift('g5', 8)
    c.lift('g6', 676); c.lift('g1', 789); c.put('g5', 'R', 311)
    c.move('a8', 'f8')
    c.expect(["e5g5", "g6g5", "g1g5", "a8f8"])
    c.write()


    # A slide paused long enough to be reported (Rg4), then went on to g5 — and the opponent
    # began his reply (Rh8) before it settled, the rook then going on at once (Rg6). Followed
    # update by update this reads Rg4 kept, Rh8, Rg4-g6 with the rook "passing" g5 — but it
    # was read on g5 before Black's rook even left g8: no transit of a move made after the
    # reply landed. The revision (Rg5 Rh8 Rg6) explains it. (Drawn from the simulator,
    # SEED=30000 sample 192.)
    fen = "k5r1/6p1/8/8/8/6R1/8/1K6"
    c = from_fen("slide-transit-spans-reply", fen, "w", "1.Rg5 (resting 390 ms on g4: Rg4 reported, then revised) Rh8 (g8 lifted 130 ms after g5 read) 2.Rg6 (lifted from g5 90 ms after h8 read) Rh7 3.Kc2")
    c.put('g4', 'R', 1500); c.lift('g3', 31)
    c.put('g5', 'R', 391); c.lift('g4', 27)
    c.lift('g8', 107); c.put('h8', 'r', 448)
    c.lift('g5', 88); c.put('g6', 'R', 434)
    c.move('h8', 'h7', 837, 256)
    c.move('b1', 'c2')
    c.expect(["g3g5", "g8h8", "g5g6", "h8h7", "b1c2"])
    c.lines.insert(5, "# occupancy: skip (only identity boards tell whose rook was read on g5)")
    c.write()


    # Quick play after a bishop move (Bb5): the rook went to a6 and back (Ra6 Nc8 Rb6), and
    # the bishop was lifted for its next move (Bc6) just before the rook landed on b6 again.
    # That board reads as Bb5 revised to a slide on to a6 (passing b5), taken at once by
    # Rxa6, Nc8 Ra6-b6 — but the bishop left b5 long after the rook landed on a6: a slide
    # captured at once leaves the squares on its way before the capturer lands. (Drawn from
    # the simulator, SEED=40000 sample 7.)
    fen = "4k3/4n3/1R6/8/2b5/8/8/7K"
    c = from_fen("slide-not-captured-on-the-way", fen, "b", "1...Bb5 2.Ra6 Nc8 3.Rb6 (the bishop lifted from b5 26 ms before b6 read) Bc6+ 4.Kh2, each begun before the last settled")
    c.lift('c4', 1500); c.put('b5', 'b', 234)
    c.lift('b6', 1141); c.put('a6', 'R', 417)
    c.lift('e7', 12); c.put('c8', 'n', 261)
    c.lift('a6', 180); c.lift('b5', 395); c.put('b6', 'R', 26)
    c.put('c6', 'b', 426)
    c.move('h1', 'h2')
    c.expect(["c4b5", "b6a6", "e7c8", "a6b6", "b5c6", "h1h2"])
    c.lines.insert(5, "# occupancy: skip (only identity boards tell which piece was read where)")
    c.write()


    # A slide paused long enough to be reported (Qb5), then went on to c4; Black's queen came
    # to b5 at once, and White's was lifted from c4 for her next move before it landed. That
    # board reads as Qb5 kept and Qxb5 — but White's queen was read on c4: a revised slide
    # and the reply with a piece in the hand is a move in progress. (Drawn from the
    # simulator, SEED=40000 sample 57.)
    fen = "7k/8/Q7/1q6/8/8/7K/8"
    c = from_fen("slide-revised-reply-in-hand", fen, "b", "1...Qc6 2.Qc4 (resting 400 ms on b5: Qb5 reported, then revised) Qb5 (c6 lifted 23 ms after b5 read empty; White's queen lifted from c4 33 ms before b5 read) 3.Qc5 Qb4 4.Kg2")
    c.lift('b5', 1500); c.put('c6', 'q', 463)
    c.put('b5', 'Q', 2038); c.lift('a6', 35)
    c.put('c4', 'Q', 364); c.lift('b5', 29); c.lift('c6', 23)
    c.lift('c4', 400); c.put('b5', 'q', 33); c.put('c5', 'Q', 472)
    c.lift('b5', 1082); c.put('b4', 'q', 189)
    c.move('h2', 'g2')
    c.expect(["b5c6", "a6c4", "c6b5", "c4c5", "b5b4", "h2g2"])
    c.lines.insert(5, "# occupancy: skip (only identity boards tell whose queen was read where)")
    c.write()


    # The knight put down on g5 before f3 read empty — and Black's pawn lifted in between: the
    # move completes when f3 reads empty, with the reply in the hand. Then d5 exd5 (the pawn
    # never read on d5), Na5 (the bishop lifted before the knight landed) and Bb5+ follow
    # without the board ever at rest: more moves than a search reaches, so they must be
    # followed one by one. (Drawn from the simulator, SEED=60000 sample 557.)
    c = Cap("new-before-old-reply-lifted", "1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6 4.Ng5 (g5 read before f3 empty; d7 lifted in between) d5 (never read on d5) 5.exd5 Na5 (c4 lifted first) 6.Bb5+, each begun before the last settled; 6...c6")
    for a, b in [('e2', 'e4'), ('e7', 'e5'), ('g1', 'f3'), ('b8', 'c6'), ('f1', 'c4'), ('g8', 'f6')]:
        c.move(a, b)
    c.put('g5', 'N', 2500); c.lift('d7', 68); c.lift('f3', 108)
    c.lift('e4', 958); c.put('d5', 'P', 251)
    c.lift('c6', 261); c.lift('c4', 386); c.put('a5', 'n', 37)
    c.put('b5', 'B', 441)
    c.move('c7', 'c6')
    c.expect(["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "f3g5", "d7d5", "e4d5", "c6a5", "c4b5", "c7c6"])
    c.write()


    # A slide paused long enough to be reported (Rb5), then went on to b6, and four moves
    # followed without the board at rest — Qc8, b4 (lifted before the queen landed), Qd7, b5
    # — more than a search reaches: followed one by one from before Rb5. The pawn came to b4
    # and left it again; its leaving is not the rook's (the rook left b4 before Rb5 was
    # reported). (Drawn from the simulator, SEED=60000 sample 552.)
    fen = "1q4k1/8/8/8/1R6/8/1P6/6K1"
    c = from_fen("slide-revised-pawn-through-origin", fen, "w", "1.Rb6 (resting 400 ms on b5: Rb5 reported, then revised) Qc8 (b8 lifted 130 ms after b5 read empty) 2.b4 (lifted before c8 read) Qd7 3.b5, each begun before the last settled; 3...Kh8")
    c.put('b5', 'R', 1500); c.lift('b4', 30)
    c.put('b6', 'R', 395); c.lift('b5', 27); c.lift('b8', 133)
    c.lift('b2', 421); c.put('c8', 'q', 65); c.put('b4', 'P', 328)
    c.lift('c8', 108); c.put('d7', 'q', 478); c.lift('b4', 82); c.put('b5', 'P', 205)
    c.move('g8', 'h8')
    c.expect(["b4b6", "b8c8", "b2b4", "c8d7", "b4b5", "g8h8"])
    c.write()


    # A slide paused long enough to be reported (Qg8), then went on to f8 where the bishop
    # took the queen at once (never read on f8). With the queen's square read empty the board
    # may be a piece in the hand — but the queen left g8 before the bishop left g7: no piece
    # lifted after the moves, nothing to wait out longer. (And a decision waited out does not
    # age the move it revises: it is as recent as when the board came to rest.)
    # (Drawn from the simulator, SEED=90000 sample 115.)
    fen = "7Q/6b1/8/8/k7/8/4KP2/8"
    c = from_fen("slide-captured-at-once-late", fen, "w", "1.Qf8 (resting 445 ms on g8: Qg8 reported, then revised) Bxf8 (the queen never read on f8) 2.Kd3")
    c.lift('h8', 1500); c.put('g8', 'Q', 6)
    c.lift('g8', 445); c.lift('g7', 425); c.put('f8', 'b', 260)
    c.move('e2', 'd3', 11000)
    c.expect(["h8f8", "g7f8", "e2d3"])
    c.write()


    # A slide paused long enough to be reported (Rc5), then went on to c4; White replied b3
    # at once and lifted the bishop the rook was about to take (Rxc1). That board reads as Rc5
    # revised to Rxc1 (the rook never read on c1), b3, and the rook back to c4 — out of order,
    # while a revision (Rc4 b3) with the bishop in the hand accounts for every report: a
    # move in progress. (Drawn from the simulator, SEED=70000 sample 316.)
    fen = "6k1/2r5/8/8/8/8/1P6/2B2RK1"
    c = from_fen("slide-revised-victim-lifted", fen, "b", "1...Rc4 (read on c6, resting 450 ms on c5: Rc5 reported, then revised) 2.b3 (b2 lifted 57 ms after c4 read) Rxc1 (the bishop lifted first) 3.Rxc1 Kf8")
    c.put('c6', 'r', 1500); c.lift('c7', 190); c.lift('c6', 26); c.put('c5', 'r', 25)
    c.lift('c5', 446); c.put('c4', 'r', 30); c.lift('b2', 57); c.put('b3', 'P', 427)
    c.lift('c1', 66); c.lift('c4', 376); c.put('c1', 'r', 330)
    c.lift('c1', 912); c.lift('f1', 428); c.put('c1', 'R', 229)
    c.move('g8', 'f8')
    c.expect(["c7c4", "b2b3", "c4c1", "f1c1", "g8f8"])
    c.write()


    # A slide paused long enough to be reported (Rf3), then went on to e3; 287 ms after the
    # rook landed there the opponent touched his f5 knight and put it back (j'adoube) 930 ms
    # later, then replied Kg8. Not Rf3 Ne3 Rxe3 (the knight moved to e3 and taken there at
    # once): the rook had left f3 and landed on e3 more than a full scan before the knight
    # left f5. (Drawn from the simulator, SEED=160000 sample 199.)
    fen = "7k/8/8/5n2/8/6R1/8/6K1"
    c = from_fen("slide-revised-then-jadoube", fen, "w", "1.Re3 (resting 461 ms on f3: Rf3 reported, then revised), the f5 knight lifted 287 ms after the rook landed on e3 and put back; 1...Kg8")
    c.lift('g3', 1500); c.put('f3', 'R', 6)
    c.lift('f3', 461); c.put('e3', 'R', 6); c.lift('f5', 287); c.put('f5', 'n', 930)
    c.move('h8', 'g8')
    c.expect(["g3e3", "h8g8"])
    c.lines.insert(5, "# occupancy: skip (only identity boards tell whose piece was lifted)")
    c.write()


    # A slide paused long enough to be reported (Rb8), then went on to c8; 2.Bd4 Nf6 came at
    # once, and White's queen left f3 92 ms after the knight landed on f6, for g3. Not Qxf6
    # taken at once by Nxf6 (the knight left d7 376 ms before the queen left f3): the
    # revision, the replies and the queen in the hand, then 3.Qg3. (Drawn from the simulator,
    # SEED=170000 sample 1020.)
    fen = "r3k3/3n4/8/8/8/4BQ2/8/6K1"
    c = from_fen("slide-revised-queen-lifted-late", fen, "b", "1...Rc8 (resting 655 ms on b8: Rb8 reported, then revised) 2.Bd4 Nf6 (each begun before the last settled) 3.Qg3 (the queen lifted 92 ms after the knight landed on f6) Kd8")
    c.lift('a8', 1500); c.put('b8', 'r', 6); c.lift('b8', 655); c.put('c8', 'r', 6)
    c.lift('e3', 162); c.put('d4', 'B', 449); c.lift('d7', 146); c.put('f6', 'n', 284)
    c.lift('f3', 92); c.put('g3', 'Q', 433)
    c.move('e8', 'd8')
    c.expect(["a8c8", "e3d4", "d7f6", "f3g3", "e8d8"])
    c.write()


    # 1...Qa8+ slid (read on d5 and b7), and White blocked at once with Qa5, the queen read on
    # b5 on her way (new before old). Qb5 is illegal there (the king stays in check); the
    # only lines that reach the board with her on b5 (Qb7 Qb5 Qa8, Qd5 Qb5 Qa8) have a8
    # reported before b5: out of order, a move in progress, not three moves. (Drawn from the
    # simulator, SEED=360000 sample 994.)
    fen = "6k1/8/8/2Q5/K1P1q3/8/8/8"
    c = from_fen("check-blocked-by-slide", fen, "b", "1...Qa8+ (read on d5 and b7) 2.Qa5 (read on b5 before c5 empty, then a5) Kh7")
    c.lift('e4', 1500); c.put('d5', 'q', 193); c.put('b7', 'q', 157); c.lift('d5', 61)
    c.put('a8', 'q', 126); c.lift('b7', 31); c.put('b5', 'Q', 274); c.lift('c5', 6)
    c.put('a5', 'Q', 450); c.lift('b5', 6)
    c.move('g8', 'h7')
    c.expect(["e4a8", "c5a5", "g8h7"])
    c.write()


    # Quick play, a piece always in a hand: 1...Bb4 2.a3 Ba5 3.b4 Bb6. The bishop left b4
    # and the b2 pawn was lifted before the bishop landed on a5: for a moment that board is
    # Bxa3 bxa3 (a capture at once). When the bishop lands on a5, that reading gives way to
    # the move it made. (Drawn from the simulator, SEED=540000 sample 687.)
    fen = "5bk1/8/8/8/8/8/PP6/7K"
    c = from_fen("capture-at-once-then-elsewhere", fen, "b", "1...Bb4 2.a3 Ba5 (the b2 pawn lifted before the bishop landed) 3.b4 Bb6, each begun before the last settled; 4.Kg2")
    c.lift('f8', 1500); c.put('b4', 'b', 365); c.lift('a2', 178); c.put('a3', 'P', 484)
    c.lift('b4', 24); c.lift('b2', 411); c.put('a5', 'b', 97); c.put('b4', 'P', 212)
    c.lift('a5', 272); c.put('b6', 'b', 241)
    c.move('h1', 'g2')
    c.expect(["f8b4", "a2a3", "b4a5", "b2b4", "a5b6", "h1g2"])
    c.write()

    # Quick play, a piece always in a hand: 1...dxc3 2.Nxc3 f5 (the g2 pawn lifted before f5
    # landed) 3.g4 fxg4 (g4 taken at once: the white pawn never read there; the h2 pawn
    # lifted before the black one landed) 4.h3 gxh3 5.Rxh3. The capture at once is followed
    # with the next move's piece in the hand. (Drawn from the simulator, SEED=600000 sample
    # 143.)
    fen = "6k1/5p2/8/8/3p4/2P5/6PP/1NK4R"
    c = from_fen("capture-at-once-next-lifted", fen, "b", "1...dxc3 2.Nxc3 (each victim lifted first) f5 (the g2 pawn lifted before f5 landed) 3.g4 fxg4 (the white pawn never read on g4; the h2 pawn lifted before the black one landed) 4.h3 gxh3 (the pawn lifted first) 5.Rxh3 (the pawn lifted first) Kg7")
    c.lift('d4', 1500); c.lift('c3', 202); c.put('c3', 'p', 227); c.lift('c3', 200)
    c.lift('b1', 387); c.put('c3', 'N', 274); c.lift('f7', 102); c.lift('g2', 328)
    c.put('f5', 'p', 93); c.lift('f5', 908); c.lift('h2', 369); c.put('g4', 'p', 54)
    c.put('h3', 'P', 182)
    c.lift('h3', 700); c.lift('g4', 300); c.put('h3', 'p', 300)
    c.lift('h3', 1200); c.lift('h1', 300); c.put('h3', 'R', 300)
    c.move('g8', 'g7')
    c.expect(["d4c3", "b1c3", "f7f5", "g2g4", "f5g4", "h2h3", "g4h3", "h1h3", "g8g7"])
    c.write()


    # A slide read on its way (f5) and captured at once where it ended (Qe5 Qxe5+, neither
    # queen ever read on e5), recaptured at once (dxe5), and play went on (Rxb7 Kf6) before
    # the board had rested long enough to take the captures at once: followed on from the
    # line waited for, the slide's transit replaced. (Drawn from the simulator, SEED=500000
    # sample 718.)
    fen = "8/1pR2pk1/3p2p1/6q1/8/6Q1/6K1/8"
    c = from_fen("slide-captured-at-once-play-on", fen, "b", "1...Qe5 (read on f5 only) 2.Qxe5+ dxe5 (neither queen read on e5) 3.Rxb7 (swapped in one scan) Kf6, each begun before the last settled; 4.Kf3")
    c.put('f5', 'q', 1500); c.lift('g5', 6); c.lift('f5', 216); c.lift('g3', 282)
    c.lift('d6', 1027); c.put('e5', 'p', 262); c.lift('c7', 861); c.put('b7', 'R', 216)
    c.lift('g7', 250); c.put('f6', 'k', 483)
    c.move('g2', 'f3')
    c.expect(["g5e5", "g3e5", "d6e5", "c7b7", "g7f6", "g2f3"])
    c.write()


    # En passant with the captured pawn taken off 1.2 s after the capturer landed (no clock):
    # an en passant in progress, not an illegal pawn move (7.5.1) — no alert, and the game
    # goes on. (Drawn from the simulator, SEED=800000 sample 507.)
    fen = "4k3/7p/8/8/3p4/8/2P5/1N2K3"
    c = from_fen("en-passant-victim-late", fen, "w", "1.c4 dxc3 e.p. (the c4 pawn taken off 1.2 s after the capturer landed) 2.Nxc3 (the pawn lifted first) Ke7")
    c.lift('c2', 1500); c.put('c4', 'P', 300)
    c.lift('d4', 2000); c.put('c3', 'p', 190); c.lift('c4', 1200)
    c.lift('c3', 500); c.lift('b1', 300); c.put('c3', 'N', 300)
    c.move('e8', 'e7')
    c.expect(["c2c4", "d4c3", "b1c3", "e8e7"])
    c.lines.insert(5, "# expect-no-event: illegal_move")
    c.lines.insert(6, "# expect-occupancy-no-event: illegal_move")
    c.write()


    # A slide paused long enough to be reported (Re7), then went on to e8; the replies came
    # without the board ever at rest — Ka8, Re7 (lifted from e8 as the king landed), Rxd4 (the
    # pawn lifted before the rook landed on e7), Nc4 — five moves from before Re7. Moves
    # forward from Re7 give the board in another order (Rxd4 Nc4 Ka8: the king was read on a8
    # first); the reports followed one by one from before Re7 tell the game.
    # (Drawn from the simulator, SEED=40000 sample 201.)
    fen = "1k1r4/8/4R3/8/3P4/8/3N4/6K1"
    c = from_fen("slide-revised-five-replies", fen, "w", "1.Re8 (resting 450 ms on e7: Re7 reported, then revised) Ka8 2.Re7 Rxd4 (the pawn lifted first) 3.Nc4, each begun before the last settled; 3...Kb8")
    c.lift('e6', 1500); c.put('e7', 'R', 30)
    c.lift('e7', 448); c.put('e8', 'R', 29); c.lift('b8', 244); c.put('a8', 'k', 433)
    c.lift('e8', 18); c.lift('d4', 359); c.put('e7', 'R', 82)
    c.lift('d8', 445); c.put('d4', 'r', 335); c.lift('d2', 167); c.put('c4', 'N', 511)
    c.move('a8', 'b8')
    c.expect(["e6e8", "b8a8", "e8e7", "d8d4", "d2c4", "a8b8"])
    c.write()


    # Three captures on one square (axb4 cxb4+ Kxb4), the first two capturers never read on
    # b4: the line waits as a piece captured at once may be in the hand — and play went on
    # during the wait (a4, new before old, and Ka5), more moves than a search reaches. They are
    # followed on from the line waited for. (Drawn from the simulator, SEED=100000 sample 819.)
    fen = "8/8/8/p1k5/1P6/2P5/P7/6K1"
    c = from_fen("exchange-at-once-play-on", fen, "b", "1...axb4 (the pawn lifted first) 2.cxb4+ Kxb4 (neither capturer read on b4) 3.a4 (a4 read before a2 empty) Ka5 4.Kf2")
    c.lift('b4', 1500); c.lift('a5', 268); c.lift('c3', 872); c.lift('c5', 539)
    c.put('b4', 'k', 439); c.put('a4', 'P', 444); c.lift('a2', 156)
    c.lift('b4', 268); c.put('a5', 'k', 264)
    c.move('g1', 'f2')
    c.expect(["a5b4", "c3b4", "c5b4", "a2a4", "b4a5", "g1f2"])
    c.write()

    # The same exchange at once and play on, then the board rests after 3...Ka5 (White
    # thinks): the five moves are reported once the board has rested, not with White's next
    # move. (Occupancy boards follow the reports again: the three captures at once are one
    # step there.)
    c = from_fen("exchange-at-once-then-rest", fen, "b", "1...axb4 (the pawn lifted first) 2.cxb4+ Kxb4 (neither capturer read on b4) 3.a4 (a4 read before a2 empty) Ka5, then White thinks for a minute")
    c.lift('b4', 1500); c.lift('a5', 268); c.lift('c3', 872); c.lift('c5', 539)
    c.put('b4', 'k', 439); c.put('a4', 'P', 444); c.lift('a2', 156)
    c.lift('b4', 268); c.put('a5', 'k', 264)
    c.wait(60000)
    c.expect(["a5b4", "c3b4", "c5b4", "a2a4", "b4a5"])
    c.write()


    # Three captures on one square (Rxe3 fxe3 Qxe3+), only the last capturer ever read on e3,
    # and the game went on at once (Kg2 Qe2+, the queen lifted 34 ms after the king landed):
    # followed as one step — a move and the captures at once on its square — when one order
    # gives the board. (Drawn from the simulator, SEED=230000 sample 855.)
    fen = "7k/3R4/8/8/4q3/1r2P3/5P2/6K1"
    c = from_fen("three-captures-at-once", fen, "w", "1.Rd1 (slid) Rxe3 (the pawn lifted first) 2.fxe3 Qxe3+ (neither capturer read on e3) 3.Kg2 Qe2+, each begun before the last settled; 4.Kg3")
    c.put('d6', 'R', 1500); c.lift('d7', 25); c.put('d5', 'R', 171); c.lift('d6', 30)
    c.lift('d5', 201); c.put('d1', 'R', 114); c.lift('e3', 54); c.lift('b3', 459)
    c.lift('f2', 864); c.lift('e4', 967); c.put('e3', 'q', 214)
    c.lift('g1', 174); c.put('g2', 'K', 270); c.lift('e3', 34); c.put('e2', 'q', 432)
    c.move('g2', 'g3')
    c.expect(["d7d1", "b3e3", "f2e3", "e4e3", "g1g2", "e3e2", "g2g3"])
    c.write()


    # Clock connected. Black presses right after 2...Nc6, and White's bishop is lifted before
    # the knight's move settled: both moves are reported at once, at Black's press. White's
    # press after 3.Bc4 completes White's move — not a press without a move (7.5.3): each
    # press completes one move. (Drawn from the simulator, SEED=260000 sample 931.)
    c = Cap("press-after-early-reply", "clock connected. 1.e4 e5 2.Nf3 Nc6 (pressed 50 ms after; f1 lifted 108 ms after the press) 3.Bc4 (pressed 353 ms after landing) Nf6")
    c.clock(True, 300)
    side = False
    for a, b in [('e2', 'e4'), ('e7', 'e5'), ('g1', 'f3')]:
        c.move(a, b); c.clock(side, 500); side = not side
    c.lift('b8', 1500); c.put('c6', 'n', 200); c.clock(True, 50)
    c.lift('f1', 108); c.put('c4', 'B', 255); c.clock(False, 353)
    c.move('g8', 'f6'); c.clock(True, 500)
    c.expect(["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"])
    c.lines.insert(5, "# occupancy: skip (clock presses are judged on identity boards only)")
    c.write()

    # A slide (Rd1-b1) read on c1 on the way, where Black's rook was lifted for the reply
    # (Rf8) before the slide went on, in a stretch of five moves never at rest: followed as
    # the slide carried on with the reply in the hand — not Rc1, then Black's rook to b1
    # taken there at once by Rxb1. (Drawn from the simulator, SEED=260000 sample 931.)
    fen = "r5k1/8/8/2b5/1P6/8/5PPP/3R2K1"
    c = from_fen("slide-on-reply-lifted", fen, "w", "1.bxc5 (swapped inside one scan) Rb8 2.Rb1 (read on c1 on the way; b8 lifted 181 ms after c1 read, before the rook went on) Rf8 3.Rb4 (lifted 42 ms after f8 read) Kh8, each begun before the last settled")
    c.lift('b4', 1500); c.put('c5', 'P', 235); c.lift('a8', 284); c.put('b8', 'r', 439)
    c.lift('d1', 265); c.put('c1', 'R', 6); c.lift('b8', 181); c.lift('c1', 26)
    c.put('b1', 'R', 6); c.put('f8', 'r', 416); c.lift('b1', 42); c.put('b4', 'R', 556)
    c.move('g8', 'h8')
    c.expect(["b4c5", "a8b8", "d1b1", "b8f8", "b1b4", "g8h8"])
    c.write()


    # 1.Bd3 (put down before f1 read empty) Bxd3 (the bishop lifted first, Black's never read
    # on d3) 2.Qxd3 — with a7 lifted for the reply before the queen landed — a6 3.a3, never at
    # rest: the board with a7 lifted is the exchange with a piece in the hand, followed on
    # from there: five moves, more than a search reaches. (Drawn from the simulator,
    # SEED=310000 sample 717.)
    fen = "4k3/p7/8/5b2/8/8/P7/3QKB2"
    c = from_fen("exchange-then-reply-in-hand", fen, "w", "1.Bd3 (d3 read before f1 empty) Bxd3 (the bishop lifted first; never read on d3) 2.Qxd3 (a7 lifted 106 ms before the queen landed) a6 3.a3, each begun before the last settled; 3...Kf7")
    c.put('d3', 'B', 1500); c.lift('f1', 145); c.lift('d3', 63); c.lift('f5', 507)
    c.lift('d1', 776); c.lift('a7', 162); c.put('d3', 'Q', 106); c.put('a6', 'p', 334)
    c.lift('a2', 109); c.put('a3', 'P', 241)
    c.move('e8', 'f7')
    c.expect(["f1d3", "f5d3", "d1d3", "a7a6", "a2a3", "e8f7"])
    c.write()



    # 1...Rc3 slid (read on c6, c5, and resting 640 ms on c4: Rc4 reported), then on to c3;
    # White's 2.Rc1 began 71 ms after c3 read and Black took at once, 2...Rxc1+ (c1 lifted
    # first) 3.Kxc1. The rook left c4 before White's rook left h1: not Rc1 then Rc4xc1 sliding
    # over c3 for 680 ms during White's move — the revision (Rc4 taken back, Rc3), the reply
    # and the capture. (Drawn from the simulator, SEED=630000 sample 288.)
    fen = "2r5/4k2p/8/8/8/8/P7/1K5R"
    c = from_fen("slide-revised-reply-captured", fen, "b", "1...Rc3 (read on c6 and c5, resting 640 ms on c4: Rc4 reported, then revised) 2.Rc1 (h1 lifted 71 ms after c3 read) Rxc1+ (c1 lifted first) 3.Kxc1 h6")
    c.lift('c8', 1500); c.put('c6', 'r', 53); c.put('c5', 'r', 27); c.lift('c6', 185)
    c.lift('c5', 26); c.put('c4', 'r', 27); c.lift('c4', 626); c.put('c3', 'r', 28)
    c.lift('h1', 71); c.put('c1', 'R', 220); c.lift('c1', 230); c.lift('c3', 161)
    c.put('c1', 'r', 471); c.lift('b1', 950); c.lift('c1', 6); c.put('c1', 'K', 236)
    c.move('h7', 'h6')
    c.expect(["c8c3", "h1c1", "c3c1", "b1c1", "h7h6"])
    c.write()


    # Clock connected. 1.Qc1 slid from h1 (read on g1, resting on d1: Qd1 reported) and
    # pressed before the board read c1; 1...Qa1 2.Qd1 Qb1, each pressed, never at rest: the
    # board is back to the position of the move reported, one tempo on. Seen report by report
    # from before Qd1: the revision and the four moves, not the same board unchanged (the
    # tracker would then be a tempo behind and lose the game at 3.Kf3). (Drawn from the
    # simulator, SEED=640000 sample 200.)
    fen = "8/k6p/8/8/8/6K1/P7/1q5Q"
    c = from_fen("slide-revised-round-trip", fen, "w", "clock connected. 1.Qc1 (read on g1, resting on d1: Qd1 reported; pressed before c1 read) Qa1 2.Qd1 Qb1, each pressed, never at rest; 3.Kf3 h6")
    c.clock(False, 200, running=False); c.clock(True, 300)
    c.put('g1', 'Q', 1500); c.lift('h1', 6); c.put('d1', 'Q', 214); c.lift('g1', 11)
    c.clock(False, 350); c.lift('b1', 53); c.put('c1', 'Q', 6); c.lift('d1', 6)
    c.put('a1', 'q', 453); c.clock(True, 32); c.lift('c1', 188); c.put('d1', 'Q', 234)
    c.clock(False, 100); c.lift('a1', 115); c.put('b1', 'q', 487); c.clock(True, 28)
    c.move('g3', 'f3'); c.clock(False, 300)
    c.move('h7', 'h6'); c.clock(True, 400)
    c.expect(["h1c1", "b1a1", "c1d1", "a1b1", "g3f3", "h7h6"])
    c.write()


    # 1.Qb1 slid from f1 (resting on d1: Qd1 reported), read on c1 as Black's queen was
    # lifted for the reply, then b1; 1...Qf3 2.Qg6 (read on c2 and e4) Rf7 3.Kh2, never at
    # rest: the revision with the reply's piece already lifted when the slide went on, and
    # the moves after it, followed report by report. (Drawn from the simulator, SEED=930000
    # sample 1016.)
    fen = "5rk1/6p1/2p4p/1p6/p7/P3q3/1P4R1/5Q1K"
    c = from_fen("slide-revised-reply-lifted", fen, "w", "1.Qb1 (read on d1, resting there: Qd1 reported; then c1 with e3 lifted, then b1) Qf3 2.Qg6 (read on c2 and e4) Rf7 3.Kh2, never at rest; 3...c5")
    c.put('d1', 'Q', 1500); c.lift('f1', 8); c.put('c1', 'Q', 665); c.lift('d1', 6)
    c.lift('e3', 185); c.put('b1', 'Q', 50); c.lift('c1', 6); c.put('f3', 'q', 418)
    c.put('c2', 'Q', 255); c.lift('b1', 34); c.put('e4', 'Q', 130); c.lift('c2', 44)
    c.put('g6', 'Q', 120); c.lift('e4', 49); c.lift('f8', 115); c.put('f7', 'r', 252)
    c.lift('h1', 191); c.put('h2', 'K', 188)
    c.move('c6', 'c5')
    c.expect(["f1b1", "e3f3", "b1g6", "f8f7", "h1h2", "c6c5"])
    c.write()


    # 1...Qd5 slid from d8 (read on d7 before d8 read empty, resting there: Qd7 reported);
    # 2.Nd7 at once onto the square the queen passed, and 2...Qxd7 (the knight lifted first).
    # The board is then the game position of Qd7 with White's knight gone: not a piece in the
    # hand — the revision and both moves, seen report by report. (Drawn from the simulator,
    # SEED=950000 sample 1019.)
    fen = "3q1rk1/1p3pp1/1bp1p1bp/4Nn2/1P1P1B2/2P5/1Q2BPPP/R5K1"
    c = from_fen("slide-revised-takes-newcomer", fen, "b", "1...Qd5 (read on d7, resting there: Qd7 reported) 2.Nd7 (e5 lifted 176 ms after d7 read empty) Qxd7 (the knight lifted first); 12 s later 3.Rd1")
    c.put('d7', 'q', 1500); c.lift('d8', 26); c.put('d5', 'q', 605); c.lift('d7', 58)
    c.lift('e5', 176); c.put('d7', 'N', 278); c.lift('d7', 226); c.lift('d5', 623)
    c.put('d7', 'q', 306)
    c.move('a1', 'd1', 12000)
    c.expect(["d8d5", "e5d7", "d5d7", "a1d1"])
    c.lines.insert(5, "# expect-no-event: displaced")
    c.write()


    # 1.Qh4 (reported), then quick play: 1...Qf5 (f6 lifted 1.4 s later), 2.Qh5 — White's
    # queen left h4 284 ms after Black's left f6 — 2...Qf4. Not 1.Qh5 revised (a slide
    # paused on h4) with Black's replies: the queen went on from h4 after Black's move had
    # begun, so h4-h5 is a move of its own. (Drawn from the simulator, SEED=5000 sample 24;
    # occupancy boards found the revision as likely, identity boards tell it anyway.)
    fen = "1k6/8/5q2/8/8/7Q/5P2/6K1"
    c = from_fen("slide-went-on-after-reply", fen, "w", "1.Qh4 (reported) Qf5 2.Qh5 (h4 left 284 ms after f6) Qf4, each begun before the last settled; 3.Kh1 Ka8")
    c.put('h4', 'Q', 1500); c.lift('h3', 25); c.lift('f6', 1433); c.put('f5', 'q', 253)
    c.lift('h4', 31); c.put('h5', 'Q', 404); c.lift('f5', 215); c.put('f4', 'q', 469)
    c.move('g1', 'h1')
    c.move('b8', 'a8')
    c.expect(["h3h4", "f6f5", "h4h5", "f5f4", "g1h1", "b8a8"])
    c.write()


    # 1...Ra7 slid from d7 (read on b7 only), taken at once there: 2.Bxa7, the rook never read
    # on a7 — and Black's king lifted for 2...Kd7 15 ms before the bishop landed; 3.Rde1 Rhe8,
    # never at rest. The slide carried on and the capture at once, with the reply begun: not
    # a rook lifted off the board. (Drawn from the simulator, SEED=1040000 sample 912.)
    fen = "4k2r/3rb3/3p2p1/3P1pP1/7P/4B3/PPP5/2KR3R"
    c = from_fen("slide-captured-at-once-reply-lifted", fen, "b", "1...Ra7 (read on b7 only) 2.Bxa7 (the rook never read on a7; e8 lifted 15 ms before the bishop landed) Kd7 3.Rde1 Rhe8, never at rest; 4.a3")
    c.put('b7', 'r', 1500); c.lift('d7', 6); c.lift('b7', 197); c.lift('e3', 583)
    c.lift('e8', 320); c.put('a7', 'B', 15); c.lift('d1', 440); c.put('d7', 'k', 57)
    c.put('e1', 'R', 397); c.lift('h8', 267); c.put('e8', 'r', 433)
    c.move('a2', 'a3')
    c.expect(["d7a7", "e3a7", "e8d7", "d1e1", "h8e8", "a2a3"])
    c.write()


def followed_at_once():
    # Quick play from 1.e4 c5: 2.Nf3 (f3 read before g1 empty) e6 (e7 lifted before g1 read
    # empty) 3.d4 cxd4 Nxd4, the pawn taken at once on d4 and the black pawn taken at once
    # there too: only the knight ever read on d4 — d2, c5 and f3 empty, d4 filled. An
    # occupancy board lost the game here. (Drawn from the simulator, SEED=340000 sample 539.)
    fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR"
    c = from_fen("move-captured-at-once-recaptured", fen, "w", "2.Nf3 (f3 read before g1 empty) e6 (e7 lifted first) 3.d4 cxd4 4.Nxd4 (neither pawn ever read on d4) Nc6")
    c.put('f3', 'N', 1500); c.lift('g1', 161); c.lift('e7', 157); c.lift('d2', 327)
    c.put('e6', 'p', 115); c.lift('c5', 890); c.lift('f3', 849); c.put('d4', 'N', 449)
    c.move('b8', 'c6')
    c.expect(["g1f3", "e7e6", "d2d4", "c5d4", "f3d4", "b8c6"])
    c.write()

    # 16...Qxa2 with the pawn lifted first, the queen never put down on a2: the rook on a1
    # lifted before she landed took her at once (17.Rxa2); then Bd6 (read on e7 on the way),
    # 18.f5 Bxf5 (the pawn lifted first), a j'adoube on g8 and 19.Rh2, never at rest. An
    # occupancy board lost the game here. (Drawn from the simulator, SEED=40000 sample 121.)
    fen = "1nb1kbnr/8/8/q7/5P2/2N5/P7/R1BQKBN1"
    c = from_fen("exchange-at-once-recapturer-lifted", fen, "b", "16...Qxa2 (the pawn lifted first; the rook lifted before the queen landed) 17.Rxa2 (the queen never read on a2) Bd6 18.f5 Bxf5 19.Rh2 (a j'adoube on g8), never at rest; 19...Nc6")
    c.lift('a2', 1500); c.lift('a5', 745); c.lift('a1', 781); c.put('a2', 'R', 478)
    c.put('e7', 'b', 767); c.lift('f8', 35); c.put('d6', 'b', 157); c.lift('e7', 23)
    c.lift('f4', 144); c.put('f5', 'P', 280); c.lift('f5', 212); c.lift('c8', 319)
    c.put('f5', 'b', 119); c.lift('g8', 572); c.put('g8', 'n', 66); c.lift('a2', 882)
    c.put('h2', 'R', 431)
    c.move('b8', 'c6')
    c.expect(["a5a2", "a1a2", "f8d6", "f4f5", "c8f5", "a2h2", "b8c6"])
    c.write()

    # 12...Qa3, a flicker on c2, 13.Ra1 Qb2 14.Rb1 (Black's queen lifted before the rook landed
    # on a1) brings back the occupancy before 12...Qa3: read as that move taken back, the game
    # went on two moves behind. The board reported the rook on a1 and back on b1: the three
    # moves. (Drawn from the simulator, SEED=60000 sample 692.)
    fen = "r1b2rk1/5ppp/2p1pn2/p1bp4/P7/2N1PN2/1qPB1PPP/1R1QR1K1"
    c = from_fen("moves-not-takeback", fen, "b", "12...Qa3 (a flicker on c2) 13.Ra1 Qb2 (a3 lifted before the rook landed) 14.Rb1 (a flicker on g8), back to the occupancy before 12...Qa3; then 14...Qa3 15.Ra1")
    c.lift('b2', 1500); c.put('a3', 'q', 406); c.lift('c2', 420); c.put('c2', 'P', 24)
    c.lift('b1', 1236); c.lift('a3', 381); c.put('a1', 'R', 54); c.put('b2', 'q', 412)
    c.lift('a1', 23); c.put('b1', 'R', 444); c.lift('g8', 205); c.put('g8', 'k', 41)
    c.lift('b2', 2522); c.put('a3', 'q', 197)
    c.move('b1', 'a1')
    c.expect(["b2a3", "b1a1", "a3b2", "a1b1", "b2a3", "b1a1"])
    c.write()

    # 14.Nd2 Nxd3 (the bishop lifted first; d2 lifted before the knight landed) 15.Nf3, then a
    # j'adoube on a8: the board differs from the game position only by e5 empty — a piece in
    # the hand, or 14.Nd2 Ne5-f3 15.Nxf3 with a j'adoube on d3, which accounts for every report
    # as well. The moves that touch every square reported are taken. An occupancy board lost
    # the game here. (Drawn from the simulator, SEED=330000 sample 887.)
    fen = "r1b1k2r/1p3pp1/p1n1p2p/3qn3/8/B2B1N2/P1P2PPP/R2Q1RK1"
    c = from_fen("moves-touch-every-square", fen, "w", "14.Nd2 Nxd3 (the bishop lifted first) 15.Nf3 (d2 lifted before the knight landed on d3), a j'adoube on a8; 15...Nf4 16.Qc1 (a j'adoube on a8) Ne2+, never at rest; 17.Kh1")
    c.lift('f3', 1500); c.put('d2', 'N', 209); c.lift('d3', 243); c.lift('e5', 279)
    c.lift('d2', 347); c.put('d3', 'n', 29); c.put('f3', 'N', 443); c.lift('a8', 642)
    c.put('a8', 'r', 233); c.lift('d3', 1849); c.put('f4', 'n', 262); c.lift('d1', 154)
    c.put('c1', 'Q', 213); c.lift('a8', 503); c.put('a8', 'r', 87); c.lift('f4', 658)
    c.put('e2', 'n', 397)
    c.move('g1', 'h1')
    c.expect(["f3d2", "e5d3", "d2f3", "d3f4", "d1c1", "f4e2", "g1h1"])
    c.write()

    # 23.Nc3 (c3 read before a4 empty) Qb6 (a5 lifted 295 ms after the knight landed) 24.Na4
    # (c3 lifted before the knight landed back): with the knight in the hand the board reads
    # as 23.Nb6 Qxd2+, the queen's way over c3 "seen" — but c3 was filled before White's move
    # was done, no transit of a move after it: the capture never seen waits, and the knight
    # back on a4 shows the moves. Then 24...Qa5 25.Nc3 Qb6 (a threefold repetition claim) and
    # 26.Na4. An occupancy board lost the game here. (Drawn from the simulator, SEED=180000
    # sample 551.)
    fen = "1r1r4/p1p2pkp/4p1p1/q7/N1pN4/P4BP1/1PKRPP1P/3R4"
    c = from_fen("transit-before-previous-landed", fen, "w", "23.Nc3 (c3 read before a4 empty) Qb6 24.Na4 (c3 lifted before the knight landed back) Qa5 25.Nc3 Qb6 26.Na4")
    c.put('c3', 'N', 1500); c.lift('a4', 37); c.lift('a5', 258); c.put('b6', 'q', 259)
    c.lift('c3', 150); c.put('a4', 'N', 488); c.put('a5', 'q', 2472); c.lift('b6', 24)
    c.put('c3', 'N', 1229); c.lift('a4', 34); c.lift('a5', 254); c.put('b6', 'q', 241)
    c.move('c3', 'a4')
    c.expect(["a4c3", "a5b6", "c3a4", "b6a5", "a4c3", "a5b6", "c3a4"])
    c.write()

    # 4.Bxc6 swapped inside one scan (an occupancy board sees only b5 empty: the bishop may
    # be in the hand) and Black's 4...h6 at once (h7 lifted 100 ms after the bishop reached
    # c6): the capture rests its 900 ms from b5 read empty, not from h6 landing — the reply
    # shows the bishop out of the hand. Both moves reported by 500 ms after h6 landed (they
    # used to wait 900 ms after it).
    c = Cap("capture-unseen-then-reply", "1.e4 e5 2.Nf3 Nc6 3.Bb5 Nf6 4.Bxc6 (swap inside one scan) h6 (h7 lifted 100 ms after the swap) 5.O-O")
    for a, b in [('e2', 'e4'), ('e7', 'e5'), ('g1', 'f3'), ('b8', 'c6'), ('f1', 'b5'), ('g8', 'f6')]:
        c.move(a, b)
    c.lift('b5', 1500); c.put('c6', 'B', 220)            # swap: c6 n -> B directly
    c.lift('h7', 100); c.put('h6', 'p', 220)
    landed = c.t
    c.lift('e1', 1500); c.lift('h1', 150); c.put('g1', 'K', 200); c.put('f1', 'R', 150)
    c.expect(["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "g8f6", "b5c6", "h7h6", "e1g1"])
    c.lines.insert(4, f"# expect-occupancy-by: h7h6 {landed + 500}")
    c.write()

if __name__ == "__main__":
    main()
