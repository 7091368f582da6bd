from typing import Literal

TokenRequestScope = Literal['owner', 'viewer']

TOKEN_REQUEST_SCOPE_VALUES: set[TokenRequestScope] = { 'owner', 'viewer',  }

def check_token_request_scope(value: str) -> TokenRequestScope:
    if value in TOKEN_REQUEST_SCOPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOKEN_REQUEST_SCOPE_VALUES!r}")
