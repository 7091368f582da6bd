from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="UnitConversionResult")



@_attrs_define
class UnitConversionResult:
    """ A converted value, exact where the definitions are.

        Attributes:
            value (str): The value as given.
            from_ (str): The unit's id.
            to (str): The unit's id.
            display (str): The result rounded to `digits` significant digits, as a display shows it.
            exact (None | str): The exact result as `p/q` or `p` in lowest terms; null where the units differ by a factor of
                π (degrees and gradians to radians), where `display` is correctly rounded.
            is_exact (bool):
     """

    value: str
    from_: str
    to: str
    display: str
    exact: None | str
    is_exact: bool





    def to_dict(self) -> dict[str, Any]:
        value = self.value

        from_ = self.from_

        to = self.to

        display = self.display

        exact: None | str
        exact = self.exact

        is_exact = self.is_exact


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "value": value,
            "from": from_,
            "to": to,
            "display": display,
            "exact": exact,
            "isExact": is_exact,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        value = d.pop("value")

        from_ = d.pop("from")

        to = d.pop("to")

        display = d.pop("display")

        def _parse_exact(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        exact = _parse_exact(d.pop("exact"))


        is_exact = d.pop("isExact")

        unit_conversion_result = cls(
            value=value,
            from_=from_,
            to=to,
            display=display,
            exact=exact,
            is_exact=is_exact,
        )

        return unit_conversion_result

