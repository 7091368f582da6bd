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






T = TypeVar("T", bound="KeyBatch")



@_attrs_define
class KeyBatch:
    """ Keys pressed in order, atomically.

        Attributes:
            keys (list[KeyName | ProgrammerKeyName | RPNKeyName | StatisticsKeyName | str] | str):
            trace (bool | Unset): Add `steps`: each key of the batch and the display after it (not to a replay of an
                Idempotency-Key press, whose kept reply has no steps).
     """

    keys: list[KeyName | ProgrammerKeyName | RPNKeyName | StatisticsKeyName | str] | str
    trace: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        keys: list[str] | str
        if isinstance(self.keys, list):
            keys = []
            for componentsschemas_key_list_item_data in self.keys:
                componentsschemas_key_list_item: str
                if isinstance(componentsschemas_key_list_item_data, str):
                    componentsschemas_key_list_item = componentsschemas_key_list_item_data
                elif isinstance(componentsschemas_key_list_item_data, str):
                    componentsschemas_key_list_item = componentsschemas_key_list_item_data
                elif isinstance(componentsschemas_key_list_item_data, str):
                    componentsschemas_key_list_item = componentsschemas_key_list_item_data
                elif isinstance(componentsschemas_key_list_item_data, str):
                    componentsschemas_key_list_item = componentsschemas_key_list_item_data
                else:
                    componentsschemas_key_list_item = componentsschemas_key_list_item_data
                keys.append(componentsschemas_key_list_item)


        else:
            keys = self.keys

        trace = self.trace


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "keys": keys,
        })
        if trace is not UNSET:
            field_dict["trace"] = trace

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_keys(data: object) -> list[KeyName | ProgrammerKeyName | RPNKeyName | StatisticsKeyName | str] | str:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                keys_type_0 = []
                _keys_type_0 = data
                for componentsschemas_key_list_item_data in (_keys_type_0):
                    def _parse_componentsschemas_key_list_item(data: object) -> KeyName | ProgrammerKeyName | RPNKeyName | StatisticsKeyName | str:
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

                    componentsschemas_key_list_item = _parse_componentsschemas_key_list_item(componentsschemas_key_list_item_data)

                    keys_type_0.append(componentsschemas_key_list_item)

                return keys_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[KeyName | ProgrammerKeyName | RPNKeyName | StatisticsKeyName | str] | str, data)

        keys = _parse_keys(d.pop("keys"))


        trace = d.pop("trace", UNSET)

        key_batch = cls(
            keys=keys,
            trace=trace,
        )

        return key_batch

