from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UnitConversionRequest")



@_attrs_define
class UnitConversionRequest:
    """ A value and the units to convert it between.

        Attributes:
            value (float | str): The value in `from`: a JSON number or a decimal string (`-12.5`, `1e3`); every digit is
                kept.
            from_ (str): A unit's id or symbol (GET /units), spaces included (`fl oz (UK)`); also `l` and `ml` for the litre
                and millilitre, and μ (U+03BC) for the micro sign µ.
            to (str): A unit of the same category.
            digits (int | Unset): Significant digits of `display` (default 16).
     """

    value: float | str
    from_: str
    to: str
    digits: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        value: float | str
        value = self.value

        from_ = self.from_

        to = self.to

        digits = self.digits


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "value": value,
            "from": from_,
            "to": to,
        })
        if digits is not UNSET:
            field_dict["digits"] = digits

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_value(data: object) -> float | str:
            return cast(float | str, data)

        value = _parse_value(d.pop("value"))


        from_ = d.pop("from")

        to = d.pop("to")

        digits = d.pop("digits", UNSET)

        unit_conversion_request = cls(
            value=value,
            from_=from_,
            to=to,
            digits=digits,
        )

        return unit_conversion_request

