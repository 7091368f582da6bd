from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.token_request_scope import check_token_request_scope
from ..models.token_request_scope import TokenRequestScope
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TokenRequest")



@_attrs_define
class TokenRequest:
    """ What a new token may do, and for how long.

        Attributes:
            scope (TokenRequestScope | Unset):  Default: 'viewer'.
            expires_in (int | Unset): Seconds until the token stops working; without it the token lasts as long as the
                session. Either way no longer than the token that mints it.
     """

    scope: TokenRequestScope | Unset = 'viewer'
    expires_in: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        scope: str | Unset = UNSET
        if not isinstance(self.scope, Unset):
            scope = self.scope


        expires_in = self.expires_in


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if scope is not UNSET:
            field_dict["scope"] = scope
        if expires_in is not UNSET:
            field_dict["expiresIn"] = expires_in

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _scope = d.pop("scope", UNSET)
        scope: TokenRequestScope | Unset
        if isinstance(_scope,  Unset):
            scope = UNSET
        else:
            scope = check_token_request_scope(_scope)




        expires_in = d.pop("expiresIn", UNSET)

        token_request = cls(
            scope=scope,
            expires_in=expires_in,
        )

        return token_request

