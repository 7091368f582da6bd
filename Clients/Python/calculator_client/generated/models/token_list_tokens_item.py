from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.token_list_tokens_item_scope import check_token_list_tokens_item_scope
from ..models.token_list_tokens_item_scope import TokenListTokensItemScope
from typing import cast






T = TypeVar("T", bound="TokenListTokensItem")



@_attrs_define
class TokenListTokensItem:
    """ 
        Attributes:
            id (str):
            scope (TokenListTokensItemScope):
            expires_at (int | None):
     """

    id: str
    scope: TokenListTokensItemScope
    expires_at: int | None





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        scope: str = self.scope

        expires_at: int | None
        expires_at = self.expires_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "scope": scope,
            "expiresAt": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        scope = check_token_list_tokens_item_scope(d.pop("scope"))




        def _parse_expires_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))


        token_list_tokens_item = cls(
            id=id,
            scope=scope,
            expires_at=expires_at,
        )

        return token_list_tokens_item

