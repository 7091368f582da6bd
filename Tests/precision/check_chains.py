"""Checks chains of operations against mpmath: every digit shown after an inexact value feeds further steps.

Usage: check_chains.py SERVER_BINARY [--count N] [--seed S] [--show N] [--reference-seconds T] [--jobs J] [--edges N].

Each chain starts from a typed decimal, π, e or a multiple of π, and applies 2 to 6 operations: a function key, or
+ − × ÷ xʸ with a typed decimal, π or e. The operands are drawn where rounding at every step goes wrong: the decimal
nearest the value so far (to 8 to 32 digits, so that subtracting it cancels), huge and tiny magnitudes, and
multiples of π for the trigonometric keys. The keys go through the real HTTP API of a live
`calculator-server --store memory --port 0`, in sessions with 16 and 32 digits. The true value is the chain worked
out by mpmath from its exact operands, at a precision raised until two precisions 128 bits apart agree to 300 bits
(the value is 0 when it stays below 2^-(precision − 64) of the chain's largest magnitude up to 2^16 bits, which a
display may show as 0, and an operand at a pole, x! at −1 or 1/0, is one only when it stays there up to 2^16 bits; a chain whose value does not settle below 2^17 bits is left out and counted, as is one whose reference takes mpmath
more than T seconds, 10 by default: a step that is exactly 0, such as x − x, is only taken for 0 at 2^16 bits, where
a later Γ or a huge argument's reduction can take mpmath many minutes). A chain ends at its first step whose value (at 600 bits) is undefined or outside the range,
where the display must be Error. A display passes as `check_precision.py`'s do (half a unit in the last place); an Error for a
value in range is counted apart (the budget's honest Error, not a wrong digit); a 0 is right only for a value that
is 0 (a value closer to 0 than the bounds can tell is Error "precision", never 0). Then --edges chains (40)
are drawn beside domain edges and poles (`draw_edge_chain`), where a value in range must be shown or be Error
"precision", never Error "domain" or "overflow". Exits 1 on any wrong display."""
import argparse
import contextlib
import json
import multiprocessing
import random
import signal
import sys
import time
from fractions import Fraction

import mpmath
from mpmath import mp

from arguments import Decimal, Draw
from check_precision import Server, displays
from reference import LOWER, UPPER, Refused, Undefined, to_mpf, verdict

FUNCTIONS = ["sq", "cube", "sqrt", "cbrt", "recip", "exp", "ln", "log10", "fact", "sin", "cos", "tan", "asin",
             "acos", "atan", "sinh", "tanh", "pow10"]
OPERATORS = ["+", "-", "*", "/", "pow"]
ZERO = "zero"


class AtPole(Undefined):
    """Undefined because an operand is exactly a pole (x! at a negative integer, 1/0, ln 0, 0^−y) at this precision:
    a value within 2^-precision of the pole rounds to it at every precision tried (tanh −372.87, which is
    −1 + 2.7·10^-324, raised to the 9th is −1 at 600 bits, and its x! is 4.16·10^322, not undefined)."""


class Chain:
    """A start and steps: ("f", name) or ("op", operator, operand), operand a Decimal or "pi" / "e"."""

    def __init__(self, angle, start, steps):
        self.angle, self.start, self.steps = angle, start, steps

    def keys(self):
        keys = operand_keys(self.start)
        for step in self.steps:
            keys += [step[1]] if step[0] == "f" else [step[1]] + operand_keys(step[2]) + ["="]
        return keys

    def values(self, precision, zeros=()):
        """The values after each step at `precision` bits, up to the first step that has none, and its refusal (or
        None); the steps in `zeros` are taken as exactly 0."""
        out = []
        with mp.workprec(precision):
            try:
                x = operand_value(self.start)
                out.append(x)
                for i, step in enumerate(self.steps, 1):
                    if step[0] == "f":
                        x = apply_function(step[1], x, self.angle)
                    else:
                        exact = step[2].value if isinstance(step[2], Decimal) else None
                        x = apply_operator(step[1], x, operand_value(step[2]), exact)
                    x = mpmath.mpf(0) if i in zeros else +x
                    out.append(x)
            except (Undefined, Refused) as refusal:
                return out, refusal
        return out, None

    def significant(self):
        """The most significant digits of a typed decimal in the chain: a session types at most `digits` of them."""
        operands = [self.start] + [s[2] for s in self.steps if s[0] == "op"]
        decimals = [o[1] if isinstance(o, tuple) else o for o in operands if o not in ("pi", "e")]
        return max([d.significant for d in decimals] + [1])

    def __str__(self):
        parts = [str(self.start)] + [s[1] if s[0] == "f" else f"{s[1]} {s[2]}" for s in self.steps]
        return " ".join(parts) + f" ({self.angle})"


