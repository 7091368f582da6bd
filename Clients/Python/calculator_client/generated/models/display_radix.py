from typing import Literal

DisplayRadix = Literal['bin', 'dec', 'hex', 'oct']

DISPLAY_RADIX_VALUES: set[DisplayRadix] = { 'bin', 'dec', 'hex', 'oct',  }

def check_display_radix(value: str) -> DisplayRadix:
    if value in DISPLAY_RADIX_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DISPLAY_RADIX_VALUES!r}")
