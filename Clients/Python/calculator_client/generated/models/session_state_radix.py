from typing import Literal

SessionStateRadix = Literal['bin', 'dec', 'hex', 'oct']

SESSION_STATE_RADIX_VALUES: set[SessionStateRadix] = { 'bin', 'dec', 'hex', 'oct',  }

def check_session_state_radix(value: str) -> SessionStateRadix:
    if value in SESSION_STATE_RADIX_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSION_STATE_RADIX_VALUES!r}")
