"""/metrics parses with prometheus_client's text parser, names and labels its metrics by OpenTelemetry's HTTP
conventions, describes every family, and its figures move with requests.

Usage: test_metrics.py SERVER_BINARY. Starts the real server (Tests/support/fixture.py) with the memory store."""
import json
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
import fixture  # noqa: E402 (after the path it is found on)

from prometheus_client.parser import text_string_to_metric_families

passed = failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


def request(base, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data, method=method, headers=headers)) as response:
        return response.status, response.read()


def scrape(base):
    """The families by name, and the samples by (name, sorted labels)."""
    status, body = request(base, "GET", "/metrics")
    assert status == 200
    families, values = {}, {}
    for family in text_string_to_metric_families(body.decode()):
        families[family.name] = family
        for sample in family.samples:
            values[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return families, values


def value(values, name, **labels):
    return values.get((name, tuple(sorted(labels.items()))), 0.0)


def duration_count(values, route, method, status):
    return value(values, "http_server_request_duration_seconds_count",
                 http_route=route, http_request_method=method, http_response_status_code=str(status), url_scheme="http")


def main():
    server = fixture.CalculatorServer(sys.argv[1], fixture.MEMORY_OPEN)
    try:
        base = server.base
        _, before = scrape(base)
        check("metrics parse and hold the key-press counters",
              any(name == "calculator_key_presses_total" for name, _ in before))
        status, body = request(base, "POST", "/sessions")
        session = json.loads(body)["id"]
        request(base, "POST", f"/sessions/{session}/press", {"keys": ["1", "2", "+", "3", "=", "sin"]})
        request(base, "POST", f"/sessions/{session}/press", {"key": "m+"})
        request(base, "GET", f"/sessions/{session}/display")
        families, after = scrape(base)

        check("every family has a HELP line", all(family.documentation for family in families.values()),
              [name for name, family in families.items() if not family.documentation])
        expected_types = {
            "http_server_request_duration_seconds": "histogram", "http_server_active_requests": "gauge",
            "calculator_store_operation_duration_seconds": "histogram", "calculator_store_errors": "counter",
            "calculator_sessions_live": "gauge", "calculator_key_presses": "counter", "calculator_rate_limited": "counter",
            "calculator_build_info": "gauge", "process_cpu_seconds": "counter", "process_resident_memory_bytes": "gauge",
            "process_open_fds": "gauge", "calculator_session_watchers": "gauge",
            "calculator_session_watchers_dropped": "counter", "calculator_session_watchers_refused": "counter",
            "calculator_long_work": "counter",
        }
        check("the families and their types", all(
            name in families and families[name].type == kind for name, kind in expected_types.items()),
            {name: families[name].type if name in families else None for name in expected_types})

        check("digit presses counted", value(after, "calculator_key_presses_total", kind="digit")
              - value(before, "calculator_key_presses_total", kind="digit") == 3)
        check("binary, equals, unary and memory presses counted", all(
            value(after, "calculator_key_presses_total", kind=kind) - value(before, "calculator_key_presses_total", kind=kind) == 1
            for kind in ["binary", "equals", "unary", "memory"]))
        check("requests timed by route, method and status code",
              duration_count(after, "/sessions/{id}/press", "POST", 200) == 2, after)
        check("session creation timed", duration_count(after, "/sessions", "POST", 201) == 1)
        check("display reads timed", duration_count(after, "/sessions/{id}/display", "GET", 200) == 1)
        press_labels = dict(http_route="/sessions/{id}/press", http_request_method="POST", http_response_status_code="200",
                            url_scheme="http")
        check("request durations are a histogram with +Inf equal to the count",
              value(after, "http_server_request_duration_seconds_bucket", le="+Inf", **press_labels) == 2
              and value(after, "http_server_request_duration_seconds_sum", **press_labels) > 0)
        check("the scrape itself is an active GET request",
              value(after, "http_server_active_requests", http_request_method="GET") == 1
              and value(after, "http_server_active_requests", http_request_method="POST") == 0)
        check("live sessions gauge", value(after, "calculator_sessions_live") == 1)
        check("store operations timed by store and operation", value(
            after, "calculator_store_operation_duration_seconds_count", store="memory", operation="update") == 2
              and value(after, "calculator_store_operation_duration_seconds_count", store="memory", operation="create") == 1
              and value(after, "calculator_store_operation_duration_seconds_count", store="memory", operation="get") == 1)
        version = subprocess.run([sys.argv[1], "--version"], capture_output=True, text=True, check=True).stdout.strip()
        check("build info carries the version --version prints",
              version and value(after, "calculator_build_info", version=version) == 1, version)
        check("process metrics", value(after, "process_resident_memory_bytes") > 0
              and value(after, "process_open_fds") > 0 and value(after, "process_start_time_seconds") > 1.6e9
              and ("process_cpu_seconds_total", ()) in after)
        try:
            request(base, "GET", "/sessions/nope")
        except urllib.error.HTTPError as error:
            check("a 404 is timed under its route", error.code == 404 and duration_count(
                scrape(base)[1], "/sessions/{id}", "GET", 404) == 1)
        try:
            request(base, "GET", "/no/such/route")
        except urllib.error.HTTPError as error:
            _, values = scrape(base)
            check("a request no route took has no route label", error.code == 404 and value(
                values, "http_server_request_duration_seconds_count", http_request_method="GET",
                http_response_status_code="404", url_scheme="http") == 1)
    finally:
        server.stop()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
