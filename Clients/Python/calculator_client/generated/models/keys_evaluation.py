from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.key_name import check_key_name
from ..models.key_name import KeyName
from ..models.keys_evaluation_angle import check_keys_evaluation_angle
from ..models.keys_evaluation_angle import KeysEvaluationAngle
from ..models.keys_evaluation_mode import check_keys_evaluation_mode
from ..models.keys_evaluation_mode import KeysEvaluationMode
from ..models.keys_evaluation_radix import check_keys_evaluation_radix
from ..models.keys_evaluation_radix import KeysEvaluationRadix
from ..models.keys_evaluation_word import check_keys_evaluation_word
from ..models.keys_evaluation_word import KeysEvaluationWord
from ..models.programmer_key_name import check_programmer_key_name
from ..models.programmer_key_name import ProgrammerKeyName
from ..models.rpn_key_name import check_rpn_key_name
from ..models.rpn_key_name import RPNKeyName
from ..models.statistics_key_name import check_statistics_key_name
from ..models.statistics_key_name import StatisticsKeyName
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="KeysEvaluation")



@_attrs_define
class KeysEvaluation:
    """ Keys pressed in order, in any mode.

        Attributes:
            keys (list[KeyName | ProgrammerKeyName | RPNKeyName | StatisticsKeyName | str] | str):
            mode (KeysEvaluationMode | Unset):
            angle (KeysEvaluationAngle | Unset):
            digits (int | Unset):
            radix (KeysEvaluationRadix | Unset):
            word (KeysEvaluationWord | Unset):
            locale (None | str | Unset): The locale whose marks the answer is shown with, as a session's `locale`; null, the
                default: the plain `.`.
     """

    keys: list[KeyName | ProgrammerKeyName | RPNKeyName | StatisticsKeyName | str] | str
    mode: KeysEvaluationMode | Unset = UNSET
    angle: KeysEvaluationAngle | Unset = UNSET
    digits: int | Unset = UNSET
    radix: KeysEvaluationRadix | Unset = UNSET
    word: KeysEvaluationWord | Unset = UNSET
    locale: None | str | Unset = UNSET





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

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode


        angle: str | Unset = UNSET
        if not isinstance(self.angle, Unset):
            angle = self.angle


        digits = self.digits

        radix: str | Unset = UNSET
        if not isinstance(self.radix, Unset):
            radix = self.radix


        word: int | Unset = UNSET
        if not isinstance(self.word, Unset):
            word = self.word


        locale: None | str | Unset
        if isinstance(self.locale, Unset):
            locale = UNSET
        else:
            locale = self.locale


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "keys": keys,
        })
        if mode is not UNSET:
            field_dict["mode"] = mode
        if angle is not UNSET:
            field_dict["angle"] = angle
        if digits is not UNSET:
            field_dict["digits"] = digits
        if radix is not UNSET:
            field_dict["radix"] = radix
        if word is not UNSET:
            field_dict["word"] = word
        if locale is not UNSET:
            field_dict["locale"] = locale

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


        _mode = d.pop("mode", UNSET)
        mode: KeysEvaluationMode | Unset
        if isinstance(_mode,  Unset):
            mode = UNSET
        else:
            mode = check_keys_evaluation_mode(_mode)




        _angle = d.pop("angle", UNSET)
        angle: KeysEvaluationAngle | Unset
        if isinstance(_angle,  Unset):
            angle = UNSET
        else:
            angle = check_keys_evaluation_angle(_angle)




        digits = d.pop("digits", UNSET)

        _radix = d.pop("radix", UNSET)
        radix: KeysEvaluationRadix | Unset
        if isinstance(_radix,  Unset):
            radix = UNSET
        else:
            radix = check_keys_evaluation_radix(_radix)




        _word = d.pop("word", UNSET)
        word: KeysEvaluationWord | Unset
        if isinstance(_word,  Unset):
            word = UNSET
        else:
            word = check_keys_evaluation_word(_word)




        def _parse_locale(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        locale = _parse_locale(d.pop("locale", UNSET))


        keys_evaluation = cls(
            keys=keys,
            mode=mode,
            angle=angle,
            digits=digits,
            radix=radix,
            word=word,
            locale=locale,
        )

        return keys_evaluation

