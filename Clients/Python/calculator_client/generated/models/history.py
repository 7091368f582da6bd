from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.calculation import Calculation





T = TypeVar("T", bound="History")



@_attrs_define
class History:
    """ A session's completed calculations, or a page of them.

        Attributes:
            id (str):
            history (list[Calculation]):
            count (int): How many calculations the tape holds.
            start (int): The position of the first one shown (0 is the oldest kept): the `before` of the previous page.
     """

    id: str
    history: list[Calculation]
    count: int
    start: int





    def to_dict(self) -> dict[str, Any]:
        from ..models.calculation import Calculation # noqa: PLC0415
        id = self.id

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)



        count = self.count

        start = self.start


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "history": history,
            "count": count,
            "start": start,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.calculation import Calculation # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = Calculation.from_dict(history_item_data)



            history.append(history_item)


        count = d.pop("count")

        start = d.pop("start")

        history = cls(
            id=id,
            history=history,
            count=count,
            start=start,
        )

        return history

