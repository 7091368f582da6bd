from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RadixesType0")



@_attrs_define
class RadixesType0:
    """ Programmer mode only: the value in every radix, as Windows shows them side by side; null while Error shows.

        Attributes:
            hex_ (str):
            dec (str):
            oct_ (str):
            bin_ (str):
     """

    hex_: str
    dec: str
    oct_: str
    bin_: str





    def to_dict(self) -> dict[str, Any]:
        hex_ = self.hex_

        dec = self.dec

        oct_ = self.oct_

        bin_ = self.bin_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "hex": hex_,
            "dec": dec,
            "oct": oct_,
            "bin": bin_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hex_ = d.pop("hex")

        dec = d.pop("dec")

        oct_ = d.pop("oct")

        bin_ = d.pop("bin")

        radixes_type_0 = cls(
            hex_=hex_,
            dec=dec,
            oct_=oct_,
            bin_=bin_,
        )

        return radixes_type_0

