from typing import Literal

ReadyResponse503Status = Literal['draining', 'unavailable']

READY_RESPONSE_503_STATUS_VALUES: set[ReadyResponse503Status] = { 'draining', 'unavailable',  }

def check_ready_response_503_status(value: str) -> ReadyResponse503Status:
    if value in READY_RESPONSE_503_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {READY_RESPONSE_503_STATUS_VALUES!r}")
