from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ready_response_503_status import check_ready_response_503_status
from ..models.ready_response_503_status import ReadyResponse503Status
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.store_masters_item import StoreMastersItem





T = TypeVar("T", bound="ReadyResponse503")



@_attrs_define
class ReadyResponse503:
    """ 
        Attributes:
            status (ReadyResponse503Status):
            store (str | Unset):
            masters (list[StoreMastersItem] | Unset): On a Redis Cluster (`--store redis-cluster://…`), each master of the
                slot map as the instance last read it, the hash slots it serves, and whether it answered the readiness check's
                count (null before the first). Absent on other stores.
            unserved_slots (int | Unset):
     """

    status: ReadyResponse503Status
    store: str | Unset = UNSET
    masters: list[StoreMastersItem] | Unset = UNSET
    unserved_slots: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.store_masters_item import StoreMastersItem # noqa: PLC0415
        status: str = self.status

        store = self.store

        masters: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.masters, Unset):
            masters = []
            for componentsschemas_store_masters_item_data in self.masters:
                componentsschemas_store_masters_item = componentsschemas_store_masters_item_data.to_dict()
                masters.append(componentsschemas_store_masters_item)



        unserved_slots = self.unserved_slots


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "status": status,
        })
        if store is not UNSET:
            field_dict["store"] = store
        if masters is not UNSET:
            field_dict["masters"] = masters
        if unserved_slots is not UNSET:
            field_dict["unservedSlots"] = unserved_slots

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.store_masters_item import StoreMastersItem # noqa: PLC0415
        d = dict(src_dict)
        status = check_ready_response_503_status(d.pop("status"))




        store = d.pop("store", UNSET)

        _masters = d.pop("masters", UNSET)
        masters: list[StoreMastersItem] | Unset = UNSET
        if _masters is not UNSET:
            masters = []
            for componentsschemas_store_masters_item_data in _masters:
                componentsschemas_store_masters_item = StoreMastersItem.from_dict(componentsschemas_store_masters_item_data)



                masters.append(componentsschemas_store_masters_item)


        unserved_slots = d.pop("unservedSlots", UNSET)

        ready_response_503 = cls(
            status=status,
            store=store,
            masters=masters,
            unserved_slots=unserved_slots,
        )


        ready_response_503.additional_properties = d
        return ready_response_503

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