def operand_keys(operand):
    if operand in ("pi", "e"):
        return [operand]
    if isinstance(operand, tuple):  # q·π
        return ["pi", "*"] + operand[1].keys() + ["="]
    return operand.keys()


def operand_value(operand):
    if operand == "pi":
        return +mp.pi
    if operand == "e":
        return +mp.e
    if isinstance(operand, tuple):
        return mp.pi * to_mpf(operand[1].value)
    return to_mpf(operand.value)


def in_range(x):
    return x == 0 or to_mpf(LOWER) <= abs(x) < to_mpf(UPPER)


def apply_function(name, x, angle):
    unit = (mp.pi / 180) if angle == "deg" else 1
    if name == "sq":
        return x * x
    if name == "cube":
        return x ** 3
    if name == "sqrt":
        if x < 0:
            raise Undefined()
        return mpmath.sqrt(x)
    if name == "cbrt":
        return mpmath.cbrt(x) if x >= 0 else -mpmath.cbrt(-x)
    if name == "recip":
        if x == 0:
            raise AtPole()
        return 1 / x
    if name in ("exp", "pow10", "sinh"):
        if abs(x) > 30000:
            raise Refused()  # far outside the range
        return {"exp": mpmath.exp, "pow10": lambda v: mpmath.power(10, v), "sinh": mpmath.sinh}[name](x)
    if name == "tanh":
        return mpmath.tanh(x)
    if name in ("ln", "log10"):
        if x == 0:
            raise AtPole()
        if x < 0:
            raise Undefined()
        return mpmath.log(x) if name == "ln" else mpmath.log10(x)
    if name == "fact":
        if x > 3249 or x < -3300:
            raise Refused()
        if x < 0 and x == mpmath.floor(x):
            raise AtPole()
        return mpmath.gamma(x + 1)
    if name in ("sin", "cos", "tan"):
        if abs(x) > mpmath.mpf(2) ** (mp.prec - 200):
            raise OverflowError()  # not enough bits to reduce; the settle loop raises the precision
        v = x * unit
        if name == "tan":
            return mpmath.tan(v)
        return mpmath.sin(v) if name == "sin" else mpmath.cos(v)
    if name in ("asin", "acos"):
        if abs(x) > 1:
            raise Undefined()
        return (mpmath.asin(x) if name == "asin" else mpmath.acos(x)) / unit
    if name == "atan":
        return mpmath.atan(x) / unit
    if name == "atanh":
        if abs(x) == 1:
            raise AtPole()  # or within 2^-precision of ±1, which a higher precision tells apart
        if abs(x) > 1:
            raise Undefined()
        return mpmath.atanh(x)
    if name == "acosh":
        if x < 1:
            raise Undefined()
        return mpmath.acosh(x)
    raise ValueError(name)


