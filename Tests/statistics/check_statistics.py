"""Checks statistics mode of a live calculator-server against Python's `statistics` and `fractions`.

Draws random data sets (values or (x, y) pairs, 2 to 40 points of decimals with up to 7 significant digits, of
either sign, some with exponents), gives each to a statistics-mode session with PUT /sessions/{id}/data and compares
what the session answers with the same data as exact `Fraction`s:

- the exact results (`exact`: n, the sums, the means, the sample and population variances, the regression's slope and
  intercept) with `statistics.mean`, `statistics.variance`, `statistics.pvariance` on Fractions (exact there) and the
  least-squares line worked out in Fractions; a result that is rational must be in `exact`;
- the standard deviations and r, irrational in general, to the display's 16 significant digits: the session's text
  must be the correctly rounded value, worked out with `decimal` at 60 digits from the exact Fractions (or, where the
  square root is rational, the exact value);
- one data set in five is also keyed point by point (x , y Σ+, then Σ− of one of them and Σ+ again), which must give
  the same state as the PUT;
- Anscombe's quartet gives its published figures, exactly: x̄ 9, sample variance of x 11, ȳ and the y variance, the
  line y = 3.00 + 0.500x (each set's exact intercept and slope) as Fractions, r ≈ 0.816.

Exits non-zero on the first disagreements (up to --show of them listed).
"""

import argparse
import json
import math
import random
import statistics
import sys
from decimal import Decimal, getcontext
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
import fixture  # noqa: E402 (after the path it is found on)

getcontext().prec = 60
DIGITS = 16


class Server(fixture.CalculatorServer):
    def __init__(self, binary):
        super().__init__(binary, fixture.MEMORY_OPEN)
        self.shared = self.connection()

    def send(self, method, path, body=None):
        data = None if body is None else json.dumps(body)
        headers = {} if body is None else {"Content-Type": "application/json"}
        self.shared.request(method, path, body=data, headers=headers)
        response = self.shared.getresponse()
        return response.status, json.loads(response.read())


def draw_number(rng):
    digits = rng.randint(1, 7)
    mantissa = rng.randint(0, 10**digits - 1)
    point = rng.randint(0, digits)
    text = str(mantissa).rjust(point + 1, "0")
    text = text[: len(text) - point] + ("." + text[len(text) - point :] if point else "")
    if rng.random() < 0.4:
        text = "-" + text
    if rng.random() < 0.1:
        text += "e" + str(rng.randint(-12, 12))
    return text


def draw_data(rng):
    count = rng.choice([2, 3, rng.randint(2, 12), rng.randint(2, 40)])
    pairs = rng.random() < 0.6
    if rng.random() < 0.1:
        # Repeated values: a flat line, a zero variance.
        same = draw_number(rng)
        return [{"x": same, "y": draw_number(rng)} if pairs else {"x": same} for _ in range(count)]
    return [{"x": draw_number(rng), "y": draw_number(rng)} if pairs else {"x": draw_number(rng)} for _ in range(count)]


def exact(text):
    return Fraction(Decimal(text))


def fraction_text(value):
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def rounded(value):
    """A Decimal rounded to the display's significant digits, for comparing with the display's text."""
    if value == 0:
        return Decimal(0)
    return Decimal(f"{value:.{DIGITS - 1}e}")


def square_root(value):
    """(exact Fraction or None, Decimal) of the square root of a non-negative Fraction."""
    root = Decimal(value.numerator).sqrt() / Decimal(value.denominator).sqrt()
    numerator, denominator = value.numerator, value.denominator
    n_root, d_root = math.isqrt(numerator), math.isqrt(denominator)
    if n_root * n_root == numerator and d_root * d_root == denominator:
        return Fraction(n_root, d_root), root
    return None, root


def expected(points):
    xs = [exact(p["x"]) for p in points]
    ys = [exact(p["y"]) for p in points] if "y" in points[0] else None
    n = len(xs)
    results = {"n": Fraction(n), "sumx": sum(xs), "sumx2": sum(x * x for x in xs), "meanx": statistics.mean(xs),
               "pvarx": statistics.pvariance(xs)}
    results["varx"] = statistics.variance(xs) if n >= 2 else None
    roots = {"sx": results["varx"], "psx": results["pvarx"]}
    if ys is not None:
        results.update({"sumy": sum(ys), "sumy2": sum(y * y for y in ys), "sumxy": sum(x * y for x, y in zip(xs, ys)),
                        "meany": statistics.mean(ys), "pvary": statistics.pvariance(ys)})
        results["vary"] = statistics.variance(ys) if n >= 2 else None
        roots.update({"sy": results["vary"], "psy": results["pvary"]})
        mx, my = results["meanx"], results["meany"]
        sxx = sum((x - mx) ** 2 for x in xs)
        syy = sum((y - my) ** 2 for y in ys)
        sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
        results["slope"] = sxy / sxx if sxx else None
        results["intercept"] = my - results["slope"] * mx if sxx else None
        # r = Sxy / √(Sxx·Syy): its exact value when Sxx·Syy is a square of a rational.
        if sxx and syy:
            root, decimal_root = square_root(sxx * syy)
            if root is not None:
                results["r"] = sxy / root
            else:
                results["r"] = ("decimal", Decimal(sxy.numerator) / Decimal(sxy.denominator) / decimal_root)
        else:
            results["r"] = None
    for name, variance in roots.items():
        if variance is None:
            results[name] = None
            continue
        root, decimal_root = square_root(variance)
        results[name] = root if root is not None else ("decimal", decimal_root)
    return results


