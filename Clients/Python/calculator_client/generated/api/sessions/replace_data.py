from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.data_change import DataChange
from ...models.data_set import DataSet
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: DataChange,
    if_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match



    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/sessions/{id}/data".format(id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DataSet | Problem | None:
    if response.status_code == 200:
        response_200 = DataSet.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())



        return response_412

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DataSet | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: DataChange,
    if_match: str | Unset = UNSET,

) -> Response[DataSet | Problem]:
    """ Replace the data set

     The data set becomes these points, all values or all (x, y) pairs, at most 40; a waiting x is
    forgotten. Coordinates are decimal numbers (JSON numbers or strings, kept exactly as typed ones
    are). A change of the session like a press: its version moves on, If-Match applies, watchers get it.
    A body that is not such an object, or more than 40 points, is 400; a coordinate that is no decimal
    number within 1e-9999 … 1e+9999, or values mixed with pairs, is 422 `invalid-data`; either changes
    nothing.

    Args:
        id (str):
        if_match (str | Unset):
        body (DataChange): The points a data set becomes: all values or all pairs, at most 40;
            each coordinate a decimal number, as a JSON number or a string (`8.04`, `-1.5e3`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DataSet | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
if_match=if_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: DataChange,
    if_match: str | Unset = UNSET,

) -> DataSet | Problem | None:
    """ Replace the data set

     The data set becomes these points, all values or all (x, y) pairs, at most 40; a waiting x is
    forgotten. Coordinates are decimal numbers (JSON numbers or strings, kept exactly as typed ones
    are). A change of the session like a press: its version moves on, If-Match applies, watchers get it.
    A body that is not such an object, or more than 40 points, is 400; a coordinate that is no decimal
    number within 1e-9999 … 1e+9999, or values mixed with pairs, is 422 `invalid-data`; either changes
    nothing.

    Args:
        id (str):
        if_match (str | Unset):
        body (DataChange): The points a data set becomes: all values or all pairs, at most 40;
            each coordinate a decimal number, as a JSON number or a string (`8.04`, `-1.5e3`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DataSet | Problem
     """


    return sync_detailed(
        id=id,
client=client,
body=body,
if_match=if_match,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: DataChange,
    if_match: str | Unset = UNSET,

) -> Response[DataSet | Problem]:
    """ Replace the data set

     The data set becomes these points, all values or all (x, y) pairs, at most 40; a waiting x is
    forgotten. Coordinates are decimal numbers (JSON numbers or strings, kept exactly as typed ones
    are). A change of the session like a press: its version moves on, If-Match applies, watchers get it.
    A body that is not such an object, or more than 40 points, is 400; a coordinate that is no decimal
    number within 1e-9999 … 1e+9999, or values mixed with pairs, is 422 `invalid-data`; either changes
    nothing.

    Args:
        id (str):
        if_match (str | Unset):
        body (DataChange): The points a data set becomes: all values or all pairs, at most 40;
            each coordinate a decimal number, as a JSON number or a string (`8.04`, `-1.5e3`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DataSet | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
if_match=if_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: DataChange,
    if_match: str | Unset = UNSET,

) -> DataSet | Problem | None:
    """ Replace the data set

     The data set becomes these points, all values or all (x, y) pairs, at most 40; a waiting x is
    forgotten. Coordinates are decimal numbers (JSON numbers or strings, kept exactly as typed ones
    are). A change of the session like a press: its version moves on, If-Match applies, watchers get it.
    A body that is not such an object, or more than 40 points, is 400; a coordinate that is no decimal
    number within 1e-9999 … 1e+9999, or values mixed with pairs, is 422 `invalid-data`; either changes
    nothing.

    Args:
        id (str):
        if_match (str | Unset):
        body (DataChange): The points a data set becomes: all values or all pairs, at most 40;
            each coordinate a decimal number, as a JSON number or a string (`8.04`, `-1.5e3`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DataSet | Problem
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
if_match=if_match,

    )).parsed
