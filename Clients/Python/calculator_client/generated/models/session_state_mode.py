from typing import Literal

SessionStateMode = Literal['immediate', 'programmer', 'scientific']

SESSION_STATE_MODE_VALUES: set[SessionStateMode] = { 'immediate', 'programmer', 'scientific',  }

def check_session_state_mode(value: str) -> SessionStateMode:
    if value in SESSION_STATE_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSION_STATE_MODE_VALUES!r}")
