from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SessionConversionType0")



@_attrs_define
class SessionConversionType0:
    """ The units the `convert` key converts the display between (ids or symbols of one category, GET /units); absent from a
    state without them. In PATCH, null forgets them.

        Attributes:
            from_ (str): A unit's id or symbol, e.g. `mi`.
            to (str): A unit of the same category, e.g. `km`.
     """

    from_: str
    to: str





    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_

        to = self.to


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "from": from_,
            "to": to,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_ = d.pop("from")

        to = d.pop("to")

        session_conversion_type_0 = cls(
            from_=from_,
            to=to,
        )

        return session_conversion_type_0

