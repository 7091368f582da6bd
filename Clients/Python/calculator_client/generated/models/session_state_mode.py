from typing import Literal

SessionStateMode = Literal['immediate', 'programmer', 'rpn', 'scientific', 'statistics']

SESSION_STATE_MODE_VALUES: set[SessionStateMode] = { 'immediate', 'programmer', 'rpn', 'scientific', 'statistics',  }

def check_session_state_mode(value: str) -> SessionStateMode:
    if value in SESSION_STATE_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSION_STATE_MODE_VALUES!r}")
