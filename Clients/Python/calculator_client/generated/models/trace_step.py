from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TraceStep")



@_attrs_define
class TraceStep:
    """ A key of a traced press and the display after it.

        Attributes:
            key (str): The key as it was sent.
            display (str):
     """

    key: str
    display: str





    def to_dict(self) -> dict[str, Any]:
        key = self.key

        display = self.display


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "key": key,
            "display": display,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key = d.pop("key")

        display = d.pop("display")

        trace_step = cls(
            key=key,
            display=display,
        )

        return trace_step

