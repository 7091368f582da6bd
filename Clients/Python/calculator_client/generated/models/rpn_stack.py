from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RPNStack")



@_attrs_define
class RPNStack:
    """ RPN mode only: the stack, each level as the display shows a number; `x` is the display (the number being typed, or
    `Error`). An operator takes Y and X; the stack drops and T repeats.

        Attributes:
            x (str):
            y (str):
            z (str):
            t (str):
     """

    x: str
    y: str
    z: str
    t: str





    def to_dict(self) -> dict[str, Any]:
        x = self.x

        y = self.y

        z = self.z

        t = self.t


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "x": x,
            "y": y,
            "z": z,
            "t": t,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        x = d.pop("x")

        y = d.pop("y")

        z = d.pop("z")

        t = d.pop("t")

        rpn_stack = cls(
            x=x,
            y=y,
            z=z,
            t=t,
        )

        return rpn_stack

