from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.key_name import check_key_name
from ..models.key_name import KeyName
from ..models.programmer_key_name import check_programmer_key_name
from ..models.programmer_key_name import ProgrammerKeyName
from ..models.rpn_key_name import check_rpn_key_name
from ..models.rpn_key_name import RPNKeyName
from ..models.statistics_key_name import check_statistics_key_name
from ..models.statistics_key_name import StatisticsKeyName
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="KeyPress")



@_attrs_define
class KeyPress:
    """ One key.

        Attributes:
            key (KeyName | ProgrammerKeyName | RPNKeyName | StatisticsKeyName | str): A key, by its canonical name or one of
                its aliases. Example: ×.
            trace (bool | Unset): Add `steps`: each key and the display after it (not to a replay of an Idempotency-Key
                press, whose kept reply has no steps).
     """

    key: KeyName | ProgrammerKeyName | RPNKeyName | StatisticsKeyName | str
    trace: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        key: str
        if isinstance(self.key, str):
            key = self.key
        elif isinstance(self.key, str):
            key = self.key
        elif isinstance(self.key, str):
            key = self.key
        elif isinstance(self.key, str):
            key = self.key
        else:
            key = self.key

        trace = self.trace


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "key": key,
        })
        if trace is not UNSET:
            field_dict["trace"] = trace

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_key(data: object) -> KeyName | ProgrammerKeyName | RPNKeyName | StatisticsKeyName | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_key_name_or_alias_type_0 = check_key_name(data)



                return componentsschemas_key_name_or_alias_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_key_name_or_alias_type_1 = check_programmer_key_name(data)



                return componentsschemas_key_name_or_alias_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_key_name_or_alias_type_2 = check_rpn_key_name(data)



                return componentsschemas_key_name_or_alias_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_key_name_or_alias_type_3 = check_statistics_key_name(data)



                return componentsschemas_key_name_or_alias_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(KeyName | ProgrammerKeyName | RPNKeyName | StatisticsKeyName | str, data)

        key = _parse_key(d.pop("key"))


        trace = d.pop("trace", UNSET)

        key_press = cls(
            key=key,
            trace=trace,
        )

        return key_press

