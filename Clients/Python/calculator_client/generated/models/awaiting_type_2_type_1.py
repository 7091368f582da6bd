from typing import Literal

AwaitingType2Type1 = Literal['rcl', 'sto']

AWAITING_TYPE_2_TYPE_1_VALUES: set[AwaitingType2Type1] = { 'rcl', 'sto',  }

def check_awaiting_type_2_type_1(value: str) -> AwaitingType2Type1:
    if value in AWAITING_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {AWAITING_TYPE_2_TYPE_1_VALUES!r}")
