from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors




def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/metrics",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[str]:
    """ Prometheus metrics (text exposition format 0.0.4)

     Each family with `# HELP` and `# TYPE`. By OpenTelemetry's HTTP conventions:
    `http_server_request_duration_seconds` (histogram by `http_request_method`,
    `http_response_status_code`, `http_route` and `url_scheme`) and `http_server_active_requests`. The
    service's own: `calculator_store_operation_duration_seconds` (by `store` and `operation`),
    `calculator_store_errors_total`, `calculator_sessions_live`, `calculator_key_presses_total` (by
    `kind`), `calculator_rate_limited_total` and `calculator_build_info` (`version`). The process's,
    named as Prometheus client libraries name them: `process_cpu_seconds_total`,
    `process_resident_memory_bytes`, `process_virtual_memory_bytes`, `process_start_time_seconds`,
    `process_open_fds`, `process_max_fds`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[str]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,

) -> str | None:
    """ Prometheus metrics (text exposition format 0.0.4)

     Each family with `# HELP` and `# TYPE`. By OpenTelemetry's HTTP conventions:
    `http_server_request_duration_seconds` (histogram by `http_request_method`,
    `http_response_status_code`, `http_route` and `url_scheme`) and `http_server_active_requests`. The
    service's own: `calculator_store_operation_duration_seconds` (by `store` and `operation`),
    `calculator_store_errors_total`, `calculator_sessions_live`, `calculator_key_presses_total` (by
    `kind`), `calculator_rate_limited_total` and `calculator_build_info` (`version`). The process's,
    named as Prometheus client libraries name them: `process_cpu_seconds_total`,
    `process_resident_memory_bytes`, `process_virtual_memory_bytes`, `process_start_time_seconds`,
    `process_open_fds`, `process_max_fds`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        str
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[str]:
    """ Prometheus metrics (text exposition format 0.0.4)

     Each family with `# HELP` and `# TYPE`. By OpenTelemetry's HTTP conventions:
    `http_server_request_duration_seconds` (histogram by `http_request_method`,
    `http_response_status_code`, `http_route` and `url_scheme`) and `http_server_active_requests`. The
    service's own: `calculator_store_operation_duration_seconds` (by `store` and `operation`),
    `calculator_store_errors_total`, `calculator_sessions_live`, `calculator_key_presses_total` (by
    `kind`), `calculator_rate_limited_total` and `calculator_build_info` (`version`). The process's,
    named as Prometheus client libraries name them: `process_cpu_seconds_total`,
    `process_resident_memory_bytes`, `process_virtual_memory_bytes`, `process_start_time_seconds`,
    `process_open_fds`, `process_max_fds`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[str]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,

) -> str | None:
    """ Prometheus metrics (text exposition format 0.0.4)

     Each family with `# HELP` and `# TYPE`. By OpenTelemetry's HTTP conventions:
    `http_server_request_duration_seconds` (histogram by `http_request_method`,
    `http_response_status_code`, `http_route` and `url_scheme`) and `http_server_active_requests`. The
    service's own: `calculator_store_operation_duration_seconds` (by `store` and `operation`),
    `calculator_store_errors_total`, `calculator_sessions_live`, `calculator_key_presses_total` (by
    `kind`), `calculator_rate_limited_total` and `calculator_build_info` (`version`). The process's,
    named as Prometheus client libraries name them: `process_cpu_seconds_total`,
    `process_resident_memory_bytes`, `process_virtual_memory_bytes`, `process_start_time_seconds`,
    `process_open_fds`, `process_max_fds`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        str
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
