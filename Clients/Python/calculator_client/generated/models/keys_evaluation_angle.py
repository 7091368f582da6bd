from typing import Literal

KeysEvaluationAngle = Literal['deg', 'grad', 'rad']

KEYS_EVALUATION_ANGLE_VALUES: set[KeysEvaluationAngle] = { 'deg', 'grad', 'rad',  }

def check_keys_evaluation_angle(value: str) -> KeysEvaluationAngle:
    if value in KEYS_EVALUATION_ANGLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {KEYS_EVALUATION_ANGLE_VALUES!r}")
