from typing import Literal

SessionStateFraction = Literal['improper', 'mixed', 'off']

SESSION_STATE_FRACTION_VALUES: set[SessionStateFraction] = { 'improper', 'mixed', 'off',  }

def check_session_state_fraction(value: str) -> SessionStateFraction:
    if value in SESSION_STATE_FRACTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSION_STATE_FRACTION_VALUES!r}")
