from typing import Literal

SettingsAngle = Literal['deg', 'grad', 'rad']

SETTINGS_ANGLE_VALUES: set[SettingsAngle] = { 'deg', 'grad', 'rad',  }

def check_settings_angle(value: str) -> SettingsAngle:
    if value in SETTINGS_ANGLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SETTINGS_ANGLE_VALUES!r}")
