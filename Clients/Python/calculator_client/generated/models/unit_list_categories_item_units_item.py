from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="UnitListCategoriesItemUnitsItem")



@_attrs_define
class UnitListCategoriesItemUnitsItem:
    """ 
        Attributes:
            id (str): What /convert, PATCH and expressions call the unit (the symbol is accepted too).
            name (str):
            symbol (str):
            factor (str): A value of the unit is `x × factor + offset` of the base: an exact rational `p/q` or `p`, with
                `·π` after it for degrees and gradians.
            offset (str): The offset in the base unit, exact (`5463/20` for °C); "0" but for temperatures.
            exact (bool): Whether conversions to and from the base are exact.
            definition (str): The definition, as the unit table writes it (`1760 yd`, `5/9 K + 45967/180`).
     """

    id: str
    name: str
    symbol: str
    factor: str
    offset: str
    exact: bool
    definition: str





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        symbol = self.symbol

        factor = self.factor

        offset = self.offset

        exact = self.exact

        definition = self.definition


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "symbol": symbol,
            "factor": factor,
            "offset": offset,
            "exact": exact,
            "definition": definition,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        symbol = d.pop("symbol")

        factor = d.pop("factor")

        offset = d.pop("offset")

        exact = d.pop("exact")

        definition = d.pop("definition")

        unit_list_categories_item_units_item = cls(
            id=id,
            name=name,
            symbol=symbol,
            factor=factor,
            offset=offset,
            exact=exact,
            definition=definition,
        )

        return unit_list_categories_item_units_item

