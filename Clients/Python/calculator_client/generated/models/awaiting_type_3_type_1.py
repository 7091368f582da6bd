from typing import Literal

AwaitingType3Type1 = Literal['rcl', 'sto']

AWAITING_TYPE_3_TYPE_1_VALUES: set[AwaitingType3Type1] = { 'rcl', 'sto',  }

def check_awaiting_type_3_type_1(value: str) -> AwaitingType3Type1:
    if value in AWAITING_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {AWAITING_TYPE_3_TYPE_1_VALUES!r}")
