"""The arguments: decimals ±d.ddd × 10^e of up to 32 significant digits, typed as keys, drawn where errors hide."""
from fractions import Fraction

import mpmath
from mpmath import mp

from reference import to_mpf


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
