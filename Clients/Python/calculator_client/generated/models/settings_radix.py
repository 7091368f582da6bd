from typing import Literal

SettingsRadix = Literal['bin', 'dec', 'hex', 'oct']

SETTINGS_RADIX_VALUES: set[SettingsRadix] = { 'bin', 'dec', 'hex', 'oct',  }

def check_settings_radix(value: str) -> SettingsRadix:
    if value in SETTINGS_RADIX_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SETTINGS_RADIX_VALUES!r}")
