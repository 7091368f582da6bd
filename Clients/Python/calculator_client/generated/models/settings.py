from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settings_angle import check_settings_angle
from ..models.settings_angle import SettingsAngle
from ..models.settings_fraction import check_settings_fraction
from ..models.settings_fraction import SettingsFraction
from ..models.settings_mode import check_settings_mode
from ..models.settings_mode import SettingsMode
from ..models.settings_notation import check_settings_notation
from ..models.settings_notation import SettingsNotation
from ..models.settings_radix import check_settings_radix
from ..models.settings_radix import SettingsRadix
from ..models.settings_word import check_settings_word
from ..models.settings_word import SettingsWord
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.session_conversion_type_0 import SessionConversionType0
  from ..models.settings_variables import SettingsVariables





T = TypeVar("T", bound="Settings")



@_attrs_define
class Settings:
    """ A session's settings; every member is optional where settings are given.

        Attributes:
            mode (SettingsMode | Unset): `scientific` applies operator precedence; `immediate` works left to right like a
                basic calculator; `programmer` works on signed integers of `word` bits shown in `radix`, with bitwise keys (a
                value switched into it is truncated toward zero to the word); `rpn` is HP's reverse Polish notation: a stack of
                X (the display), Y, Z and T, `enter` between two numbers, an operator acting at once on Y and X, no `=` and no
                brackets (a value switched into it becomes X); `statistics` is scientific mode with a data set and its keys (Σ+,
                Σ−, the results).
            angle (SettingsAngle | Unset): Degrees, radians or gradians (400 to the turn).
            digits (int | Unset): Significant digits shown.
            radix (SettingsRadix | Unset): Programmer mode: how values are shown and typed (default dec).
            word (SettingsWord | Unset): Programmer mode: the word size in bits (default 64); values wrap modulo 2^word,
                read as signed.
            variables (SettingsVariables | Unset): Only `{}`, in PATCH: forgets the session's variables (`sto` is the way to
                set one).
            convert (None | SessionConversionType0 | Unset): The units the `convert` key converts the display between (ids
                or symbols of one category, GET /units); absent from a state without them. In PATCH, null forgets them.
            notation (SettingsNotation | Unset): How numbers are shown: `auto` (plain while the exponent is in -4 …
                digits−1, else scientific; the default), `fixed` (`decimals` places, scientific once the integer part has more
                than `digits` digits), `scientific` (`1.2345e+4`) or `engineering` (an exponent that is a multiple of 3,
                `12.345e+3`). Only the texts change, never the value. Every format shows only certain digits: a digit that
                cannot be decided within the work budget makes the display Error with code `precision`.
            decimals (int | Unset): Places after the decimal separator in `fixed` notation (default 2), rounded half to even
                on the exact value: the value's own decimals, however many significant digits they take (an inexact value's
                narrowed until they are certain).
            grouping (bool | Unset): Group the integer digits (1,234,567; in the locale's groups and separator). Default
                false.
            fraction (SettingsFraction | Unset): Show an exact rational whose denominator is at most 10000 as `a/b`
                (`improper`) or `n a/b` (`mixed`); other numbers in the notation. Default off.
            locale (None | str | Unset): A BCP 47 tag whose decimal and group separators, minus sign and group sizes (CLDR)
                the display uses: 1.234,5 (de-DE), 1 234,5 with U+202F (fr-FR), 12,34,567 (en-IN). Known: en-US, en-GB, en-IN,
                en-AU, en-CA, en-IE, en-NZ, en-ZA, en-CH, en-DE, hi-IN, de-DE, de-AT, de-CH, de-LI, de-LU, de-BE, fr-FR, fr-CA,
                fr-CH, fr-BE, fr-LU, it-IT, it-CH, es-ES, es-MX, es-US, pt-BR, pt-PT, pt-AO, nl-NL, nl-BE, sv-SE (minus U+2212),
                pl-PL, ru-RU, ja-JP, zh-CN, ko-KR (a script subtag is allowed: `zh-Hans-CN`), and a language of them alone
                (`de`, its first region's); another region, another language or a malformed tag (`-de`) is 422. null: the plain
                `.` (the default). Key names and JSON numbers stay locale-neutral.
     """

    mode: SettingsMode | Unset = UNSET
    angle: SettingsAngle | Unset = UNSET
    digits: int | Unset = UNSET
    radix: SettingsRadix | Unset = UNSET
    word: SettingsWord | Unset = UNSET
    variables: SettingsVariables | Unset = UNSET
    convert: None | SessionConversionType0 | Unset = UNSET
    notation: SettingsNotation | Unset = UNSET
    decimals: int | Unset = UNSET
    grouping: bool | Unset = UNSET
    fraction: SettingsFraction | Unset = UNSET
    locale: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.session_conversion_type_0 import SessionConversionType0 # noqa: PLC0415
        from ..models.settings_variables import SettingsVariables # noqa: PLC0415
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


        variables: dict[str, Any] | Unset = UNSET
        if not isinstance(self.variables, Unset):
            variables = self.variables.to_dict()

        convert: dict[str, Any] | None | Unset
        if isinstance(self.convert, Unset):
            convert = UNSET
        elif isinstance(self.convert, SessionConversionType0):
            convert = self.convert.to_dict()
        else:
            convert = self.convert

        notation: str | Unset = UNSET
        if not isinstance(self.notation, Unset):
            notation = self.notation


        decimals = self.decimals

        grouping = self.grouping

        fraction: str | Unset = UNSET
        if not isinstance(self.fraction, Unset):
            fraction = self.fraction


        locale: None | str | Unset
        if isinstance(self.locale, Unset):
            locale = UNSET
        else:
            locale = self.locale


        field_dict: dict[str, Any] = {}

        field_dict.update({
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
        if variables is not UNSET:
            field_dict["variables"] = variables
        if convert is not UNSET:
            field_dict["convert"] = convert
        if notation is not UNSET:
            field_dict["notation"] = notation
        if decimals is not UNSET:
            field_dict["decimals"] = decimals
        if grouping is not UNSET:
            field_dict["grouping"] = grouping
        if fraction is not UNSET:
            field_dict["fraction"] = fraction
        if locale is not UNSET:
            field_dict["locale"] = locale

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.session_conversion_type_0 import SessionConversionType0 # noqa: PLC0415
        from ..models.settings_variables import SettingsVariables # noqa: PLC0415
        d = dict(src_dict)
        _mode = d.pop("mode", UNSET)
        mode: SettingsMode | Unset
        if isinstance(_mode,  Unset):
            mode = UNSET
        else:
            mode = check_settings_mode(_mode)




        _angle = d.pop("angle", UNSET)
        angle: SettingsAngle | Unset
        if isinstance(_angle,  Unset):
            angle = UNSET
        else:
            angle = check_settings_angle(_angle)




        digits = d.pop("digits", UNSET)

        _radix = d.pop("radix", UNSET)
        radix: SettingsRadix | Unset
        if isinstance(_radix,  Unset):
            radix = UNSET
        else:
            radix = check_settings_radix(_radix)




        _word = d.pop("word", UNSET)
        word: SettingsWord | Unset
        if isinstance(_word,  Unset):
            word = UNSET
        else:
            word = check_settings_word(_word)




        _variables = d.pop("variables", UNSET)
        variables: SettingsVariables | Unset
        if isinstance(_variables,  Unset):
            variables = UNSET
        else:
            variables = SettingsVariables.from_dict(_variables)




        def _parse_convert(data: object) -> None | SessionConversionType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_conversion_type_0 = SessionConversionType0.from_dict(data)



                return componentsschemas_session_conversion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SessionConversionType0 | Unset, data)

        convert = _parse_convert(d.pop("convert", UNSET))


        _notation = d.pop("notation", UNSET)
        notation: SettingsNotation | Unset
        if isinstance(_notation,  Unset):
            notation = UNSET
        else:
            notation = check_settings_notation(_notation)




        decimals = d.pop("decimals", UNSET)

        grouping = d.pop("grouping", UNSET)

        _fraction = d.pop("fraction", UNSET)
        fraction: SettingsFraction | Unset
        if isinstance(_fraction,  Unset):
            fraction = UNSET
        else:
            fraction = check_settings_fraction(_fraction)




        def _parse_locale(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        locale = _parse_locale(d.pop("locale", UNSET))


        settings = cls(
            mode=mode,
            angle=angle,
            digits=digits,
            radix=radix,
            word=word,
            variables=variables,
            convert=convert,
            notation=notation,
            decimals=decimals,
            grouping=grouping,
            fraction=fraction,
            locale=locale,
        )

        return settings

