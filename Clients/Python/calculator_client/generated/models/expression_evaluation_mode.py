from typing import Literal

ExpressionEvaluationMode = Literal['immediate', 'scientific']

EXPRESSION_EVALUATION_MODE_VALUES: set[ExpressionEvaluationMode] = { 'immediate', 'scientific',  }

def check_expression_evaluation_mode(value: str) -> ExpressionEvaluationMode:
    if value in EXPRESSION_EVALUATION_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPRESSION_EVALUATION_MODE_VALUES!r}")
