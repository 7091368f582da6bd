from typing import Literal

EvaluateQueryMode = Literal['immediate', 'scientific']

EVALUATE_QUERY_MODE_VALUES: set[EvaluateQueryMode] = { 'immediate', 'scientific',  }

def check_evaluate_query_mode(value: str) -> EvaluateQueryMode:
    if value in EVALUATE_QUERY_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVALUATE_QUERY_MODE_VALUES!r}")
