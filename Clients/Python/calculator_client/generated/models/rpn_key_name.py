from typing import Literal

RPNKeyName = Literal['enter', 'lastx', 'rolldown', 'rollup', 'swap']

RPN_KEY_NAME_VALUES: set[RPNKeyName] = { 'enter', 'lastx', 'rolldown', 'rollup', 'swap',  }

def check_rpn_key_name(value: str) -> RPNKeyName:
    if value in RPN_KEY_NAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RPN_KEY_NAME_VALUES!r}")