def apply_operator(op, x, y, exact=None):
    if op == "+":
        return x + y
    if op == "-":
        return x - y
    if op == "*":
        return x * y
    if op == "/":
        if y == 0:
            raise AtPole()
        return x / y
    if op == "pow":
        if x == 0:
            if y < 0:
                raise AtPole()
            return mpmath.mpf(0) if y > 0 else mpmath.mpf(1)
        if x < 0:
            # A negative base has a real power only for an exponent p/q with odd q: (−1)^p |x|^(p/q).
            if exact is None or exact.denominator % 2 == 0:
                raise Undefined()
            if abs(y * mpmath.log10(-x)) > 10050:
                raise Refused()
            magnitude = mpmath.power(-x, y)
            return -magnitude if exact.numerator % 2 else magnitude
        if abs(y * mpmath.log10(x)) > 10050:
            raise Refused()
        return mpmath.power(x, y)
    raise ValueError(op)


def settle(chain):
    """The true values after each step and the refusal that ends the chain (or None): the precision doubles until
    two results 128 bits apart agree to 300 bits at every step. A step that stays below 2^-(precision − 64) of the
    largest magnitude before it up to 2^16 bits is exactly 0 (sin kπ), and the steps after it start again from 0.
    None when the values do not settle below 2^17 bits (tan at an odd multiple of π/2)."""
    precision, zeros = 320, set()
    while True:
        try:
            (a, ra), (b, rb) = chain.values(precision, zeros), chain.values(precision + 128, zeros)
        except OverflowError:
            precision *= 2
            continue
        agreed, tiny, scale = [], [], mpmath.mpf(0)
        with mp.workprec(precision + 256):
            for i, (x, y) in enumerate(zip(a, b)):
                scale = max(scale, abs(y))
                # Two zeros agree only as a tiny value does: 10^300 + x − 10^300 is 0 at too few bits.
                agreed.append(i in zeros or (y != 0 and abs(x - y) <= abs(y) * mpmath.mpf(2) ** -300))
                tiny.append(abs(x) <= scale * mpmath.mpf(2) ** (-precision + 64) and abs(y) <= scale * mpmath.mpf(2) ** (-precision + 64))
        if len(a) == len(b) and type(ra) is type(rb) and all(agreed):
            # A pole reached at both precisions is taken as one only at 2^16 bits, as a 0 is.
            if isinstance(rb, AtPole) and precision < 1 << 16:
                precision *= 2
                continue
            return b, ra
        first = next((i for i, g in enumerate(agreed) if not g), min(len(a), len(b)))
        if precision >= 1 << 16 and first < len(tiny) and tiny[first] and first not in zeros:
            zeros.add(first)
            precision = 320
            continue
        if precision >= 1 << 17:
            return None
        precision *= 2


def draw_chain(draw, rng):
    angle = "deg" if rng.random() < 0.25 else "rad"
    r = rng.random()
    if r < 0.15:
        start = rng.choice(["pi", "e"])
    elif r < 0.3:
        start = ("pi", Decimal(rng.random() < 0.3, str(rng.randint(1, 99)), rng.choice([0, 0, 1, 5, 15, 30, 100])))
    elif r < 0.45:
        start = draw.decimal(-3000, 3000)
    else:
        start = draw.decimal(-3, 3)
    steps = []
    chain = Chain(angle, start, steps)
    for _ in range(rng.randint(2, 6)):
        try:
            values, refusal = chain.values(400)
        except OverflowError:
            break
        now = values[-1]
        if refusal or not in_range(now):
            break
        r = rng.random()
        if r < 0.4:
            steps.append(("f", rng.choice(FUNCTIONS)))
        elif r < 0.65 and now != 0:
            # Cancellation: take away the decimal nearest the value so far.
            near = Decimal.of(now, rng.choice([8, 12, 16, 20, 24, 32]))
            steps.append(("op", "-", near))
        elif r < 0.75:
            steps.append(("op", rng.choice(OPERATORS[:4]), rng.choice(["pi", "e"])))
        elif r < 0.85:
            huge = draw.decimal(-400, 400, length=rng.randint(1, 3))
            steps.append(("op", rng.choice(["*", "/", "+"]), huge))
        elif r < 0.92:
            steps.append(("op", "pow", Decimal(rng.random() < 0.3, str(rng.randint(2, 9)), 0)))
        else:
            steps.append(("op", rng.choice(OPERATORS), draw.decimal(-2, 2, length=rng.randint(1, 16))))
    return chain


