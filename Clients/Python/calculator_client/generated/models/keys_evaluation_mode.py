from typing import Literal

KeysEvaluationMode = Literal['immediate', 'programmer', 'rpn', 'scientific', 'statistics']

KEYS_EVALUATION_MODE_VALUES: set[KeysEvaluationMode] = { 'immediate', 'programmer', 'rpn', 'scientific', 'statistics',  }

def check_keys_evaluation_mode(value: str) -> KeysEvaluationMode:
    if value in KEYS_EVALUATION_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {KEYS_EVALUATION_MODE_VALUES!r}")
