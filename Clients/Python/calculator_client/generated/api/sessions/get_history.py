from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.history import History
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    limit: int | Unset = UNSET,
    before: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match



    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["before"] = before


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/sessions/{id}/history".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | History | Problem | None:
    if response.status_code == 200:
        response_200 = History.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | History | Problem]:
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
    limit: int | Unset = UNSET,
    before: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Response[Any | History | Problem]:
    """ Completed calculations, newest last (the last 100), a page at a time

     Positions count from the oldest calculation the session keeps (0) to the newest (`count` − 1).
    Without
    parameters the whole tape; `limit` shows at most that many, ending before `before` (the end by
    default): to
    page back from the newest, ask with `limit`, then with `before` set to the `start` of the page you
    have; a
    `before` past the end is the end. Once the tape holds 100 calculations, each new one moves every
    position
    down by one.

    Args:
        id (str):
        limit (int | Unset):
        before (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | History | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
limit=limit,
before=before,
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
    limit: int | Unset = UNSET,
    before: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Any | History | Problem | None:
    """ Completed calculations, newest last (the last 100), a page at a time

     Positions count from the oldest calculation the session keeps (0) to the newest (`count` − 1).
    Without
    parameters the whole tape; `limit` shows at most that many, ending before `before` (the end by
    default): to
    page back from the newest, ask with `limit`, then with `before` set to the `start` of the page you
    have; a
    `before` past the end is the end. Once the tape holds 100 calculations, each new one moves every
    position
    down by one.

    Args:
        id (str):
        limit (int | Unset):
        before (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | History | Problem
     """


    return sync_detailed(
        id=id,
client=client,
limit=limit,
before=before,
if_none_match=if_none_match,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    before: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Response[Any | History | Problem]:
    """ Completed calculations, newest last (the last 100), a page at a time

     Positions count from the oldest calculation the session keeps (0) to the newest (`count` − 1).
    Without
    parameters the whole tape; `limit` shows at most that many, ending before `before` (the end by
    default): to
    page back from the newest, ask with `limit`, then with `before` set to the `start` of the page you
    have; a
    `before` past the end is the end. Once the tape holds 100 calculations, each new one moves every
    position
    down by one.

    Args:
        id (str):
        limit (int | Unset):
        before (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | History | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
limit=limit,
before=before,
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
    limit: int | Unset = UNSET,
    before: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Any | History | Problem | None:
    """ Completed calculations, newest last (the last 100), a page at a time

     Positions count from the oldest calculation the session keeps (0) to the newest (`count` − 1).
    Without
    parameters the whole tape; `limit` shows at most that many, ending before `before` (the end by
    default): to
    page back from the newest, ask with `limit`, then with `before` set to the `start` of the page you
    have; a
    `before` past the end is the end. Once the tape holds 100 calculations, each new one moves every
    position
    down by one.

    Args:
        id (str):
        limit (int | Unset):
        before (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | History | Problem
     """


    return (await asyncio_detailed(
        id=id,
client=client,
limit=limit,
before=before,
if_none_match=if_none_match,

    )).parsed