EDGE_FUNCTIONS = ["asin", "acos", "atanh", "acosh"]
MINUS_ONE = Decimal(True, "1", 0)


def draw_edge_chain(rng):
    """A chain whose value comes within about 10^-K of a domain edge (±1 for asin, acos, atanh, acosh), a pole of tan
    or −1 (x!) without reaching it, K from 20 to 9000: its 256-bit rounding may lie on the edge, where the value
    exists all the same. The value reaches the edge as cos of a tiny angle (inexact) or as 1 − tiny typed (exact
    below the rational budget, held as a real past it)."""
    angle = rng.choice(["rad", "deg"])
    kind = rng.choice(["cos", "typed", "pole"])
    function = "tan" if kind == "pole" else rng.choice(EDGE_FUNCTIONS + ["fact"])
    # x! narrows to 8,192 bits: past them it is the budget's Error, which the main draw meets already.
    top = 2400 if function == "fact" else 9000
    k = rng.choice([rng.randint(20, 80), rng.randint(80, 2000), rng.randint(2000, top)])
    tiny = Decimal(False, str(rng.randint(1, 9)), -k)
    if kind == "pole":
        # Beside tan's pole at 90° or π/2, from either side.
        start = Decimal(False, "9", 1) if angle == "deg" else ("pi", Decimal(False, "5", -1))
        return Chain(angle, start, [("op", rng.choice(["-", "+"]), tiny), ("f", "tan")])
    if kind == "cos":
        start, steps = tiny, [("f", "cos")]
    else:
        start, steps = Decimal(False, "1", 0), [("op", "-", tiny)]
    if function == "fact" or rng.random() < 0.5:
        steps.append(("op", "*", MINUS_ONE))  # beside −1
    steps.append(("f", function))
    return Chain(angle, start, steps)


def check_edges(server, count, rng, seconds):
    """Presses each edge chain in a session of its own angle (16 digits) and reads the display and the error's code:
    a value in range must be shown right or be Error "precision" (the budget's honest Error), never "domain" or
    "overflow", which belong to values outside the domain or the range. Returns (wrong, compared, precision)."""
    wrong, compared, precision = [], 0, 0
    connection = server.connection()
    sessions = {angle: server.session(connection, angle, 16) for angle in ("rad", "deg")}
    for _ in range(count):
        chain = draw_edge_chain(rng)
        try:
            settled = within(seconds, lambda: settle(chain))
        except TooSlow:
            continue
        if settled is None:
            continue
        chain, truth = ended(chain, *settled)
        connection.request("POST", f"/sessions/{sessions[chain.angle]}/press",
                           json.dumps({"keys": ["AC"] + chain.keys()}), {"Content-Type": "application/json"})
        body = json.loads(connection.getresponse().read())
        display, code = body["display"], (body.get("error") or {}).get("code")
        compared += 1
        if truth is ZERO:
            why = None if display == "0" or code == "precision" else "should be 0"
        else:
            why = verdict(display, truth, 16)
            if why == "Error for a value in range":
                why = None if code == "precision" else f"Error ({code}) for a value in range"
                precision += why is None
        if why:
            wrong.append((16, chain, display, truth, why))
    connection.close()
    return wrong, compared, precision


def ended(chain, values, refusal):
    """The chain up to its first step with no value in the range, and the true value it ends with: there the
    display must be Error, and the keys after it would start a new number."""
    for i, x in enumerate(values):
        if not in_range(x):
            return Chain(chain.angle, chain.start, chain.steps[:i]), x
    if refusal:
        return Chain(chain.angle, chain.start, chain.steps[:len(values)]), refusal
    return chain, (ZERO if values[-1] == 0 else values[-1])


class TooSlow(Exception):
    """The reference took longer than its budget."""


