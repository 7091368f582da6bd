from typing import Literal

SettingsFraction = Literal['improper', 'mixed', 'off']

SETTINGS_FRACTION_VALUES: set[SettingsFraction] = { 'improper', 'mixed', 'off',  }

def check_settings_fraction(value: str) -> SettingsFraction:
    if value in SETTINGS_FRACTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SETTINGS_FRACTION_VALUES!r}")
