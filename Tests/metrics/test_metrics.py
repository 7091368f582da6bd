"""/metrics parses with prometheus_client's text parser, and its counters move when keys are pressed.

Usage: test_metrics.py SERVER_BINARY. Starts the real server on a free port with the memory store."""
import json
import socket
import subprocess
import sys
import urllib.request

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


def samples(base):
    status, body = request(base, "GET", "/metrics")
    assert status == 200
    values = {}
    for family in text_string_to_metric_families(body.decode()):
        for sample in family.samples:
            values[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return values


def value(values, name, **labels):
    return values.get((name, tuple(sorted(labels.items()))), 0.0)


def main():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.argv[1], "--port", str(port), "--store", "memory", "--log-level", "warning"],
                              stdout=subprocess.PIPE, text=True)
    try:
        server.stdout.readline()  # "calculator-server listening on ..."
        base = f"http://127.0.0.1:{port}"
        before = samples(base)
        check("metrics parse and hold the key-press counters",
              any(name == "calculator_key_presses_total" for name, _ in before))
        status, body = request(base, "POST", "/sessions")
        session = json.loads(body)["id"]
        request(base, "POST", f"/sessions/{session}/press", {"keys": ["1", "2", "+", "3", "=", "sin"]})
        request(base, "POST", f"/sessions/{session}/press", {"key": "m+"})
        after = samples(base)

        check("digit presses counted", value(after, "calculator_key_presses_total", kind="digit")
              - value(before, "calculator_key_presses_total", kind="digit") == 3)
        check("binary, equals, unary and memory presses counted", all(
            value(after, "calculator_key_presses_total", kind=kind) - value(before, "calculator_key_presses_total", kind=kind) == 1
            for kind in ["binary", "equals", "unary", "memory"]))
        check("requests counted by route, method and status", value(
            after, "http_requests_total", route="/sessions/{id}/press", method="POST", status="200") == 2)
        check("session creation counted", value(after, "http_requests_total", route="/sessions", method="POST", status="201") == 1)
        check("request durations recorded as a histogram", value(
            after, "http_server_request_duration_seconds_count", route="/sessions/{id}/press") == 2)
        check("live sessions gauge", value(after, "calculator_sessions_live") == 1)
        check("store operations counted", value(after, "calculator_store_operations_total", operation="update") == 2
              and value(after, "calculator_store_operations_total", operation="create") == 1)
        try:
            request(base, "GET", "/sessions/nope")
        except urllib.error.HTTPError as error:
            check("a 404 is counted under its route", error.code == 404 and value(
                samples(base), "http_requests_total", route="/sessions/{id}", method="GET", status="404") == 1)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
