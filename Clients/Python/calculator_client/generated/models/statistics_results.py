from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="StatisticsResults")



@_attrs_define
class StatisticsResults:
    """ Each result the data define, formatted like the display (null where the data do not define it: a sample's variance
    of one point, a flat regression line); those of y and the regression (`slope`, `intercept`, `r`) only for pairs.
    Their keys are their names.

        Attributes:
            n (None | str | Unset):
            sumx (None | str | Unset):
            sumx2 (None | str | Unset):
            sumy (None | str | Unset):
            sumy2 (None | str | Unset):
            sumxy (None | str | Unset):
            meanx (None | str | Unset):
            meany (None | str | Unset):
            varx (None | str | Unset):
            vary (None | str | Unset):
            pvarx (None | str | Unset):
            pvary (None | str | Unset):
            sx (None | str | Unset):
            sy (None | str | Unset):
            psx (None | str | Unset):
            psy (None | str | Unset):
            slope (None | str | Unset):
            intercept (None | str | Unset):
            r (None | str | Unset):
     """

    n: None | str | Unset = UNSET
    sumx: None | str | Unset = UNSET
    sumx2: None | str | Unset = UNSET
    sumy: None | str | Unset = UNSET
    sumy2: None | str | Unset = UNSET
    sumxy: None | str | Unset = UNSET
    meanx: None | str | Unset = UNSET
    meany: None | str | Unset = UNSET
    varx: None | str | Unset = UNSET
    vary: None | str | Unset = UNSET
    pvarx: None | str | Unset = UNSET
    pvary: None | str | Unset = UNSET
    sx: None | str | Unset = UNSET
    sy: None | str | Unset = UNSET
    psx: None | str | Unset = UNSET
    psy: None | str | Unset = UNSET
    slope: None | str | Unset = UNSET
    intercept: None | str | Unset = UNSET
    r: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        n: None | str | Unset
        if isinstance(self.n, Unset):
            n = UNSET
        else:
            n = self.n

        sumx: None | str | Unset
        if isinstance(self.sumx, Unset):
            sumx = UNSET
        else:
            sumx = self.sumx

        sumx2: None | str | Unset
        if isinstance(self.sumx2, Unset):
            sumx2 = UNSET
        else:
            sumx2 = self.sumx2

        sumy: None | str | Unset
        if isinstance(self.sumy, Unset):
            sumy = UNSET
        else:
            sumy = self.sumy

        sumy2: None | str | Unset
        if isinstance(self.sumy2, Unset):
            sumy2 = UNSET
        else:
            sumy2 = self.sumy2

        sumxy: None | str | Unset
        if isinstance(self.sumxy, Unset):
            sumxy = UNSET
        else:
            sumxy = self.sumxy

        meanx: None | str | Unset
        if isinstance(self.meanx, Unset):
            meanx = UNSET
        else:
            meanx = self.meanx

        meany: None | str | Unset
        if isinstance(self.meany, Unset):
            meany = UNSET
        else:
            meany = self.meany

        varx: None | str | Unset
        if isinstance(self.varx, Unset):
            varx = UNSET
        else:
            varx = self.varx

        vary: None | str | Unset
        if isinstance(self.vary, Unset):
            vary = UNSET
        else:
            vary = self.vary

        pvarx: None | str | Unset
        if isinstance(self.pvarx, Unset):
            pvarx = UNSET
        else:
            pvarx = self.pvarx

        pvary: None | str | Unset
        if isinstance(self.pvary, Unset):
            pvary = UNSET
        else:
            pvary = self.pvary

        sx: None | str | Unset
        if isinstance(self.sx, Unset):
            sx = UNSET
        else:
            sx = self.sx

        sy: None | str | Unset
        if isinstance(self.sy, Unset):
            sy = UNSET
        else:
            sy = self.sy

        psx: None | str | Unset
        if isinstance(self.psx, Unset):
            psx = UNSET
        else:
            psx = self.psx

        psy: None | str | Unset
        if isinstance(self.psy, Unset):
            psy = UNSET
        else:
            psy = self.psy

        slope: None | str | Unset
        if isinstance(self.slope, Unset):
            slope = UNSET
        else:
            slope = self.slope

        intercept: None | str | Unset
        if isinstance(self.intercept, Unset):
            intercept = UNSET
        else:
            intercept = self.intercept

        r: None | str | Unset
        if isinstance(self.r, Unset):
            r = UNSET
        else:
            r = self.r


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if n is not UNSET:
            field_dict["n"] = n
        if sumx is not UNSET:
            field_dict["sumx"] = sumx
        if sumx2 is not UNSET:
            field_dict["sumx2"] = sumx2
        if sumy is not UNSET:
            field_dict["sumy"] = sumy
        if sumy2 is not UNSET:
            field_dict["sumy2"] = sumy2
        if sumxy is not UNSET:
            field_dict["sumxy"] = sumxy
        if meanx is not UNSET:
            field_dict["meanx"] = meanx
        if meany is not UNSET:
            field_dict["meany"] = meany
        if varx is not UNSET:
            field_dict["varx"] = varx
        if vary is not UNSET:
            field_dict["vary"] = vary
        if pvarx is not UNSET:
            field_dict["pvarx"] = pvarx
        if pvary is not UNSET:
            field_dict["pvary"] = pvary
        if sx is not UNSET:
            field_dict["sx"] = sx
        if sy is not UNSET:
            field_dict["sy"] = sy
        if psx is not UNSET:
            field_dict["psx"] = psx
        if psy is not UNSET:
            field_dict["psy"] = psy
        if slope is not UNSET:
            field_dict["slope"] = slope
        if intercept is not UNSET:
            field_dict["intercept"] = intercept
        if r is not UNSET:
            field_dict["r"] = r

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_n(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        n = _parse_n(d.pop("n", UNSET))


        def _parse_sumx(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sumx = _parse_sumx(d.pop("sumx", UNSET))


        def _parse_sumx2(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sumx2 = _parse_sumx2(d.pop("sumx2", UNSET))


        def _parse_sumy(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sumy = _parse_sumy(d.pop("sumy", UNSET))


        def _parse_sumy2(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sumy2 = _parse_sumy2(d.pop("sumy2", UNSET))


        def _parse_sumxy(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sumxy = _parse_sumxy(d.pop("sumxy", UNSET))


        def _parse_meanx(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        meanx = _parse_meanx(d.pop("meanx", UNSET))


        def _parse_meany(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        meany = _parse_meany(d.pop("meany", UNSET))


        def _parse_varx(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        varx = _parse_varx(d.pop("varx", UNSET))


        def _parse_vary(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vary = _parse_vary(d.pop("vary", UNSET))


        def _parse_pvarx(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pvarx = _parse_pvarx(d.pop("pvarx", UNSET))


        def _parse_pvary(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pvary = _parse_pvary(d.pop("pvary", UNSET))


        def _parse_sx(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sx = _parse_sx(d.pop("sx", UNSET))


        def _parse_sy(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sy = _parse_sy(d.pop("sy", UNSET))


        def _parse_psx(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        psx = _parse_psx(d.pop("psx", UNSET))


        def _parse_psy(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        psy = _parse_psy(d.pop("psy", UNSET))


        def _parse_slope(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        slope = _parse_slope(d.pop("slope", UNSET))


        def _parse_intercept(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        intercept = _parse_intercept(d.pop("intercept", UNSET))


        def _parse_r(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        r = _parse_r(d.pop("r", UNSET))


        statistics_results = cls(
            n=n,
            sumx=sumx,
            sumx2=sumx2,
            sumy=sumy,
            sumy2=sumy2,
            sumxy=sumxy,
            meanx=meanx,
            meany=meany,
            varx=varx,
            vary=vary,
            pvarx=pvarx,
            pvary=pvary,
            sx=sx,
            sy=sy,
            psx=psx,
            psy=psy,
            slope=slope,
            intercept=intercept,
            r=r,
        )

        return statistics_results

