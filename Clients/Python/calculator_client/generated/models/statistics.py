from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.data_point import DataPoint
  from ..models.statistics_exact import StatisticsExact
  from ..models.statistics_results import StatisticsResults





T = TypeVar("T", bound="Statistics")



@_attrs_define
class Statistics:
    """ Statistics mode's data set and its results; present in statistics mode and while a session keeps data.

        Attributes:
            points (list[DataPoint]):
            pending_x (None | str): The x that `,` keeps until Σ+ or Σ− pairs it with the y shown then.
            results (StatisticsResults): Each result the data define, formatted like the display (null where the data do not
                define it: a sample's variance of one point, a flat regression line); those of y and the regression (`slope`,
                `intercept`, `r`) only for pairs. Their keys are their names.
            exact (StatisticsExact): The results that are rational, as `p/q` or `p` in lowest terms (exact data give exact
                sums, means, variances and regression lines; a standard deviation or r is exact only where its square root is).
     """

    points: list[DataPoint]
    pending_x: None | str
    results: StatisticsResults
    exact: StatisticsExact





    def to_dict(self) -> dict[str, Any]:
        from ..models.data_point import DataPoint # noqa: PLC0415
        from ..models.statistics_exact import StatisticsExact # noqa: PLC0415
        from ..models.statistics_results import StatisticsResults # noqa: PLC0415
        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)



        pending_x: None | str
        pending_x = self.pending_x

        results = self.results.to_dict()

        exact = self.exact.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "points": points,
            "pendingX": pending_x,
            "results": results,
            "exact": exact,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.data_point import DataPoint # noqa: PLC0415
        from ..models.statistics_exact import StatisticsExact # noqa: PLC0415
        from ..models.statistics_results import StatisticsResults # noqa: PLC0415
        d = dict(src_dict)
        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = DataPoint.from_dict(points_item_data)



            points.append(points_item)


        def _parse_pending_x(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        pending_x = _parse_pending_x(d.pop("pendingX"))


        results = StatisticsResults.from_dict(d.pop("results"))




        exact = StatisticsExact.from_dict(d.pop("exact"))




        statistics = cls(
            points=points,
            pending_x=pending_x,
            results=results,
            exact=exact,
        )

        return statistics

