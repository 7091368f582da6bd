from typing import Literal

ProblemReason = Literal['awaiting_variable', 'no_command_awaiting', 'no_conversion', 'no_memory_entry', 'not_in_mode', 'not_in_radix', 'not_in_rpn', 'not_in_word']

PROBLEM_REASON_VALUES: set[ProblemReason] = { 'awaiting_variable', 'no_command_awaiting', 'no_conversion', 'no_memory_entry', 'not_in_mode', 'not_in_radix', 'not_in_rpn', 'not_in_word',  }

def check_problem_reason(value: str) -> ProblemReason:
    if value in PROBLEM_REASON_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROBLEM_REASON_VALUES!r}")
