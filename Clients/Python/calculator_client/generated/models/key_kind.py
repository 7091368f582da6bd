from typing import Literal

KeyKind = Literal['binary', 'clear', 'constant', 'digit', 'equals', 'memory', 'mode', 'parenthesis', 'stack', 'statistics', 'unary', 'undo', 'variable']

KEY_KIND_VALUES: set[KeyKind] = { 'binary', 'clear', 'constant', 'digit', 'equals', 'memory', 'mode', 'parenthesis', 'stack', 'statistics', 'unary', 'undo', 'variable',  }

def check_key_kind(value: str) -> KeyKind:
    if value in KEY_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {KEY_KIND_VALUES!r}")
