from typing import Literal

TokenListTokensItemScope = Literal['owner', 'viewer']

TOKEN_LIST_TOKENS_ITEM_SCOPE_VALUES: set[TokenListTokensItemScope] = { 'owner', 'viewer',  }

def check_token_list_tokens_item_scope(value: str) -> TokenListTokensItemScope:
    if value in TOKEN_LIST_TOKENS_ITEM_SCOPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOKEN_LIST_TOKENS_ITEM_SCOPE_VALUES!r}")
