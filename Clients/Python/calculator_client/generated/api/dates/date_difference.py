from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.date_difference import DateDifference
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    from_: str,
    to: str,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["from"] = from_

    params["to"] = to


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/dates/difference",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DateDifference | Problem | None:
    if response.status_code == 200:
        response_200 = DateDifference.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DateDifference | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    from_: str,
    to: str,

) -> Response[DateDifference | Problem]:
    """ The years, months, weeks and days between two dates

     As Windows Calculator counts them, on the proleptic Gregorian calendar (0001-01-01 … 9999-12-31):
    the most whole months from the earlier date that do not pass the later one (a month from Jan 31 is
    the last day of February), as years and months, then the weeks and days left; and the days in all.
    The order of the two dates does not matter. A date that does not exist (`2023-02-29`) is 422
    `invalid-date` with `parameter`.

    Args:
        from_ (str):
        to (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DateDifference | Problem]
     """


    kwargs = _get_kwargs(
        from_=from_,
to=to,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    from_: str,
    to: str,

) -> DateDifference | Problem | None:
    """ The years, months, weeks and days between two dates

     As Windows Calculator counts them, on the proleptic Gregorian calendar (0001-01-01 … 9999-12-31):
    the most whole months from the earlier date that do not pass the later one (a month from Jan 31 is
    the last day of February), as years and months, then the weeks and days left; and the days in all.
    The order of the two dates does not matter. A date that does not exist (`2023-02-29`) is 422
    `invalid-date` with `parameter`.

    Args:
        from_ (str):
        to (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DateDifference | Problem
     """


    return sync_detailed(
        client=client,
from_=from_,
to=to,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    from_: str,
    to: str,

) -> Response[DateDifference | Problem]:
    """ The years, months, weeks and days between two dates

     As Windows Calculator counts them, on the proleptic Gregorian calendar (0001-01-01 … 9999-12-31):
    the most whole months from the earlier date that do not pass the later one (a month from Jan 31 is
    the last day of February), as years and months, then the weeks and days left; and the days in all.
    The order of the two dates does not matter. A date that does not exist (`2023-02-29`) is 422
    `invalid-date` with `parameter`.

    Args:
        from_ (str):
        to (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DateDifference | Problem]
     """


    kwargs = _get_kwargs(
        from_=from_,
to=to,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    from_: str,
    to: str,

) -> DateDifference | Problem | None:
    """ The years, months, weeks and days between two dates

     As Windows Calculator counts them, on the proleptic Gregorian calendar (0001-01-01 … 9999-12-31):
    the most whole months from the earlier date that do not pass the later one (a month from Jan 31 is
    the last day of February), as years and months, then the weeks and days left; and the days in all.
    The order of the two dates does not matter. A date that does not exist (`2023-02-29`) is 422
    `invalid-date` with `parameter`.

    Args:
        from_ (str):
        to (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DateDifference | Problem
     """


    return (await asyncio_detailed(
        client=client,
from_=from_,
to=to,

    )).parsed
