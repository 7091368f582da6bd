from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.key_kind import check_key_kind
from ..models.key_kind import KeyKind
from typing import cast

if TYPE_CHECKING:
  from ..models.key_modes import KeyModes





T = TypeVar("T", bound="KeyInfo")



@_attrs_define
class KeyInfo:
    """ A key of the catalog, with what a keypad needs to draw it.

        Attributes:
            name (str): Canonical ASCII name, for curl: one of `KeyName`, `ProgrammerKeyName` or `RPNKeyName` (a string
                here, so that a client keeps reading the catalog when keys are added).
            aliases (list[str]): Other accepted names, e.g. the Unicode labels of a keypad.
            label (str): What a keypad shows.
            spoken (str): What a screen reader says for the key (`memory add` for `m+`), for its meaning in the first of its
                modes: a keypad of programmer mode, where `C` is a hex digit, says the label of its digits.
            kind (KeyKind): The group a keypad shows a key in. Example: unary.
            second (bool): Shown only while 2nd is active.
            inverse (None | str): The key this one acts as while 2nd is active.
            modes (KeyModes): The modes the key works in, each with the kind of key it is there (`C` is clear entry in
                scientific and immediate mode and the hex digit in programmer mode). In a mode not listed the key is refused
                with 422.
     """

    name: str
    aliases: list[str]
    label: str
    spoken: str
    kind: KeyKind
    second: bool
    inverse: None | str
    modes: KeyModes





    def to_dict(self) -> dict[str, Any]:
        from ..models.key_modes import KeyModes # noqa: PLC0415
        name = self.name

        aliases = self.aliases



        label = self.label

        spoken = self.spoken

        kind: str = self.kind

        second = self.second

        inverse: None | str
        inverse = self.inverse

        modes = self.modes.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "aliases": aliases,
            "label": label,
            "spoken": spoken,
            "kind": kind,
            "second": second,
            "inverse": inverse,
            "modes": modes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.key_modes import KeyModes # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        aliases = cast(list[str], d.pop("aliases"))


        label = d.pop("label")

        spoken = d.pop("spoken")

        kind = check_key_kind(d.pop("kind"))




        second = d.pop("second")

        def _parse_inverse(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        inverse = _parse_inverse(d.pop("inverse"))


        modes = KeyModes.from_dict(d.pop("modes"))




        key_info = cls(
            name=name,
            aliases=aliases,
            label=label,
            spoken=spoken,
            kind=kind,
            second=second,
            inverse=inverse,
            modes=modes,
        )

        return key_info

