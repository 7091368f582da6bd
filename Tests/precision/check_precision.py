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
import http.client
import json
import random
import re
import select
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import mpmath
from mpmath import mp

UNARY = ["sq", "cube", "sqrt", "cbrt", "recip", "exp", "pow10", "pow2", "ln", "log10", "log2", "fact",
         "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh"]
TRIGONOMETRIC = {"sin", "cos", "tan", "asin", "acos", "atan"}
BINARY = ["pow", "root", "logy"]
LOWER, UPPER = Fraction(1, 10**9999), Fraction(10**10000)
BAND = mpmath.mpf(2) ** -200
MAX_KEYS = 1000
RESULT = re.compile(r"-?\d+(\.\d+)?(e[+-]\d+)?")
# Values made outside a workprec block (a negation, a power of ten) keep this many bits.
mp.prec = 1200


class Undefined(Exception):
    """The true value does not exist (a domain error or a pole): the display must be Error."""


class Refused(Exception):
    """The documented budget refuses the argument: the display must be Error."""


# ---------------------------------------------------------------------------------------------------------------------
# Arguments: a decimal ±d.ddd × 10^e with at most 32 significant digits, typed as keys.

class Decimal:
    def __init__(self, negative, digits, exponent):
        digits = digits.rstrip("0") or "0"
        self.negative, self.digits, self.exponent = negative and digits != "0", digits, exponent

    @staticmethod
    def of(value, significant):
        """The decimal nearest to a Fraction or mpf, with `significant` digits."""
        if value == 0:
            return Decimal(False, "0", 0)
        with mp.workprec(400):
            number = to_mpf(value) if isinstance(value, (Fraction, int)) else +value
            text = mpmath.nstr(number, significant, strip_zeros=False, min_fixed=1, max_fixed=0)
        negative = text.startswith("-")
        mantissa, _, exponent = text.lstrip("-").partition("e")
        return Decimal(negative, mantissa.replace(".", ""), int(exponent or 0))

    @property
    def value(self):
        scale = self.exponent - (len(self.digits) - 1)
        magnitude = int(self.digits) * (Fraction(10) ** scale)
        return -magnitude if self.negative else magnitude

    @property
    def significant(self):
        return len(self.digits)

    def fits(self):
        return self.digits == "0" or (self.significant <= 32 and -9999 <= self.exponent <= 9999)

    def keys(self):
        keys = [self.digits[0]]
        if len(self.digits) > 1:
            keys += ["."] + list(self.digits[1:])
        if self.negative:
            keys.append("neg")
        if self.exponent:
            keys += ["EE"] + list(str(abs(self.exponent))) + (["neg"] if self.exponent < 0 else [])
        return keys

    def __str__(self):
        sign = "-" if self.negative else ""
        rest = "." + self.digits[1:] if len(self.digits) > 1 else ""
        return f"{sign}{self.digits[0]}{rest}e{self.exponent}"


class Draw:
    """Random decimals of the shapes that find errors."""

    def __init__(self, rng):
        self.rng = rng

    def length(self):
        # Half fit the 16-digit session too; the rest use up to 32.
        return self.rng.randint(1, 16) if self.rng.random() < 0.55 else self.rng.randint(17, 32)

    def decimal(self, low, high, negative=None, length=None):
        """Exponent uniform in [low, high], random digits."""
        n = length or self.length()
        digits = str(self.rng.randint(1, 9)) + "".join(str(self.rng.randint(0, 9)) for _ in range(n - 1))
        if negative is None:
            negative = self.rng.random() < 0.5
        return Decimal(negative, digits, self.rng.randint(low, high))

    def near(self, point, negative=None):
        """point ± 10^-k (or point itself), rounded to the drawn length."""
        n = self.length()
        offset = Fraction(self.rng.randint(1, 9), 10 ** self.rng.randint(1, 40))
        value = point + (offset if self.rng.random() < 0.5 else -offset) if self.rng.random() < 0.9 else point
        if negative:
            value = -value
        return Decimal.of(value, n)

    def edges(self, negative=None):
        """Near 1e±9999 and the largest and smallest typed numbers."""
        r = self.rng.random()
        if r < 0.25:
            return self.decimal(9999, 9999, negative)
        if r < 0.5:
            return self.decimal(-9999, -9999, negative)
        if r < 0.75:
            return self.decimal(9990, 9999, negative)
        return self.decimal(-9999, -9990, negative)

    def mixed(self, typical, special):
        """A mix: typical magnitudes, the function's special points, tiny, huge, and the range's edges."""
        r = self.rng.random()
        if r < 0.45:
            return typical()
        if r < 0.75:
            return special()
        if r < 0.85:
            return self.decimal(-9999, -20)
        if r < 0.93:
            return self.decimal(20, 9999)
        return self.edges()


