"""The stage table of scripts/test: one row per stage with its wall time, its processor time, its status and the
counts it checked, read from the stage's row and log files in a folder (scripts/stages.sh writes them).

Usage: stages.py FOLDER [TOTAL_SECONDS]

Each stage NN has NN.row ("name<TAB>seconds<TAB>status<TAB>cpu seconds") and NN.log (everything it printed). The
counts are parsed from the log by the summary lines each check prints, so a stage that checks fewer than it should
shows it here. The processor time of the stages, over the machine's cores, is the least wall time the run can take
however its stages are laid out side by side; the table's last line says it."""

import os
import re
import sys
from pathlib import Path

# The summary lines the checks print, and how the table shows each.
COUNTS = [
    # swift-testing's last line, from `swift test` (and the Swift client's tests)
    (re.compile(r"Test run with (\d+) tests? in (\d+) suites?"), lambda m: f"{m[1]} tests in {m[2]} suites"),
    # schemathesis's summary: "Test cases:" then "N generated, N passed"
    (re.compile(r"(\d+) generated, (\d+) (?:passed|found)"), lambda m: f"{m[1]} contract cases"),
    (re.compile(r"precision check: .*?(\d+) arguments, (\d+) displays compared"),
     lambda m: f"{m[1]} arguments, {m[2]} displays of digits"),
    (re.compile(r"chain check: (\d+) chains, (\d+) displays compared"), lambda m: f"{m[1]} chains"),
    (re.compile(r"date check: (\d+) differences and (\d+) sums"), lambda m: f"{int(m[1]) + int(m[2])} dates"),
    (re.compile(r"date check: \d+ disagreements with dateutil in (\d+) pairs"), lambda m: f"{2 * int(m[1])} dates"),
    (re.compile(r"statistics check: (\d+) (?:data sets|disagreements in (\d+) data sets)"),
     lambda m: f"{m[2] or m[1]} data sets"),
    # the cluster's load (Benchmarks/cluster/presses.py's JSON tally)
    (re.compile(r'"acknowledged": (\d+)'), lambda m: f"{m[1]} presses"),
    # the check runners of the Python and TypeScript checks: "[name: ]N passed, N failed"
    (re.compile(r"(?m)^(?:([\w ]+): )?(\d+) passed, (\d+) failed"),
     lambda m: f"{m[2]} {m[1]} checks" if m[1] else f"{m[2]} checks"),
    (re.compile(r"searched (\d+) server logs, (\d+) lines"), lambda m: f"{m[1]} logs, {m[2]} lines"),
]


def counts(log):
    """What the stage's log says it checked, in the order it printed it."""
    if not log.exists():
        return ""
    text = log.read_text(errors="replace")
    found = []
    for pattern, show in COUNTS:
        for match in pattern.finditer(text):
            found.append((match.start(), show(match)))
    return ", ".join(shown for _, shown in sorted(found))


def main():
    folder = Path(sys.argv[1])
    rows = []
    for row in sorted(folder.glob("*.row")):
        name, seconds, status, cpu = (row.read_text().rstrip("\n").split("\t") + ["", "", ""])[:4]
        rows.append((name, seconds, cpu, status, counts(row.with_suffix(".log"))))
    width = max([len("stage")] + [len(name) for name, *_ in rows])
    print(f"{'stage':{width}}  {'seconds':>7}  {'cpu s':>7}  {'status':8}  checked")
    for name, seconds, cpu, status, checked in rows:
        print(f"{name:{width}}  {seconds:>7}  {cpu:>7}  {status:8}  {checked}")
    if len(sys.argv) > 2:
        total_cpu = sum(float(cpu) for _, _, cpu, _, _ in rows if cpu)
        cores = os.cpu_count() or 1
        print(f"{'total':{width}}  {sys.argv[2]:>7}  {total_cpu:>7.1f}  wall; processor time over {cores} cores, the "
              f"least wall time any layout of these stages can take: {total_cpu / cores:.0f} s")


if __name__ == "__main__":
    main()
