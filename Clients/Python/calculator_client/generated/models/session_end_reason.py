from typing import Literal

SessionEndReason = Literal['deleted', 'expired', 'revoked']

SESSION_END_REASON_VALUES: set[SessionEndReason] = { 'deleted', 'expired', 'revoked',  }

def check_session_end_reason(value: str) -> SessionEndReason:
    if value in SESSION_END_REASON_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSION_END_REASON_VALUES!r}")
