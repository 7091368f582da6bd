from typing import Literal

SettingsMode = Literal['immediate', 'programmer', 'rpn', 'scientific', 'statistics']

SETTINGS_MODE_VALUES: set[SettingsMode] = { 'immediate', 'programmer', 'rpn', 'scientific', 'statistics',  }

def check_settings_mode(value: str) -> SettingsMode:
    if value in SETTINGS_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SETTINGS_MODE_VALUES!r}")
