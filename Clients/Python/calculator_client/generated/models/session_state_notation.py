from typing import Literal

SessionStateNotation = Literal['auto', 'engineering', 'fixed', 'scientific']

SESSION_STATE_NOTATION_VALUES: set[SessionStateNotation] = { 'auto', 'engineering', 'fixed', 'scientific',  }

def check_session_state_notation(value: str) -> SessionStateNotation:
    if value in SESSION_STATE_NOTATION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSION_STATE_NOTATION_VALUES!r}")
