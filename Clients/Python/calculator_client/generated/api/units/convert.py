from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.unit_conversion_request import UnitConversionRequest
from ...models.unit_conversion_result import UnitConversionResult
from typing import cast



def _get_kwargs(
    *,
    body: UnitConversionRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/convert",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | UnitConversionResult | None:
    if response.status_code == 200:
        response_200 = UnitConversionResult.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

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
    body: UnitConversionRequest,

) -> Response[Problem | UnitConversionResult]:
    """ A value from one unit to another

     Exact where the definitions are (1 mi is 1.609344 km; 100 °F is 340/9 °C), affine for temperatures;
    between degrees or gradians and radians correctly rounded. An unknown unit, units of two categories,
    a value that is no decimal number or a result outside 1e-9999 … 1e+9999 is 422 `invalid-conversion`;
    a missing member or a wrong type 400. In an expression, `12 in to cm` (POST /evaluate); in a
    session, the `convert` key with the units PATCH sets.

    Args:
        body (UnitConversionRequest): A value and the units to convert it between.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UnitConversionResult]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: UnitConversionRequest,

) -> Problem | UnitConversionResult | None:
    """ A value from one unit to another

     Exact where the definitions are (1 mi is 1.609344 km; 100 °F is 340/9 °C), affine for temperatures;
    between degrees or gradians and radians correctly rounded. An unknown unit, units of two categories,
    a value that is no decimal number or a result outside 1e-9999 … 1e+9999 is 422 `invalid-conversion`;
    a missing member or a wrong type 400. In an expression, `12 in to cm` (POST /evaluate); in a
    session, the `convert` key with the units PATCH sets.

    Args:
        body (UnitConversionRequest): A value and the units to convert it between.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UnitConversionResult
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: UnitConversionRequest,

) -> Response[Problem | UnitConversionResult]:
    """ A value from one unit to another

     Exact where the definitions are (1 mi is 1.609344 km; 100 °F is 340/9 °C), affine for temperatures;
    between degrees or gradians and radians correctly rounded. An unknown unit, units of two categories,
    a value that is no decimal number or a result outside 1e-9999 … 1e+9999 is 422 `invalid-conversion`;
    a missing member or a wrong type 400. In an expression, `12 in to cm` (POST /evaluate); in a
    session, the `convert` key with the units PATCH sets.

    Args:
        body (UnitConversionRequest): A value and the units to convert it between.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UnitConversionResult]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: UnitConversionRequest,

) -> Problem | UnitConversionResult | None:
    """ A value from one unit to another

     Exact where the definitions are (1 mi is 1.609344 km; 100 °F is 340/9 °C), affine for temperatures;
    between degrees or gradians and radians correctly rounded. An unknown unit, units of two categories,
    a value that is no decimal number or a result outside 1e-9999 … 1e+9999 is 422 `invalid-conversion`;
    a missing member or a wrong type 400. In an expression, `12 in to cm` (POST /evaluate); in a
    session, the `convert` key with the units PATCH sets.

    Args:
        body (UnitConversionRequest): A value and the units to convert it between.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UnitConversionResult
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
