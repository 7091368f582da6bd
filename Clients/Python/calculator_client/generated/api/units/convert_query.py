from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.unit_conversion_result import UnitConversionResult
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    value: str,
    from_: str,
    to: str,
    digits: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["value"] = value

    params["from"] = from_

    params["to"] = to

    params["digits"] = digits


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/convert",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | UnitConversionResult | None:
    if response.status_code == 200:
        response_200 = UnitConversionResult.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | UnitConversionResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    value: str,
    from_: str,
    to: str,
    digits: int | Unset = UNSET,

) -> Response[Problem | UnitConversionResult]:
    """ A value from one unit to another, for curl

     As POST, with the members as query parameters.

    Args:
        value (str):
        from_ (str):
        to (str):
        digits (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UnitConversionResult]
     """


    kwargs = _get_kwargs(
        value=value,
from_=from_,
to=to,
digits=digits,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    value: str,
    from_: str,
    to: str,
    digits: int | Unset = UNSET,

) -> Problem | UnitConversionResult | None:
    """ A value from one unit to another, for curl

     As POST, with the members as query parameters.

    Args:
        value (str):
        from_ (str):
        to (str):
        digits (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UnitConversionResult
     """


    return sync_detailed(
        client=client,
value=value,
from_=from_,
to=to,
digits=digits,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    value: str,
    from_: str,
    to: str,
    digits: int | Unset = UNSET,

) -> Response[Problem | UnitConversionResult]:
    """ A value from one unit to another, for curl

     As POST, with the members as query parameters.

    Args:
        value (str):
        from_ (str):
        to (str):
        digits (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UnitConversionResult]
     """


    kwargs = _get_kwargs(
        value=value,
from_=from_,
to=to,
digits=digits,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    value: str,
    from_: str,
    to: str,
    digits: int | Unset = UNSET,

) -> Problem | UnitConversionResult | None:
    """ A value from one unit to another, for curl

     As POST, with the members as query parameters.

    Args:
        value (str):
        from_ (str):
        to (str):
        digits (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UnitConversionResult
     """


    return (await asyncio_detailed(
        client=client,
value=value,
from_=from_,
to=to,
digits=digits,

    )).parsed
