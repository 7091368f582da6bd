from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DataChangePointsItem")



@_attrs_define
class DataChangePointsItem:
    """ 
        Attributes:
            x (float | str):
            y (float | str | Unset):
     """

    x: float | str
    y: float | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        x: float | str
        x = self.x

        y: float | str | Unset
        if isinstance(self.y, Unset):
            y = UNSET
        else:
            y = self.y


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "x": x,
        })
        if y is not UNSET:
            field_dict["y"] = y

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_x(data: object) -> float | str:
            return cast(float | str, data)

        x = _parse_x(d.pop("x"))


        def _parse_y(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        y = _parse_y(d.pop("y", UNSET))


        data_change_points_item = cls(
            x=x,
            y=y,
        )

        return data_change_points_item

