from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.session_end_reason import check_session_end_reason
from ..models.session_end_reason import SessionEndReason
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SessionStreamEvent")



@_attrs_define
class SessionStreamEvent:
    """ One event of `GET /sessions/{id}/events` as a Server-Sent Events reader delivers it: a version (no `event`, `id` the
    version, `data` a `SessionEvent`) or the end (`event` a `SessionEndReason`, no `id`, `data` a `SessionEnd`).

        Attributes:
            data (str): One line of JSON.
            event (SessionEndReason | Unset): The `event:` line of a stream's last event: `deleted` (the session was
                deleted), `expired` (it expired) or `revoked` (the token or ticket the stream was opened with was revoked or
                expired; the session goes on).
            id (str | Unset): The version, for a version's event.
     """

    data: str
    event: SessionEndReason | Unset = UNSET
    id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        data = self.data

        event: str | Unset = UNSET
        if not isinstance(self.event, Unset):
            event = self.event


        id = self.id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "data": data,
        })
        if event is not UNSET:
            field_dict["event"] = event
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        data = d.pop("data")

        _event = d.pop("event", UNSET)
        event: SessionEndReason | Unset
        if isinstance(_event,  Unset):
            event = UNSET
        else:
            event = check_session_end_reason(_event)




        id = d.pop("id", UNSET)

        session_stream_event = cls(
            data=data,
            event=event,
            id=id,
        )

        return session_stream_event

