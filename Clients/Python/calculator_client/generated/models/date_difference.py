from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DateDifference")



@_attrs_define
class DateDifference:
    """ The difference between two dates: years, months, weeks and days, and the days in all.

        Attributes:
            from_ (str):
            to (str):
            years (int):
            months (int):
            weeks (int):
            days (int):
            total_days (int):
     """

    from_: str
    to: str
    years: int
    months: int
    weeks: int
    days: int
    total_days: int





    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_

        to = self.to

        years = self.years

        months = self.months

        weeks = self.weeks

        days = self.days

        total_days = self.total_days


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "from": from_,
            "to": to,
            "years": years,
            "months": months,
            "weeks": weeks,
            "days": days,
            "totalDays": total_days,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_ = d.pop("from")

        to = d.pop("to")

        years = d.pop("years")

        months = d.pop("months")

        weeks = d.pop("weeks")

        days = d.pop("days")

        total_days = d.pop("totalDays")

        date_difference = cls(
            from_=from_,
            to=to,
            years=years,
            months=months,
            weeks=weeks,
            days=days,
            total_days=total_days,
        )

        return date_difference

