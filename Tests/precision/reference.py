"""The true values: mpmath on the exact argument (a Fraction), and the verdict on a display.

The working precision grows until two evaluations 128 bits apart agree to 380 bits (a Ziv loop), so the reference
is good to 110 digits whatever the argument's size: the reduction of 10^9999 radians by 2π uses all of its digits."""
import re
from fractions import Fraction

import mpmath
from mpmath import mp

LOWER, UPPER = Fraction(1, 10**9999), Fraction(10**10000)
BAND = mpmath.mpf(2) ** -200
RESULT = re.compile(r"-?\d+(\.\d+)?(e[+-]\d+)?")
# Values made outside a workprec block (a negation, a power of ten) keep this many bits.
mp.prec = 1200


class Undefined(Exception):
    """The true value does not exist (a domain error or a pole): the display must be Error."""


class Refused(Exception):
    """The documented budget refuses the argument: the display must be Error."""


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
    # Enough bits for x itself: a base within 2^-64 of 1 (1.00000000000000000006) would otherwise round to 1 or to
    # twice its distance from 1, and a large exponent turns that into thousands of decades.
    with mp.workprec(64 + max(abs(x.numerator).bit_length(), x.denominator.bit_length())):
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