def arguments(function, angle, draw):
    """One argument (or a pair for the binary keys) for `function`."""
    rng = draw.rng
    d = draw.decimal
    if function == "sqrt":
        return draw.mixed(lambda: d(-30, 30, negative=rng.random() < 0.05), lambda: d(-9999, 9999, negative=rng.random() < 0.05))
    if function in ("sq", "cube", "recip", "cbrt", "atan", "asinh"):
        return draw.mixed(lambda: d(-30, 30), lambda: d(-5001, 5001) if function != "recip" else draw.near(1))
    if function in ("exp", "sinh", "cosh", "tanh"):
        edge = Fraction(230258509299404568401799145468436, 10**28)  # ≈ ln 1e10000
        return draw.mixed(lambda: d(-30, 4), lambda: draw.near(edge + rng.choice([-2, 0, 1]), rng.random() < 0.5))
    if function == "pow10":
        return draw.mixed(lambda: d(-30, 3), lambda: draw.near(rng.choice([9999, 10000, -9999, -10000]), None))
    if function == "pow2":
        edge = Fraction(3321928094887362347870319429489, 10**27)  # ≈ log2 1e10000
        return draw.mixed(lambda: d(-30, 4), lambda: draw.near(edge + rng.choice([-5, 0, 1]), rng.random() < 0.5))
    if function in ("ln", "log10", "log2"):
        return draw.mixed(lambda: d(-40, 40, negative=rng.random() < 0.05),
                          lambda: draw.near(1) if rng.random() < 0.7 else draw.edges(negative=False))
    if function == "acosh":
        return draw.mixed(lambda: d(0, 30, negative=rng.random() < 0.05), lambda: draw.near(1))
    if function in ("asin", "acos", "atanh"):
        return draw.mixed(lambda: d(-30, -1) if rng.random() < 0.9 else d(0, 2),
                          lambda: draw.near(Fraction(rng.choice([1, -1, 0])) if rng.random() < 0.8 else Fraction(1, 2)))
    if function == "fact":
        def special():
            r = rng.random()
            if r < 0.4:
                return draw.near(-rng.randint(1, 3300))
            if r < 0.7:
                return draw.near(Fraction(rng.randint(3240, 3250)) + Fraction(rng.randint(0, 9), 10))
            if r < 0.8:
                return draw.near(-Fraction(rng.randint(3240, 3310)) - Fraction(5, 10))
            return Decimal.of(rng.randint(0, 3300), 32)
        return draw.mixed(lambda: d(-3, 3), special)
    if function in ("sin", "cos", "tan"):
        if angle == "deg":
            def special():
                k = rng.randint(-48, 48) * 15 + 360 * rng.choice([0, 0, 0, 1, -1, 10**rng.randint(1, 20)])
                return draw.near(Fraction(k))
            return draw.mixed(lambda: d(-30, 6), special)

        def special():
            # The typed decimal nearest to k·π/2 (or near it): sin, cos or tan is small or huge there.
            k = rng.randint(1, 10**rng.randint(1, 30))
            with mp.workprec(400):
                point = mpmath.mpf(k) * mp.pi / 2
            return Decimal.of(point, draw.length()) if rng.random() < 0.7 else draw.near(Fraction(Decimal.of(point, 32).value))
        return draw.mixed(lambda: d(-30, 30), special)
    raise ValueError(function)


def binary_arguments(function, draw):
    rng = draw.rng
    d = draw.decimal
    if function == "pow":
        r = rng.random()
        if r < 0.15:
            # A negative base: an integer exponent (sign from its parity), or a decimal one (undefined).
            base = d(-3, 3, negative=True)
            exponent = Decimal.of(rng.randint(-2000, 2000), 32) if rng.random() < 0.8 else d(-3, 3)
            return base, exponent
        base = d(-40, 40, negative=False) if r < 0.75 else draw.near(1)
        # An exponent that keeps the result near the range: y ≈ t / log10(base).
        with mp.workprec(100):
            scale = abs(mpmath.log10(to_mpf(base.value)))
            target = mpmath.mpf(rng.uniform(-10100, 10100) if rng.random() < 0.3 else rng.uniform(-50, 50))
            exponent = Decimal.of(target / scale if scale > 0 else target, draw.length())
        return base, exponent
    if function == "root":
        radicand = d(-40, 40, negative=rng.random() < 0.3) if rng.random() < 0.9 else draw.edges()
        r = rng.random()
        if r < 0.5:
            index = Decimal.of(rng.choice([2, 3, 4, 5, 7, 9, 15, 1000, 12345, -3, -2, 10**rng.randint(1, 25) + 1]), 32)
        elif r < 0.8:
            index = d(-8, 2)
        else:
            index = d(-3, 1, negative=False)
        return radicand, index
    if function == "logy":
        x = d(-40, 40, negative=rng.random() < 0.03) if rng.random() < 0.8 else draw.edges(negative=False)
        base = d(-10, 10, negative=rng.random() < 0.03) if rng.random() < 0.8 else draw.near(1)
        return x, base
    raise ValueError(function)


