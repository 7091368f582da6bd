from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.data_set import DataSet
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    if_none_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match



    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/sessions/{id}/data".format(id=quote(str(id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | DataSet | Problem | None:
    if response.status_code == 200:
        response_200 = DataSet.from_dict(response.json())



        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | DataSet | Problem]:
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
    if_none_match: str | Unset = UNSET,

) -> Response[Any | DataSet | Problem]:
    """ Statistics mode's data set and its results

     The points Σ+ entered (or PUT gave), in order, the x a pair waits with for its y (`,`), and every
    result the data define. A session keeps its data set across modes; its keys work in statistics mode.

    Args:
        id (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | DataSet | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
if_none_match=if_none_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,

) -> Any | DataSet | Problem | None:
    """ Statistics mode's data set and its results

     The points Σ+ entered (or PUT gave), in order, the x a pair waits with for its y (`,`), and every
    result the data define. A session keeps its data set across modes; its keys work in statistics mode.

    Args:
        id (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | DataSet | Problem
     """


    return sync_detailed(
        id=id,
client=client,
if_none_match=if_none_match,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,

) -> Response[Any | DataSet | Problem]:
    """ Statistics mode's data set and its results

     The points Σ+ entered (or PUT gave), in order, the x a pair waits with for its y (`,`), and every
    result the data define. A session keeps its data set across modes; its keys work in statistics mode.

    Args:
        id (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | DataSet | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
if_none_match=if_none_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,

) -> Any | DataSet | Problem | None:
    """ Statistics mode's data set and its results

     The points Σ+ entered (or PUT gave), in order, the x a pair waits with for its y (`,`), and every
    result the data define. A session keeps its data set across modes; its keys work in statistics mode.

    Args:
        id (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | DataSet | Problem
     """


    return (await asyncio_detailed(
        id=id,
client=client,
if_none_match=if_none_match,

    )).parsed
