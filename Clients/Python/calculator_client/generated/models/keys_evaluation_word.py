from typing import Literal

KeysEvaluationWord = Literal[8, 16, 32, 64]

KEYS_EVALUATION_WORD_VALUES: set[KeysEvaluationWord] = { 8, 16, 32, 64,  }

def check_keys_evaluation_word(value: int) -> KeysEvaluationWord:
    if value in KEYS_EVALUATION_WORD_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {KEYS_EVALUATION_WORD_VALUES!r}")
