from typing import Literal

ProblemRadix = Literal['bin', 'dec', 'hex', 'oct']

PROBLEM_RADIX_VALUES: set[ProblemRadix] = { 'bin', 'dec', 'hex', 'oct',  }

def check_problem_radix(value: str) -> ProblemRadix:
    if value in PROBLEM_RADIX_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROBLEM_RADIX_VALUES!r}")