def compare(points, body, failures, label):
    want = expected(points)
    got_results, got_exact = body.get("results", {}), body.get("exact", {})
    for name, value in want.items():
        text = got_results.get(name, "absent")
        if value is None:
            if text is not None:
                failures.append(f"{label} {name}: {text}, want null (undefined); data {points}")
        elif isinstance(value, tuple):
            if name in got_exact:
                failures.append(f"{label} {name}: exact {got_exact[name]}, want an irrational; data {points}")
            if text is None or text == "absent" or Decimal(text) != rounded(value[1]):
                failures.append(f"{label} {name}: {text}, want {rounded(value[1])}; data {points}")
        elif got_exact.get(name) != fraction_text(value):
            failures.append(f"{label} {name}: exact {got_exact.get(name)}, want {fraction_text(value)}; data {points}")
    if set(got_results) != set(want):
        failures.append(f"{label}: results {sorted(got_results)}, want {sorted(want)}")


def keys_for(points):
    """The keys that enter `points` one by one: x , y Σ+ for a pair, x Σ+ for a value (numbers as typed, which the
    string form of `keys` takes: `-1.5e3` is 1 . 5 EE 3 neg)."""
    keys = ["AC"]
    for point in points:
        keys += [point["x"], ",", point["y"], "Σ+"] if "y" in point else [point["x"], "Σ+"]
    return keys


ANSCOMBE = [
    ([10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5], "8.04 6.95 7.58 8.81 8.33 9.96 7.24 4.26 10.84 4.82 5.68"),
    ([10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5], "9.14 8.14 8.74 8.77 9.26 8.10 6.13 3.10 9.13 7.26 4.74"),
    ([10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5], "7.46 6.77 12.74 7.11 7.81 8.84 6.08 5.39 8.15 6.42 5.73"),
    ([8, 8, 8, 8, 8, 8, 8, 19, 8, 8, 8], "6.58 5.76 7.71 8.84 8.47 7.04 5.25 12.50 5.56 7.91 6.89"),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=48)
    parser.add_argument("--show", type=int, default=10)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    server = Server(options.binary)
    failures = []
    keyed = 0
    try:
        status, created = server.send("POST", "/sessions", {"mode": "statistics"})
        assert status == 201, created
        session = f"/sessions/{created['id']}"
        for trial in range(options.count):
            points = draw_data(rng)
            status, body = server.send("PUT", f"{session}/data", {"points": points})
            if status != 200:
                failures.append(f"PUT {points}: {status} {body}")
                continue
            compare(points, body, failures, f"data set {trial}")
            if trial % 5 == 0:
                keyed += 1
                # The same points keyed, one of them taken out with Σ− and entered again: the same data set.
                server.send("DELETE", f"{session}/data")
                again = points[rng.randrange(len(points))]
                keys = keys_for(points) + keys_for([again])[1:-1] + ["Σ−"] + keys_for([again])[1:]
                status, pressed = server.send("POST", f"{session}/press", {"keys": " ".join(keys)})
                if status != 200 or pressed.get("error") is not None:
                    failures.append(f"keys {keys}: {status} {pressed}")
                    continue
                status, read = server.send("GET", f"{session}/data")
                if sorted(json.dumps(p, sort_keys=True) for p in read["points"]) != sorted(
                    json.dumps(p, sort_keys=True) for p in body["points"]):
                    failures.append(f"keyed {points}: points {read['points']}, want {body['points']}")
                if read["exact"] != body["exact"]:
                    failures.append(f"keyed {points}: exact {read['exact']}, want {body['exact']}")
        for xs, ys in ANSCOMBE:
            points = [{"x": str(x), "y": y} for x, y in zip(xs, ys.split())]
            status, body = server.send("PUT", f"{session}/data", {"points": points})
            compare(points, body, failures, "Anscombe")
            published = {"meanx": "9", "varx": "11"}
            for name, value in published.items():
                if body["exact"].get(name) != value:
                    failures.append(f"Anscombe {name}: {body['exact'].get(name)}, want {value}")
            checks = [("meany", 7.5, 0.01), ("vary", 4.127, 0.005), ("slope", 0.5, 0.001), ("intercept", 3.0, 0.003),
                      ("r", 0.816, 0.001)]
            for name, value, tolerance in checks:
                if abs(float(Decimal(body["results"][name])) - value) > tolerance:
                    failures.append(f"Anscombe {name}: {body['results'][name]}, published {value}")
    finally:
        server.stop()
    for failure in failures[: options.show]:
        print(failure)
    if failures:
        print(f"statistics check: {len(failures)} disagreements in {options.count} data sets", file=sys.stderr)
        sys.exit(1)
    print(f"statistics check: {options.count} data sets ({keyed} also keyed) and Anscombe's quartet agree with "
          "statistics and fractions")


if __name__ == "__main__":
    main()
