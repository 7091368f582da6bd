from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Calculation")



@_attrs_define
class Calculation:
    """ One completed calculation.

        Attributes:
            expression (str):
            result (str):
     """

    expression: str
    result: str





    def to_dict(self) -> dict[str, Any]:
        expression = self.expression

        result = self.result


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "expression": expression,
            "result": result,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expression = d.pop("expression")

        result = d.pop("result")

        calculation = cls(
            expression=expression,
            result=result,
        )

        return calculation