def within(seconds, work):
    """`work()`, or TooSlow once `seconds` have passed (SIGALRM: mpmath is Python, interrupted between operations)."""
    def expire(signum, frame):
        raise TooSlow()
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return work()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def reference(work):
    """The chain and its settled values and refusal, None when they do not settle, TooSlow past the budget."""
    chain, seconds = work
    try:
        return chain, within(seconds, lambda: settle(chain))
    except TooSlow:
        return chain, TooSlow


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("server")
    parser.add_argument("--count", type=int, default=2000, help="chains")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--show", type=int, default=10)
    parser.add_argument("--reference-seconds", type=float, default=10, help="mpmath's time for one chain's reference")
    parser.add_argument("--jobs", type=int, default=1, help="processes working out the references")
    parser.add_argument("--edges", type=int, default=40, help="chains beside domain edges and poles")
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.randrange(1 << 32)
    print(f"chain check: {options.count} chains, seed {seed}, mpmath {mpmath.__version__} ({mpmath.libmp.BACKEND})", flush=True)
    started = time.monotonic()
    rng = random.Random(seed)
    draw = Draw(rng)
    chains, truths, undetermined, slow = [], [], 0, 0

    def drawn(count):
        batch = []
        while len(batch) < count:
            chain = draw_chain(draw, rng)
            if len(chain.steps) >= 2 and len(chain.keys()) < 900:
                batch.append((chain, options.reference_seconds))
        return batch

    # Drawn in batches and kept in order, so that a seed gives the same chains whatever the number of jobs.
    with multiprocessing.Pool(options.jobs) if options.jobs > 1 else contextlib.nullcontext() as pool:
        while len(chains) < options.count:
            batch = drawn(min(256, options.count - len(chains)))
            for chain, settled in pool.map(reference, batch, chunksize=4) if pool else map(reference, batch):
                if settled is TooSlow:
                    slow += 1
                elif settled is None:
                    undetermined += 1
                else:
                    chain, truth = ended(chain, *settled)
                    chains.append(chain)
                    truths.append(truth)
    print(f"  {len(chains)} chains drawn and worked out by mpmath, {undetermined} left out that mpmath could not settle "
          f"below 2^17 bits, {slow} whose reference took over {options.reference_seconds:g} s "
          f"({time.monotonic() - started:.0f} s)", flush=True)
    server = Server(options.server)
    wrong, refused, compared = [], 0, 0
    try:
        for digits in (16, 32):
            for angle in ("rad", "deg"):
                indices = [i for i, c in enumerate(chains) if c.angle == angle and c.significant() <= digits]
                shown = displays(server, [chains[i].keys() for i in indices], angle, digits, error_ends=True)
                for i, display in zip(indices, shown):
                    compared += 1
                    truth = truths[i]
                    if truth is ZERO:
                        why = None if display in ("0", "Error") else "should be 0"
                        refused += display == "Error"
                    else:
                        why = verdict(display, truth, digits)
                        if why == "Error for a value in range":
                            refused, why = refused + 1, None
                    if why:
                        wrong.append((digits, chains[i], display, truth, why))
        edge_wrong, edge_compared, edge_precision = check_edges(server, options.edges, rng, options.reference_seconds)
        wrong += edge_wrong
    finally:
        server.stop()
    for digits, chain, display, truth, why in wrong[:options.show]:
        expected = truth if isinstance(truth, str) else ("Error" if isinstance(truth, Exception) else mpmath.nstr(truth, 40))
        print(f"WRONG [{digits} digits] {chain}: shown {display}, true {expected}: {why}")
    print(f"chain check: {len(chains)} chains, {compared} displays compared at 16 and 32 digits, {len(wrong)} wrong, "
          f"{refused} Error (precision) for a value in range; "
          f"{edge_compared} beside domain edges and poles, {len(edge_wrong)} wrong, {edge_precision} Error (precision); "
          f"{time.monotonic() - started:.0f} s (seed {seed})")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