# ---------------------------------------------------------------------------------------------------------------------
# The reference: mpmath on the exact argument.

def to_mpf(q):
    return mpmath.mpf(q.numerator) / q.denominator


def bits(q):
    return max(0, abs(q.numerator).bit_length() - q.denominator.bit_length() + 1)


def settle(compute, scale_bits):
    """compute() at a growing working precision until two results 128 bits apart agree to 380 bits."""
    precision = 480 + scale_bits
    while True:
        with mp.workprec(precision):
            first = compute()
        with mp.workprec(precision + 128):
            second = compute()
        with mp.workprec(precision + 256):
            if second == 0 and first == 0:
                return mpmath.mpf(0)
            if second != 0 and abs(first - second) <= abs(second) * mpmath.mpf(2) ** -380:
                return +second
        if precision > 1 << 20:
            raise RuntimeError("no agreement below 2^20 bits")
        precision *= 2


def degrees(x):
    """x mod 360 into (-180, 180], exactly."""
    r = x % 360
    return r - 360 if r > 180 else r


def reference(function, x, angle, y=None):
    """The true value as an mpf good to 110 digits, or Undefined / Refused."""
    if function == "sq":
        return settle(lambda: to_mpf(x * x), 0)
    if function == "cube":
        return settle(lambda: to_mpf(x * x * x), 0)
    if function == "recip":
        if x == 0:
            raise Undefined()
        return settle(lambda: to_mpf(1 / x), 0)
    if function == "sqrt":
        if x < 0:
            raise Undefined()
        return settle(lambda: mpmath.sqrt(to_mpf(x)), 0)
    if function == "cbrt":
        return settle(lambda: mpmath.cbrt(to_mpf(x)) if x >= 0 else -mpmath.cbrt(to_mpf(-x)), 0)
    if function in ("exp", "pow10", "pow2", "sinh", "cosh"):
        if abs(x) > 10**6:
            # Far outside the range (or, for e^x of a negative x, far below it).
            return out_of_range(x > 0 or function == "cosh", negative=function == "sinh" and x < 0)
        base = {"exp": None, "pow10": 10, "pow2": 2}.get(function)
        if function in ("sinh", "cosh"):
            f = mpmath.sinh if function == "sinh" else mpmath.cosh
            return settle(lambda: f(to_mpf(x)), bits(x))
        if base is None:
            return settle(lambda: mpmath.exp(to_mpf(x)), bits(x))
        return settle(lambda: mpmath.power(base, to_mpf(x)), bits(x))
    if function == "tanh":
        if abs(x) > 10**6:
            return mpmath.mpf(1 if x > 0 else -1)
        return settle(lambda: mpmath.tanh(to_mpf(x)), 0)
    if function in ("ln", "log10", "log2"):
        if x <= 0:
            raise Undefined()
        base = {"ln": None, "log10": 10, "log2": 2}[function]
        return settle(lambda: mpmath.log(to_mpf(x)) if base is None else mpmath.log(to_mpf(x), base), 0)
    if function == "fact":
        if x > 3249 or x < -3300:
            raise Refused()
        if x < 0 and x.denominator == 1:
            raise Undefined()
        return settle(lambda: mpmath.gamma(to_mpf(x + 1)), 0)
    if function in ("sin", "cos", "tan"):
        if angle == "deg":
            r = degrees(x)
            if function == "tan" and abs(r) == 90:
                raise Undefined()
            if (function != "cos" and r in (0, 180)) or (function == "cos" and abs(r) == 90):
                return mpmath.mpf(0)
            f = {"sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan}[function]
            return settle(lambda: f(to_mpf(r) * mp.pi / 180), 0)
        f = {"sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan}[function]
        return settle(lambda: f(to_mpf(x)), bits(x))
    if function in ("asin", "acos"):
        if abs(x) > 1:
            raise Undefined()
        f = mpmath.asin if function == "asin" else mpmath.acos
        unit = (lambda v: v * 180 / mp.pi) if angle == "deg" else (lambda v: v)
        return settle(lambda: unit(f(to_mpf(x))), 0)
    if function == "atan":
        unit = (lambda v: v * 180 / mp.pi) if angle == "deg" else (lambda v: v)
        return settle(lambda: unit(mpmath.atan(to_mpf(x))), 0)
    if function == "asinh":
        return settle(lambda: mpmath.asinh(to_mpf(x)), 0)
    if function == "acosh":
        if x < 1:
            raise Undefined()
        return settle(lambda: mpmath.acosh(to_mpf(x)), 0)
    if function == "atanh":
        if abs(x) >= 1:
            raise Undefined()
        return settle(lambda: mpmath.atanh(to_mpf(x)), 0)
    if function == "pow":
        return power(x, y)
    if function == "root":
        if y == 0:
            raise Undefined()
        return power(x, 1 / y)
    if function == "logy":
        if x <= 0 or y <= 0 or y == 1:
            raise Undefined()
        return settle(lambda: mpmath.log(to_mpf(x)) / mpmath.log(to_mpf(y)), 0)
    raise ValueError(function)


def power(x, y):
    """x^y for fractions: a negative base needs y = p/q with odd q; the sign is that of (-1)^p."""
    if y == 0:
        return mpmath.mpf(1)
    if x == 0:
        if y < 0:
            raise Undefined()
        return mpmath.mpf(0)
    negative = False
    if x < 0:
        if y.denominator % 2 == 0:
            raise Undefined()
        negative = y.numerator % 2 == 1
        x = -x
    with mp.workprec(64):
        size = to_mpf(y) * mpmath.log10(to_mpf(x))
    if size > 10050:
        return out_of_range(True, negative)
    if size < -10050:
        return out_of_range(False, negative)
    magnitude = settle(lambda: mpmath.power(to_mpf(x), to_mpf(y)), bits(y) + 16)
    return -magnitude if negative else magnitude


def out_of_range(large, negative=False):
    """A stand-in far outside the range on the given side."""
    value = mpmath.mpf(10) ** 20000 if large else mpmath.mpf(10) ** -20000
    return -value if negative else value


# ---------------------------------------------------------------------------------------------------------------------
# Comparing a display with the true value.

def verdict(display, truth, digits):
    """None when the display is right; otherwise why not."""
    with mp.workprec(1200):
        if isinstance(truth, (Undefined, Refused)):
            return None if display == "Error" else "should be Error"
        magnitude = abs(truth)
        inside = magnitude == 0 or (to_mpf(LOWER) * (1 + BAND) <= magnitude < to_mpf(UPPER) * (1 - BAND))
        outside = magnitude != 0 and (magnitude < to_mpf(LOWER) * (1 - BAND) or magnitude >= to_mpf(UPPER) * (1 + BAND))
        if display == "Error":
            return None if not inside else "Error for a value in range"
        if outside:
            return "should be Error (outside the range)"
        if not RESULT.fullmatch(display):
            return "malformed display"
        shown = parse(display)
        significant = len(display.split("e")[0].replace("-", "").replace(".", "").lstrip("0").rstrip("0") or "0")
        if significant > digits:
            return f"{significant} significant digits"
        if truth == 0:
            return None if shown == 0 else "should be 0"
        exponent = int(mpmath.floor(mpmath.log10(magnitude)))
        if mpmath.mpf(10) ** (exponent + 1) <= magnitude:
            exponent += 1
        elif magnitude < mpmath.mpf(10) ** exponent:
            exponent -= 1
        ulp = mpmath.mpf(10) ** (exponent - digits + 1)
        error = abs(to_mpf(shown) - truth) / ulp
        if error > mpmath.mpf(0.5) * (1 + mpmath.mpf(2) ** -200):
            return f"off by {mpmath.nstr(error, 6)} units in the last place"
        if abs(error - mpmath.mpf(0.5)) <= mpmath.mpf(2) ** -200 and int(abs(shown) / Fraction(10) ** (exponent - digits + 1)) % 2:
            return "a tie not rounded to even"
        return None


def parse(display):
    mantissa, _, exponent = display.partition("e")
    return Fraction(mantissa) * Fraction(10) ** int(exponent or 0)


# ---------------------------------------------------------------------------------------------------------------------
# The server.

class Server:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "--store", "memory", "--port", "0", "--log-level", "warning"],
                                        stdout=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        line = ""
        while "listening on" not in line:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("calculator-server did not start")
            ready, _, _ = select.select([self.process.stdout], [], [], 1)
            if ready:
                line = self.process.stdout.readline()
        self.port = int(line.strip().rsplit(":", 1)[1])

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)

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

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def displays(server, cases, angle, digits):
    """Types each case's keys (after AC) in one session; returns the display after each case's last key."""
    connection = server.connection()
    session = server.session(connection, angle, digits)
    shown, batch, ends = [], [], []
    for keys in cases + [None]:
        if keys is None or len(batch) + len(keys) + 1 > MAX_KEYS:
            if batch:
                steps = server.press(connection, session, batch)
                shown += [steps[end] for end in ends]
            batch, ends = [], []
            if keys is None:
                break
        batch += ["AC"] + keys
        ends.append(len(batch) - 1)
    connection.close()
    return shown


# ---------------------------------------------------------------------------------------------------------------------

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
