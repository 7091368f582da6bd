from typing import Literal

SettingsNotation = Literal['auto', 'engineering', 'fixed', 'scientific']

SETTINGS_NOTATION_VALUES: set[SettingsNotation] = { 'auto', 'engineering', 'fixed', 'scientific',  }

def check_settings_notation(value: str) -> SettingsNotation:
    if value in SETTINGS_NOTATION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SETTINGS_NOTATION_VALUES!r}")
