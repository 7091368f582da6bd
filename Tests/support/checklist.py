"""The check runner of the Python test scripts (Tests/browser, Tests/guide): each check prints PASS or FAIL and the
seconds it took (so a slow check shows in the stage's log), a failure does not stop the run, and the caller prints the
"N passed, N failed" line."""

import sys
import time
import traceback


class Run:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, body):
        started = time.monotonic()
        try:
            body()
        except Exception as error:  # any failure of a check is reported and the run goes on
            self.failed += 1
            print(f"FAIL {name} ({time.monotonic() - started:.1f} s): {type(error).__name__}: {error}")
            traceback.print_exc(limit=3, file=sys.stdout)
        else:
            self.passed += 1
            print(f"PASS {name} ({time.monotonic() - started:.1f} s)")
