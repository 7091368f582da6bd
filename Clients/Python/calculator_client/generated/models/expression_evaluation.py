from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.expression_evaluation_angle import check_expression_evaluation_angle
from ..models.expression_evaluation_angle import ExpressionEvaluationAngle
from ..models.expression_evaluation_mode import check_expression_evaluation_mode
from ..models.expression_evaluation_mode import ExpressionEvaluationMode
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ExpressionEvaluation")



@_attrs_define
class ExpressionEvaluation:
    """ An expression (see POST /evaluate), read in the scientific or immediate mode.

        Attributes:
            expression (str): Text such as `2 + 3 × 4`.
            mode (ExpressionEvaluationMode | Unset): The fresh calculator's mode; the expression keeps operator precedence
                in both.
            angle (ExpressionEvaluationAngle | Unset):
            digits (int | Unset):
            locale (None | str | Unset): The locale whose marks the expression's numbers are written with and the answer is
                shown with, as a session's `locale` (`1.000,5 + 1` with `de`). null, the default: the plain `.` and `,`.
            ans (str | Unset): The value of `ans` in the expression, GNOME's last answer: a session's `exact` (`1/3`,
                `-7/2`) or a decimal (`2.5`, `-1e5`), within 1e-9999 … 1e+9999.
     """

    expression: str
    mode: ExpressionEvaluationMode | Unset = UNSET
    angle: ExpressionEvaluationAngle | Unset = UNSET
    digits: int | Unset = UNSET
    locale: None | str | Unset = UNSET
    ans: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        expression = self.expression

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode


        angle: str | Unset = UNSET
        if not isinstance(self.angle, Unset):
            angle = self.angle


        digits = self.digits

        locale: None | str | Unset
        if isinstance(self.locale, Unset):
            locale = UNSET
        else:
            locale = self.locale

        ans = self.ans


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "expression": expression,
        })
        if mode is not UNSET:
            field_dict["mode"] = mode
        if angle is not UNSET:
            field_dict["angle"] = angle
        if digits is not UNSET:
            field_dict["digits"] = digits
        if locale is not UNSET:
            field_dict["locale"] = locale
        if ans is not UNSET:
            field_dict["ans"] = ans

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expression = d.pop("expression")

        _mode = d.pop("mode", UNSET)
        mode: ExpressionEvaluationMode | Unset
        if isinstance(_mode,  Unset):
            mode = UNSET
        else:
            mode = check_expression_evaluation_mode(_mode)




        _angle = d.pop("angle", UNSET)
        angle: ExpressionEvaluationAngle | Unset
        if isinstance(_angle,  Unset):
            angle = UNSET
        else:
            angle = check_expression_evaluation_angle(_angle)




        digits = d.pop("digits", UNSET)

        def _parse_locale(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        locale = _parse_locale(d.pop("locale", UNSET))


        ans = d.pop("ans", UNSET)

        expression_evaluation = cls(
            expression=expression,
            mode=mode,
            angle=angle,
            digits=digits,
            locale=locale,
            ans=ans,
        )

        return expression_evaluation

