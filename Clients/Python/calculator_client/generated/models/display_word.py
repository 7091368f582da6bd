from typing import Literal

DisplayWord = Literal[8, 16, 32, 64]

DISPLAY_WORD_VALUES: set[DisplayWord] = { 8, 16, 32, 64,  }

def check_display_word(value: int) -> DisplayWord:
    if value in DISPLAY_WORD_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DISPLAY_WORD_VALUES!r}")
