from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.unit_list_categories_item import UnitListCategoriesItem





T = TypeVar("T", bound="UnitList")



@_attrs_define
class UnitList:
    """ The converter's units by category.

        Attributes:
            source (str): The tables the definitions come from.
            categories (list[UnitListCategoriesItem]):
     """

    source: str
    categories: list[UnitListCategoriesItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.unit_list_categories_item import UnitListCategoriesItem # noqa: PLC0415
        source = self.source

        categories = []
        for categories_item_data in self.categories:
            categories_item = categories_item_data.to_dict()
            categories.append(categories_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "source": source,
            "categories": categories,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.unit_list_categories_item import UnitListCategoriesItem # noqa: PLC0415
        d = dict(src_dict)
        source = d.pop("source")

        categories = []
        _categories = d.pop("categories")
        for categories_item_data in (_categories):
            categories_item = UnitListCategoriesItem.from_dict(categories_item_data)



            categories.append(categories_item)


        unit_list = cls(
            source=source,
            categories=categories,
        )

        return unit_list

