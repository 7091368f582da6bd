"""Checks the date calculation of a live calculator-server against python-dateutil's relativedelta.

Draws random pairs of dates (uniform over 0001-01-01 … 9999-12-31, near each other, month ends, leap days and the
days around them), asks GET /dates/difference for each pair and GET /dates/add for each date with a random duration,
both ways, and compares with what relativedelta and datetime.timedelta compute:

- difference: relativedelta(later, earlier) gives the years and months (whole months from the earlier date) and the
  days left, which are weeks and days; the total days are datetime's;
- add: Windows' order, years then months (relativedelta(years=…), relativedelta(months=…): each lands on the month's
  last day when the month is shorter) then weeks and days (timedelta);
- subtract: weeks and days first, then months, then years;
- a result outside 0001-01-01 … 9999-12-31 (datetime raises) must be a 422 problem, as a date that does not exist.

Exits non-zero on the first disagreements (up to --show of them listed).
"""

import argparse
import calendar
import json
import random
import sys
from datetime import date, timedelta
from pathlib import Path

from dateutil.relativedelta import relativedelta

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
import fixture  # noqa: E402 (after the path it is found on)


class Server(fixture.CalculatorServer):
    def __init__(self, binary):
        super().__init__(binary, fixture.MEMORY_OPEN)
        self.shared = self.connection()

    def get(self, path):
        self.shared.request("GET", path)
        response = self.shared.getresponse()
        return response.status, response.getheader("Content-Type"), json.loads(response.read())


FIRST, LAST = date(1, 1, 1).toordinal(), date(9999, 12, 31).toordinal()


def draw_date(rng):
    kind = rng.random()
    if kind < 0.4:
        return date.fromordinal(rng.randint(FIRST, LAST))
    year = rng.choice([rng.randint(1, 9999), rng.randint(1890, 2110)])
    if kind < 0.7:
        month = rng.randint(1, 12)
        return date(year, month, calendar.monthrange(year, month)[1] - rng.choice([0, 0, 0, 1, 2]))
    leap = year - year % 4 if year > 4 else 4
    if not calendar.isleap(leap):
        leap = 2000
    return date(leap, 2, 29) + timedelta(days=rng.choice([0, 0, -1, 1, -29, 1]))


def draw_pair(rng):
    first = draw_date(rng)
    if rng.random() < 0.5:
        return first, draw_date(rng)
    near = first.toordinal() + rng.choice([rng.randint(-62, 62), rng.randint(-1500, 1500)])
    return first, date.fromordinal(min(max(near, FIRST), LAST))


def expected_difference(a, b):
    earlier, later = min(a, b), max(a, b)
    delta = relativedelta(later, earlier)
    weeks, days = divmod(delta.days, 7)
    return {"years": delta.years, "months": delta.months, "weeks": weeks, "days": days,
            "totalDays": (later - earlier).days}


def expected_sum(start, years, months, weeks, days, subtract):
    try:
        if subtract:
            step = start - timedelta(days=7 * weeks + days)
            step = step - relativedelta(months=months)
            return (step - relativedelta(years=years)).isoformat()
        step = start + relativedelta(years=years)
        step = step + relativedelta(months=months)
        return (step + timedelta(days=7 * weeks + days)).isoformat()
    except (OverflowError, ValueError):
        return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--show", type=int, default=10)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    server = Server(options.binary)
    failures = []
    try:
        for _ in range(options.count):
            a, b = draw_pair(rng)
            status, _, body = server.get(f"/dates/difference?from={a.isoformat()}&to={b.isoformat()}")
            want = expected_difference(a, b)
            got = {name: body.get(name) for name in want} if status == 200 else body
            if got != want:
                failures.append(f"difference {a} {b}: got {got}, want {want}")
            years, months = rng.choice([(0, rng.randint(0, 30)), (rng.randint(0, 120), rng.randint(0, 11)),
                                        (rng.randint(0, 9999), 0), (0, 0)])
            weeks, days = rng.choice([(0, rng.randint(0, 400)), (rng.randint(0, 60), rng.randint(0, 6)), (0, 0)])
            subtract = rng.random() < 0.5
            query = (f"/dates/add?date={a.isoformat()}&years={years}&months={months}&weeks={weeks}&days={days}"
                     + ("&operation=subtract" if subtract else ""))
            status, media, body = server.get(query)
            want = expected_sum(a, years, months, weeks, days, subtract)
            if want is None:
                if status != 422 or media != "application/problem+json":
                    failures.append(f"{query}: {status} {body}, want a 422 problem (outside the calendar)")
            elif status != 200 or body.get("result") != want:
                failures.append(f"{query}: {status} {body}, want {want}")
        for impossible in ["2023-02-29", "1900-02-29", "2024-04-31", "2024-13-01", "0000-12-31", "2024-2-1"]:
            status, media, _ = server.get(f"/dates/difference?from={impossible}&to=2024-01-01")
            if status != 422 or media != "application/problem+json":
                failures.append(f"{impossible}: {status} {media}, want a 422 problem")
    finally:
        server.stop()
    for failure in failures[: options.show]:
        print(failure)
    if failures:
        print(f"date check: {len(failures)} disagreements with dateutil in {options.count} pairs", file=sys.stderr)
        sys.exit(1)
    print(f"date check: {options.count} differences and {options.count} sums agree with dateutil.relativedelta")


if __name__ == "__main__":
    main()
