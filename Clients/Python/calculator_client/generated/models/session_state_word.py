from typing import Literal

SessionStateWord = Literal[8, 16, 32, 64]

SESSION_STATE_WORD_VALUES: set[SessionStateWord] = { 8, 16, 32, 64,  }

def check_session_state_word(value: int) -> SessionStateWord:
    if value in SESSION_STATE_WORD_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSION_STATE_WORD_VALUES!r}")
