from typing import Literal

AwaitingType1 = Literal['rcl', 'sto']

AWAITING_TYPE_1_VALUES: set[AwaitingType1] = { 'rcl', 'sto',  }

def check_awaiting_type_1(value: str) -> AwaitingType1:
    if value in AWAITING_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {AWAITING_TYPE_1_VALUES!r}")
