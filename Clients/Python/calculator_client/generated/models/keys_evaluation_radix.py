from typing import Literal

KeysEvaluationRadix = Literal['bin', 'dec', 'hex', 'oct']

KEYS_EVALUATION_RADIX_VALUES: set[KeysEvaluationRadix] = { 'bin', 'dec', 'hex', 'oct',  }

def check_keys_evaluation_radix(value: str) -> KeysEvaluationRadix:
    if value in KEYS_EVALUATION_RADIX_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {KEYS_EVALUATION_RADIX_VALUES!r}")
