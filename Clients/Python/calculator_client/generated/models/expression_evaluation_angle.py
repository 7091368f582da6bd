from typing import Literal

ExpressionEvaluationAngle = Literal['deg', 'grad', 'rad']

EXPRESSION_EVALUATION_ANGLE_VALUES: set[ExpressionEvaluationAngle] = { 'deg', 'grad', 'rad',  }

def check_expression_evaluation_angle(value: str) -> ExpressionEvaluationAngle:
    if value in EXPRESSION_EVALUATION_ANGLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPRESSION_EVALUATION_ANGLE_VALUES!r}")
