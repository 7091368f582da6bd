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
     """

    expression: str
    mode: ExpressionEvaluationMode | Unset = UNSET
    angle: ExpressionEvaluationAngle | Unset = UNSET
    digits: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        expression = self.expression

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode


        angle: str | Unset = UNSET
        if not isinstance(self.angle, Unset):
            angle = self.angle


        digits = self.digits


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

        expression_evaluation = cls(
            expression=expression,
            mode=mode,
            angle=angle,
            digits=digits,
        )

        return expression_evaluation

