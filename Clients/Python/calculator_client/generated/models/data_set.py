from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.data_set_mode import check_data_set_mode
from ..models.data_set_mode import DataSetMode
from typing import cast

if TYPE_CHECKING:
  from ..models.data_point import DataPoint
  from ..models.statistics_exact import StatisticsExact
  from ..models.statistics_results import StatisticsResults





T = TypeVar("T", bound="DataSet")



@_attrs_define
class DataSet:
    """ A session's data set (GET, PUT and DELETE /sessions/{id}/data): the `Statistics` members with the session's id, mode
    and version.

        Attributes:
            id (str):
            mode (DataSetMode):
            points (list[DataPoint]):
            pending_x (None | str):
            results (StatisticsResults): Each result the data define, formatted like the display (null where the data do not
                define it: a sample's variance of one point, a flat regression line); those of y and the regression (`slope`,
                `intercept`, `r`) only for pairs. Their keys are their names.
            exact (StatisticsExact): The results that are rational, as `p/q` or `p` in lowest terms (exact data give exact
                sums, means, variances and regression lines; a standard deviation or r is exact only where its square root is).
            version (int):
     """

    id: str
    mode: DataSetMode
    points: list[DataPoint]
    pending_x: None | str
    results: StatisticsResults
    exact: StatisticsExact
    version: int





    def to_dict(self) -> dict[str, Any]:
        from ..models.data_point import DataPoint # noqa: PLC0415
        from ..models.statistics_exact import StatisticsExact # noqa: PLC0415
        from ..models.statistics_results import StatisticsResults # noqa: PLC0415
        id = self.id

        mode: str = self.mode

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)



        pending_x: None | str
        pending_x = self.pending_x

        results = self.results.to_dict()

        exact = self.exact.to_dict()

        version = self.version


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "mode": mode,
            "points": points,
            "pendingX": pending_x,
            "results": results,
            "exact": exact,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.data_point import DataPoint # noqa: PLC0415
        from ..models.statistics_exact import StatisticsExact # noqa: PLC0415
        from ..models.statistics_results import StatisticsResults # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        mode = check_data_set_mode(d.pop("mode"))




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




        version = d.pop("version")

        data_set = cls(
            id=id,
            mode=mode,
            points=points,
            pending_x=pending_x,
            results=results,
            exact=exact,
            version=version,
        )

        return data_set

