from typing import Literal

SessionStateAngle = Literal['deg', 'grad', 'rad']

SESSION_STATE_ANGLE_VALUES: set[SessionStateAngle] = { 'deg', 'grad', 'rad',  }

def check_session_state_angle(value: str) -> SessionStateAngle:
    if value in SESSION_STATE_ANGLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSION_STATE_ANGLE_VALUES!r}")
