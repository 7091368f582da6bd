from typing import Literal

SettingsWord = Literal[8, 16, 32, 64]

SETTINGS_WORD_VALUES: set[SettingsWord] = { 8, 16, 32, 64,  }

def check_settings_word(value: int) -> SettingsWord:
    if value in SETTINGS_WORD_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SETTINGS_WORD_VALUES!r}")
