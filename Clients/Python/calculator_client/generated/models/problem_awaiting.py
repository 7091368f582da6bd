from typing import Literal

ProblemAwaiting = Literal['rcl', 'sto']

PROBLEM_AWAITING_VALUES: set[ProblemAwaiting] = { 'rcl', 'sto',  }

def check_problem_awaiting(value: str) -> ProblemAwaiting:
    if value in PROBLEM_AWAITING_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROBLEM_AWAITING_VALUES!r}")
