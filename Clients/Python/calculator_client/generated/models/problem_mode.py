from typing import Literal

ProblemMode = Literal['immediate', 'programmer', 'rpn', 'scientific', 'statistics']

PROBLEM_MODE_VALUES: set[ProblemMode] = { 'immediate', 'programmer', 'rpn', 'scientific', 'statistics',  }

def check_problem_mode(value: str) -> ProblemMode:
    if value in PROBLEM_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROBLEM_MODE_VALUES!r}")
