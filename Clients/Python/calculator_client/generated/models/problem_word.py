from typing import Literal

ProblemWord = Literal[8, 16, 32, 64]

PROBLEM_WORD_VALUES: set[ProblemWord] = { 8, 16, 32, 64,  }

def check_problem_word(value: int) -> ProblemWord:
    if value in PROBLEM_WORD_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROBLEM_WORD_VALUES!r}")
