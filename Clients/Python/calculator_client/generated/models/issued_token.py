from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.issued_token_scope import check_issued_token_scope
from ..models.issued_token_scope import IssuedTokenScope
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="IssuedToken")



@_attrs_define
class IssuedToken:
    """ A token or stream ticket just minted; its secret is shown this once. A ticket's `id` is the token that minted it.

        Attributes:
            id (str): Names the token in the list and for revoking; no secret.
            scope (IssuedTokenScope):
            expires_at (int | None): Seconds since 1970 when it stops working; null: never (until revoked or the session
                ends).
            token (str | Unset): The secret, for `Authorization: Bearer <token>` (a token's).
            ticket (str | Unset): The secret, for `?ticket=` on the event stream (a stream ticket's).
     """

    id: str
    scope: IssuedTokenScope
    expires_at: int | None
    token: str | Unset = UNSET
    ticket: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        scope: str = self.scope

        expires_at: int | None
        expires_at = self.expires_at

        token = self.token

        ticket = self.ticket


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "scope": scope,
            "expiresAt": expires_at,
        })
        if token is not UNSET:
            field_dict["token"] = token
        if ticket is not UNSET:
            field_dict["ticket"] = ticket

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        scope = check_issued_token_scope(d.pop("scope"))




        def _parse_expires_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))


        token = d.pop("token", UNSET)

        ticket = d.pop("ticket", UNSET)

        issued_token = cls(
            id=id,
            scope=scope,
            expires_at=expires_at,
            token=token,
            ticket=ticket,
        )

        return issued_token

