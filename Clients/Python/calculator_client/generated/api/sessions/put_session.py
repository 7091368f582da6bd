from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.session_state import SessionState
from ...models.settings import Settings
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: Settings | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match



    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/sessions/{id}".format(id=quote(str(id), safe=""),),
    }

    
    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SessionState | None:
    if response.status_code == 200:
        response_200 = SessionState.from_dict(response.json())



        return response_200

    if response.status_code == 201:
        response_201 = SessionState.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())



        return response_412

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SessionState]:
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
    body: Settings | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Response[Problem | SessionState]:
    """ Create a session with a client-chosen id

     201 when the session is new; 200 with the existing state, unchanged, when it already exists; 412
    instead when `If-None-Match` is `*` or names its current ETag (create only). A session made again
    under the id of one that was deleted or expired starts above that one's last version, so versions
    never repeat under one id: an old ETag or `Last-Event-ID` never names a version of the new session.
    With session tokens, the 201 carries the owner token (`token`); a session that exists is answered
    (200) only to one of its tokens, and 401 without: with `--api-key`, whose key a create sends in
    `Authorization`, read an existing session with GET and its token instead.

    Args:
        id (str):
        if_none_match (str | Unset):
        body (Settings | Unset): A session's settings; every member is optional where settings are
            given.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SessionState]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
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
    body: Settings | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Problem | SessionState | None:
    """ Create a session with a client-chosen id

     201 when the session is new; 200 with the existing state, unchanged, when it already exists; 412
    instead when `If-None-Match` is `*` or names its current ETag (create only). A session made again
    under the id of one that was deleted or expired starts above that one's last version, so versions
    never repeat under one id: an old ETag or `Last-Event-ID` never names a version of the new session.
    With session tokens, the 201 carries the owner token (`token`); a session that exists is answered
    (200) only to one of its tokens, and 401 without: with `--api-key`, whose key a create sends in
    `Authorization`, read an existing session with GET and its token instead.

    Args:
        id (str):
        if_none_match (str | Unset):
        body (Settings | Unset): A session's settings; every member is optional where settings are
            given.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SessionState
     """


    return sync_detailed(
        id=id,
client=client,
body=body,
if_none_match=if_none_match,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: Settings | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Response[Problem | SessionState]:
    """ Create a session with a client-chosen id

     201 when the session is new; 200 with the existing state, unchanged, when it already exists; 412
    instead when `If-None-Match` is `*` or names its current ETag (create only). A session made again
    under the id of one that was deleted or expired starts above that one's last version, so versions
    never repeat under one id: an old ETag or `Last-Event-ID` never names a version of the new session.
    With session tokens, the 201 carries the owner token (`token`); a session that exists is answered
    (200) only to one of its tokens, and 401 without: with `--api-key`, whose key a create sends in
    `Authorization`, read an existing session with GET and its token instead.

    Args:
        id (str):
        if_none_match (str | Unset):
        body (Settings | Unset): A session's settings; every member is optional where settings are
            given.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SessionState]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
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
    body: Settings | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Problem | SessionState | None:
    """ Create a session with a client-chosen id

     201 when the session is new; 200 with the existing state, unchanged, when it already exists; 412
    instead when `If-None-Match` is `*` or names its current ETag (create only). A session made again
    under the id of one that was deleted or expired starts above that one's last version, so versions
    never repeat under one id: an old ETag or `Last-Event-ID` never names a version of the new session.
    With session tokens, the 201 carries the owner token (`token`); a session that exists is answered
    (200) only to one of its tokens, and 401 without: with `--api-key`, whose key a create sends in
    `Authorization`, read an existing session with GET and its token instead.

    Args:
        id (str):
        if_none_match (str | Unset):
        body (Settings | Unset): A session's settings; every member is optional where settings are
            given.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SessionState
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
if_none_match=if_none_match,

    )).parsed
