from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Variables")



@_attrs_define
class Variables:
    """ The named variables that hold a value, formatted like the display (`sto x` stores, `rcl x` recalls; AC keeps them).

        Attributes:
            x (str | Unset):
            y (str | Unset):
            z (str | Unset):
            t (str | Unset):
     """

    x: str | Unset = UNSET
    y: str | Unset = UNSET
    z: str | Unset = UNSET
    t: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        x = self.x

        y = self.y

        z = self.z

        t = self.t


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if x is not UNSET:
            field_dict["x"] = x
        if y is not UNSET:
            field_dict["y"] = y
        if z is not UNSET:
            field_dict["z"] = z
        if t is not UNSET:
            field_dict["t"] = t

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        x = d.pop("x", UNSET)

        y = d.pop("y", UNSET)

        z = d.pop("z", UNSET)

        t = d.pop("t", UNSET)

        variables = cls(
            x=x,
            y=y,
            z=z,
            t=t,
        )

        return variables

