from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.key_kind import check_key_kind
from ..models.key_kind import KeyKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="KeyModes")



@_attrs_define
class KeyModes:
    """ The modes the key works in, each with the kind of key it is there (`C` is clear entry in scientific and immediate
    mode and the hex digit in programmer mode). In a mode not listed the key is refused with 422.

        Attributes:
            scientific (KeyKind | Unset): The group a keypad shows a key in. Example: unary.
            immediate (KeyKind | Unset): The group a keypad shows a key in. Example: unary.
            programmer (KeyKind | Unset): The group a keypad shows a key in. Example: unary.
            rpn (KeyKind | Unset): The group a keypad shows a key in. Example: unary.
            statistics (KeyKind | Unset): The group a keypad shows a key in. Example: unary.
     """

    scientific: KeyKind | Unset = UNSET
    immediate: KeyKind | Unset = UNSET
    programmer: KeyKind | Unset = UNSET
    rpn: KeyKind | Unset = UNSET
    statistics: KeyKind | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        scientific: str | Unset = UNSET
        if not isinstance(self.scientific, Unset):
            scientific = self.scientific


        immediate: str | Unset = UNSET
        if not isinstance(self.immediate, Unset):
            immediate = self.immediate


        programmer: str | Unset = UNSET
        if not isinstance(self.programmer, Unset):
            programmer = self.programmer


        rpn: str | Unset = UNSET
        if not isinstance(self.rpn, Unset):
            rpn = self.rpn


        statistics: str | Unset = UNSET
        if not isinstance(self.statistics, Unset):
            statistics = self.statistics



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if scientific is not UNSET:
            field_dict["scientific"] = scientific
        if immediate is not UNSET:
            field_dict["immediate"] = immediate
        if programmer is not UNSET:
            field_dict["programmer"] = programmer
        if rpn is not UNSET:
            field_dict["rpn"] = rpn
        if statistics is not UNSET:
            field_dict["statistics"] = statistics

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _scientific = d.pop("scientific", UNSET)
        scientific: KeyKind | Unset
        if isinstance(_scientific,  Unset):
            scientific = UNSET
        else:
            scientific = check_key_kind(_scientific)




        _immediate = d.pop("immediate", UNSET)
        immediate: KeyKind | Unset
        if isinstance(_immediate,  Unset):
            immediate = UNSET
        else:
            immediate = check_key_kind(_immediate)




        _programmer = d.pop("programmer", UNSET)
        programmer: KeyKind | Unset
        if isinstance(_programmer,  Unset):
            programmer = UNSET
        else:
            programmer = check_key_kind(_programmer)




        _rpn = d.pop("rpn", UNSET)
        rpn: KeyKind | Unset
        if isinstance(_rpn,  Unset):
            rpn = UNSET
        else:
            rpn = check_key_kind(_rpn)




        _statistics = d.pop("statistics", UNSET)
        statistics: KeyKind | Unset
        if isinstance(_statistics,  Unset):
            statistics = UNSET
        else:
            statistics = check_key_kind(_statistics)




        key_modes = cls(
            scientific=scientific,
            immediate=immediate,
            programmer=programmer,
            rpn=rpn,
            statistics=statistics,
        )

        return key_modes

