from typing import Literal

DisplayAngle = Literal['deg', 'grad', 'rad']

DISPLAY_ANGLE_VALUES: set[DisplayAngle] = { 'deg', 'grad', 'rad',  }

def check_display_angle(value: str) -> DisplayAngle:
    if value in DISPLAY_ANGLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DISPLAY_ANGLE_VALUES!r}")
