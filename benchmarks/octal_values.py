"""The kit's side of the comparison with the C reference (``make bench``, section ``octal-rare``; see
benchmarks/octal.py): a fresh process that does what a user's script does -- import the kit, compute the values
of heaps 0 .. HEAPS - 1 of one game -- and writes them as 16-bit numbers for the comparison.

    .venv/bin/python -m benchmarks.octal_values CODE HEAPS OUTFILE     (CODE such as 0.16, or grundy)

It prints the CPU seconds of the computation alone. It imports nothing but the kit, so that the whole
process's CPU time, measured from outside, is the kit's start and its work, not the benchmark's own tools.
With the compiled loop loaded, that is no numpy either: the kit computes the values without it
(gamelib/analysis/kernel_loop.py), and the values are written from the table's own memory
(``HeapValues.raw``), as a script that prints or saves them would read them (``HeapValues.plain``).
"""

from __future__ import annotations

import sys
import time


def write_values(code: str, heaps: int, out: str) -> float:
    """Compute heaps 0 .. heaps - 1 of a new game (no period used, every heap computed), write them to
    ``out`` (16-bit, little-endian); return the CPU seconds of the computation."""
    from gamelib import LimitError

    if code == "grundy":  # each imports only its own module (gamelib loads a name when it is first used)
        from gamelib import GrundysGame

        table = GrundysGame()._table
    else:
        from gamelib import OctalGame

        table = OctalGame(code)._table
    cpu = time.process_time()
    while True:
        try:
            table.compute(heaps)
            break
        except LimitError:  # past one work budget: the values are kept, the next call goes on
            continue
    cpu = time.process_time() - cpu
    if table.itemsize == 2 and sys.byteorder == "little":
        data = table.raw(heaps)  # already 16-bit little-endian numbers
    else:
        import struct

        data = struct.pack(f"<{heaps}H", *table.plain(heaps))  # fails (struct.error) on a value past 65,535
    with open(out, "wb") as file:
        file.write(data)
    return cpu


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    print(f"{write_values(sys.argv[1], int(sys.argv[2]), sys.argv[3]):.6f}")
