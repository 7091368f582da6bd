from typing import Literal

EvaluateQueryAngle = Literal['deg', 'grad', 'rad']

EVALUATE_QUERY_ANGLE_VALUES: set[EvaluateQueryAngle] = { 'deg', 'grad', 'rad',  }

def check_evaluate_query_angle(value: str) -> EvaluateQueryAngle:
    if value in EVALUATE_QUERY_ANGLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVALUATE_QUERY_ANGLE_VALUES!r}")
