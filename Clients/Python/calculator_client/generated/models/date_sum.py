from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.date_sum_operation import check_date_sum_operation
from ..models.date_sum_operation import DateSumOperation
from typing import cast






T = TypeVar("T", bound="DateSum")



@_attrs_define
class DateSum:
    """ A date plus or minus a duration, and the date reached.

        Attributes:
            date (str):
            operation (DateSumOperation):
            years (int):
            months (int):
            weeks (int):
            days (int):
            result (str): The date reached, YYYY-MM-DD.
     """

    date: str
    operation: DateSumOperation
    years: int
    months: int
    weeks: int
    days: int
    result: str





    def to_dict(self) -> dict[str, Any]:
        date = self.date

        operation: str = self.operation

        years = self.years

        months = self.months

        weeks = self.weeks

        days = self.days

        result = self.result


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "date": date,
            "operation": operation,
            "years": years,
            "months": months,
            "weeks": weeks,
            "days": days,
            "result": result,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        date = d.pop("date")

        operation = check_date_sum_operation(d.pop("operation"))




        years = d.pop("years")

        months = d.pop("months")

        weeks = d.pop("weeks")

        days = d.pop("days")

        result = d.pop("result")

        date_sum = cls(
            date=date,
            operation=operation,
            years=years,
            months=months,
            weeks=weeks,
            days=days,
            result=result,
        )

        return date_sum

