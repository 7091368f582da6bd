from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CalculatorErrorType0")



@_attrs_define
class CalculatorErrorType0:
    """ Why the display shows Error, or null when it does not.

        Attributes:
            code (str): Machine-readable: division_by_zero, domain, overflow, or precision (an inexact value whose digits,
                at the session's digits and format, cannot be made certain within the work budget).
            message (str):
     """

    code: str
    message: str





    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "code": code,
            "message": message,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        calculator_error_type_0 = cls(
            code=code,
            message=message,
        )

        return calculator_error_type_0

