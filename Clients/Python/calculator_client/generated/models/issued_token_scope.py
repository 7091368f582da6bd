from typing import Literal

IssuedTokenScope = Literal['owner', 'stream', 'viewer']

ISSUED_TOKEN_SCOPE_VALUES: set[IssuedTokenScope] = { 'owner', 'stream', 'viewer',  }

def check_issued_token_scope(value: str) -> IssuedTokenScope:
    if value in ISSUED_TOKEN_SCOPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ISSUED_TOKEN_SCOPE_VALUES!r}")
