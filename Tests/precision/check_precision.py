"""Checks every digit the calculator shows against mpmath (an independent arbitrary-precision library) at 110+ digits.

Usage: check_precision.py SERVER_BINARY [--count N] [--seed S] [--show N].

Draws --count arguments per function (and per angle unit for the trigonometric ones) over the whole range: tiny and
huge magnitudes, both signs, near the special angles and near multiples of π/2, near 1 and ±1 for the logarithms and
inverse functions, and near 1e±9999 at the ends of the range. Each argument is a decimal typed through the real HTTP
API of a live `calculator-server --store memory --port 0` (AC, its digits, EE, its exponent, the function key), in a
session with 16 digits (arguments of at most 16 digits) and one with 32 (all arguments). The reference is the exact
argument (a fraction) evaluated by mpmath with exact argument reduction: the working precision grows until two
evaluations 128 bits apart agree to 380 bits, whatever the argument's size (a Ziv loop).

A display passes when it is within half a unit in its last place of the true value (a tie must end in an even digit),
has at most `digits` significant digits, and is `Error` exactly when the true value is undefined or outside the range
1e-9999 <= |x| < 1e+10000 (within relative 2^-200 of either end both answers pass: the engine's reals are 256-bit),
or when the documented budget refuses it (x! for x > 3249 or x < -3300). Prints the arguments tried and the mismatches
by function; exits 1 on any mismatch."""
import argparse
import json
import random
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import mpmath

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
import fixture  # noqa: E402 (after the path it is found on)

from arguments import Draw, arguments, binary_arguments
from reference import Refused, Undefined, reference, verdict

UNARY = ["sq", "cube", "sqrt", "cbrt", "recip", "exp", "pow10", "pow2", "ln", "log10", "log2", "fact",
         "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh"]
TRIGONOMETRIC = {"sin", "cos", "tan", "asin", "acos", "atan"}
BINARY = ["pow", "root", "logy"]
MAX_KEYS = 1000


class Server(fixture.CalculatorServer):
    def __init__(self, binary):
        super().__init__(binary, fixture.MEMORY_OPEN)

    def session(self, connection, angle, digits):
        connection.request("POST", "/sessions", json.dumps({"angle": angle, "digits": digits}),
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        body = json.loads(response.read())
        if response.status != 201:
            raise RuntimeError(f"POST /sessions: {response.status} {body}")
        return body["id"]

    def press(self, connection, session, keys):
        connection.request("POST", f"/sessions/{session}/press", json.dumps({"keys": keys, "trace": True}),
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        body = json.loads(response.read())
        if response.status != 200:
            raise RuntimeError(f"press: {response.status} {body}")
        return [step["display"] for step in body["steps"]]


def displays(server, cases, angle, digits, error_ends=False):
    """Types each case's keys (after AC) in one session; returns the display after each case's last key (with
    `error_ends`, Error when a key before it showed Error: the keys after it would start a new number)."""
    connection = server.connection()
    session = server.session(connection, angle, digits)
    shown, batch, spans = [], [], []
    for keys in cases + [None]:
        if keys is None or len(batch) + len(keys) + 1 > MAX_KEYS:
            if batch:
                steps = server.press(connection, session, batch)
                shown += ["Error" if error_ends and "Error" in steps[start:end + 1] else steps[end] for start, end in spans]
            batch, spans = [], []
            if keys is None:
                break
        batch += ["AC"] + keys
        spans.append((len(batch) - len(keys), len(batch) - 1))
    connection.close()
    return shown


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("server")
    parser.add_argument("--count", type=int, default=2000, help="arguments per function and angle unit")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: a new one, printed)")
    parser.add_argument("--show", type=int, default=5, help="mismatches printed per function")
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.randrange(1 << 32)
    print(f"precision check: {options.count} arguments per function and angle unit, seed {seed}, "
          f"mpmath {mpmath.__version__} ({mpmath.libmp.BACKEND} backend)", flush=True)
    started = time.monotonic()
    rng = random.Random(seed)
    draw = Draw(rng)
    plan = [(f, "rad") for f in UNARY] + [(f, "deg") for f in UNARY if f in TRIGONOMETRIC] + [(f, "rad") for f in BINARY]

    server = Server(options.server)
    pool = ThreadPoolExecutor(max_workers=1)
    rows, failures, total_shown, total_mismatches = [], [], 0, 0
    try:
        for function, angle in plan:
            cases = []
            while len(cases) < options.count:
                if function in BINARY:
                    x, y = binary_arguments(function, draw)
                    if x.fits() and y.fits():
                        cases.append((x, y))
                else:
                    x = arguments(function, angle, draw)
                    if x.fits():
                        cases.append((x, None))
            keys = [x.keys() + ([function] + y.keys() + ["="] if y else [function]) for x, y in cases]
            short = [i for i, (x, y) in enumerate(cases) if x.significant <= 16 and (y is None or y.significant <= 16)]
            # The server types while mpmath works out the true values.
            long_future = pool.submit(displays, server, keys, angle, 32)
            short_future = pool.submit(displays, server, [keys[i] for i in short], angle, 16)
            truths = []
            for x, y in cases:
                try:
                    truths.append(reference(function, x.value, angle, y.value if y else None))
                except (Undefined, Refused) as refusal:
                    truths.append(refusal)
            shown32 = long_future.result()
            shown16 = short_future.result()
            mismatches = []
            for digits, indices, shown in ((32, range(len(cases)), shown32), (16, short, shown16)):
                for i, display in zip(indices, shown):
                    why = verdict(display, truths[i], digits)
                    if why:
                        mismatches.append((digits, cases[i], display, truths[i], why))
            name = function if function not in TRIGONOMETRIC else f"{function} ({angle})"
            compared = len(shown32) + len(shown16)
            errors = sum(isinstance(t, (Undefined, Refused)) for t in truths)
            rows.append((name, len(cases), len(shown16), len(shown32), errors, len(mismatches)))
            print(f"  {name:12} {len(cases):6} arguments  {len(shown16):6} at 16 digits  {len(shown32):6} at 32  "
                  f"{errors:5} undefined  {len(mismatches):4} mismatches  ({time.monotonic() - started:.0f} s)", flush=True)
            total_shown += compared
            total_mismatches += len(mismatches)
            failures += [(name, m) for m in mismatches[:options.show]]
    finally:
        server.stop()

    for name, (digits, (x, y), display, truth, why) in failures:
        argument = f"{x} {name.split()[0]} {y}" if y else f"{x} {name}"
        expected = "Error" if isinstance(truth, (Undefined, Refused)) else mpmath.nstr(truth, 40)
        print(f"MISMATCH [{digits} digits] {argument}: shown {display}, true {expected}: {why}")
    arguments_tried = sum(row[1] for row in rows)
    print(f"precision check: {len(rows)} function/angle pairs ({len(UNARY)} unary functions, 6 of them in deg and rad, "
          f"and {len(BINARY)} binary), {arguments_tried} arguments, {total_shown} displays compared at 16 and 32 digits, "
          f"{total_mismatches} mismatches, {time.monotonic() - started:.0f} s (seed {seed})")
    return 1 if total_mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
