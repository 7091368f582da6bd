from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="StoreMastersItem")



@_attrs_define
class StoreMastersItem:
    """ 
        Attributes:
            node (str): host:port
            slots (int):
            answered (bool | None):
     """

    node: str
    slots: int
    answered: bool | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        node = self.node

        slots = self.slots

        answered: bool | None
        answered = self.answered


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "node": node,
            "slots": slots,
            "answered": answered,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        node = d.pop("node")

        slots = d.pop("slots")

        def _parse_answered(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        answered = _parse_answered(d.pop("answered"))


        store_masters_item = cls(
            node=node,
            slots=slots,
            answered=answered,
        )


        store_masters_item.additional_properties = d
        return store_masters_item

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
