from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.unit_list_categories_item_name import check_unit_list_categories_item_name
from ..models.unit_list_categories_item_name import UnitListCategoriesItemName
from typing import cast

if TYPE_CHECKING:
  from ..models.unit_list_categories_item_units_item import UnitListCategoriesItemUnitsItem





T = TypeVar("T", bound="UnitListCategoriesItem")



@_attrs_define
class UnitListCategoriesItem:
    """ 
        Attributes:
            name (UnitListCategoriesItemName):
            base (str): The id of the SI unit the factors are to.
            units (list[UnitListCategoriesItemUnitsItem]):
     """

    name: UnitListCategoriesItemName
    base: str
    units: list[UnitListCategoriesItemUnitsItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.unit_list_categories_item_units_item import UnitListCategoriesItemUnitsItem # noqa: PLC0415
        name: str = self.name

        base = self.base

        units = []
        for units_item_data in self.units:
            units_item = units_item_data.to_dict()
            units.append(units_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "base": base,
            "units": units,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.unit_list_categories_item_units_item import UnitListCategoriesItemUnitsItem # noqa: PLC0415
        d = dict(src_dict)
        name = check_unit_list_categories_item_name(d.pop("name"))




        base = d.pop("base")

        units = []
        _units = d.pop("units")
        for units_item_data in (_units):
            units_item = UnitListCategoriesItemUnitsItem.from_dict(units_item_data)



            units.append(units_item)


        unit_list_categories_item = cls(
            name=name,
            base=base,
            units=units,
        )

        return unit_list_categories_item

