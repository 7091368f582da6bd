from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="StatisticsExact")



@_attrs_define
class StatisticsExact:
    """ The results that are rational, as `p/q` or `p` in lowest terms (exact data give exact sums, means, variances and
    regression lines; a standard deviation or r is exact only where its square root is).

        Attributes:
            n (str | Unset):
            sumx (str | Unset):
            sumx2 (str | Unset):
            sumy (str | Unset):
            sumy2 (str | Unset):
            sumxy (str | Unset):
            meanx (str | Unset):
            meany (str | Unset):
            varx (str | Unset):
            vary (str | Unset):
            pvarx (str | Unset):
            pvary (str | Unset):
            sx (str | Unset):
            sy (str | Unset):
            psx (str | Unset):
            psy (str | Unset):
            slope (str | Unset):
            intercept (str | Unset):
            r (str | Unset):
     """

    n: str | Unset = UNSET
    sumx: str | Unset = UNSET
    sumx2: str | Unset = UNSET
    sumy: str | Unset = UNSET
    sumy2: str | Unset = UNSET
    sumxy: str | Unset = UNSET
    meanx: str | Unset = UNSET
    meany: str | Unset = UNSET
    varx: str | Unset = UNSET
    vary: str | Unset = UNSET
    pvarx: str | Unset = UNSET
    pvary: str | Unset = UNSET
    sx: str | Unset = UNSET
    sy: str | Unset = UNSET
    psx: str | Unset = UNSET
    psy: str | Unset = UNSET
    slope: str | Unset = UNSET
    intercept: str | Unset = UNSET
    r: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        n = self.n

        sumx = self.sumx

        sumx2 = self.sumx2

        sumy = self.sumy

        sumy2 = self.sumy2

        sumxy = self.sumxy

        meanx = self.meanx

        meany = self.meany

        varx = self.varx

        vary = self.vary

        pvarx = self.pvarx

        pvary = self.pvary

        sx = self.sx

        sy = self.sy

        psx = self.psx

        psy = self.psy

        slope = self.slope

        intercept = self.intercept

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
        n = d.pop("n", UNSET)

        sumx = d.pop("sumx", UNSET)

        sumx2 = d.pop("sumx2", UNSET)

        sumy = d.pop("sumy", UNSET)

        sumy2 = d.pop("sumy2", UNSET)

        sumxy = d.pop("sumxy", UNSET)

        meanx = d.pop("meanx", UNSET)

        meany = d.pop("meany", UNSET)

        varx = d.pop("varx", UNSET)

        vary = d.pop("vary", UNSET)

        pvarx = d.pop("pvarx", UNSET)

        pvary = d.pop("pvary", UNSET)

        sx = d.pop("sx", UNSET)

        sy = d.pop("sy", UNSET)

        psx = d.pop("psx", UNSET)

        psy = d.pop("psy", UNSET)

        slope = d.pop("slope", UNSET)

        intercept = d.pop("intercept", UNSET)

        r = d.pop("r", UNSET)

        statistics_exact = cls(
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

        return statistics_exact

