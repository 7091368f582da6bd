from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.date_add_operation import check_date_add_operation
from ...models.date_add_operation import DateAddOperation
from ...models.date_sum import DateSum
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    date: str,
    operation: DateAddOperation | Unset = UNSET,
    years: int | Unset = UNSET,
    months: int | Unset = UNSET,
    weeks: int | Unset = UNSET,
    days: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["date"] = date

    json_operation: str | Unset = UNSET
    if not isinstance(operation, Unset):
        json_operation = operation

    params["operation"] = json_operation

    params["years"] = years

    params["months"] = months

    params["weeks"] = weeks

    params["days"] = days


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/dates/add",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DateSum | Problem | None:
    if response.status_code == 200:
        response_200 = DateSum.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DateSum | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    date: str,
    operation: DateAddOperation | Unset = UNSET,
    years: int | Unset = UNSET,
    months: int | Unset = UNSET,
    weeks: int | Unset = UNSET,
    days: int | Unset = UNSET,

) -> Response[DateSum | Problem]:
    """ A date plus or minus years, months, weeks and days

     As Windows Calculator adds (years, then months, each landing on the month's last day where the month
    is shorter, then weeks and days) and subtracts (weeks and days first, then months, then years:
    2024-03-31 minus 1 month and 1 day is 2024-02-29). A date that does not exist or a result outside
    0001-01-01 … 9999-12-31 is 422 `invalid-date`; an amount outside its range 400.

    Args:
        date (str):
        operation (DateAddOperation | Unset):
        years (int | Unset):
        months (int | Unset):
        weeks (int | Unset):
        days (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DateSum | Problem]
     """


    kwargs = _get_kwargs(
        date=date,
operation=operation,
years=years,
months=months,
weeks=weeks,
days=days,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    date: str,
    operation: DateAddOperation | Unset = UNSET,
    years: int | Unset = UNSET,
    months: int | Unset = UNSET,
    weeks: int | Unset = UNSET,
    days: int | Unset = UNSET,

) -> DateSum | Problem | None:
    """ A date plus or minus years, months, weeks and days

     As Windows Calculator adds (years, then months, each landing on the month's last day where the month
    is shorter, then weeks and days) and subtracts (weeks and days first, then months, then years:
    2024-03-31 minus 1 month and 1 day is 2024-02-29). A date that does not exist or a result outside
    0001-01-01 … 9999-12-31 is 422 `invalid-date`; an amount outside its range 400.

    Args:
        date (str):
        operation (DateAddOperation | Unset):
        years (int | Unset):
        months (int | Unset):
        weeks (int | Unset):
        days (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DateSum | Problem
     """


    return sync_detailed(
        client=client,
date=date,
operation=operation,
years=years,
months=months,
weeks=weeks,
days=days,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    date: str,
    operation: DateAddOperation | Unset = UNSET,
    years: int | Unset = UNSET,
    months: int | Unset = UNSET,
    weeks: int | Unset = UNSET,
    days: int | Unset = UNSET,

) -> Response[DateSum | Problem]:
    """ A date plus or minus years, months, weeks and days

     As Windows Calculator adds (years, then months, each landing on the month's last day where the month
    is shorter, then weeks and days) and subtracts (weeks and days first, then months, then years:
    2024-03-31 minus 1 month and 1 day is 2024-02-29). A date that does not exist or a result outside
    0001-01-01 … 9999-12-31 is 422 `invalid-date`; an amount outside its range 400.

    Args:
        date (str):
        operation (DateAddOperation | Unset):
        years (int | Unset):
        months (int | Unset):
        weeks (int | Unset):
        days (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DateSum | Problem]
     """


    kwargs = _get_kwargs(
        date=date,
operation=operation,
years=years,
months=months,
weeks=weeks,
days=days,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    date: str,
    operation: DateAddOperation | Unset = UNSET,
    years: int | Unset = UNSET,
    months: int | Unset = UNSET,
    weeks: int | Unset = UNSET,
    days: int | Unset = UNSET,

) -> DateSum | Problem | None:
    """ A date plus or minus years, months, weeks and days

     As Windows Calculator adds (years, then months, each landing on the month's last day where the month
    is shorter, then weeks and days) and subtracts (weeks and days first, then months, then years:
    2024-03-31 minus 1 month and 1 day is 2024-02-29). A date that does not exist or a result outside
    0001-01-01 … 9999-12-31 is 422 `invalid-date`; an amount outside its range 400.

    Args:
        date (str):
        operation (DateAddOperation | Unset):
        years (int | Unset):
        months (int | Unset):
        weeks (int | Unset):
        days (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DateSum | Problem
     """


    return (await asyncio_detailed(
        client=client,
date=date,
operation=operation,
years=years,
months=months,
weeks=weeks,
days=days,

    )).parsed
