#!/usr/bin/env python3
"""The event-stream measurements of scripts/bench-events, against running calculator-servers.

  events.py latency PRESS_PORT WATCH_PORT SAMPLES   presses on one session through PRESS_PORT, one watcher of it on
                                                    WATCH_PORT; prints RESULT with the time from each press's reply to
                                                    its event at the watcher (0 when the event comes first), and from
                                                    sending the press to its event (p50, p99, max, in microseconds)
  events.py watchers PORT PID COUNT                 COUNT sessions, then one watcher on each; prints RESULT with the
                                                    server's resident memory before and after, and per watcher
  events.py sessions PORT COUNT FILE               COUNT new sessions, their ids written to FILE one a line (for wrk)
  events.py hold PORT COUNT                         COUNT idle watchers, each on a new session of its own (none that
                                                    wrk presses), held until SIGTERM; prints "ready" once all are open

Plain sockets and selectors, so that ten thousand connections need no threads; the clock is perf_counter_ns.
"""
import json
import select
import selectors
import signal
import socket
import sys
import time


def request(port, method, path, body=None):
    """One request on a fresh connection; the JSON body of the answer."""
    connection = socket.create_connection(("127.0.0.1", port))
    try:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        data = b""
        if body is not None:
            data = json.dumps(body).encode()
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        connection.sendall(head.encode() + b"\r\n" + data)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
        status = int(received.split(b" ", 2)[1])
        text = received.split(b"\r\n\r\n", 1)[1]
        if status >= 300:
            sys.exit(f"{method} {path} answered {status}: {text[:200]!r}")
        return json.loads(text) if text else None
    finally:
        connection.close()


def create_sessions(port, count):
    """`count` new sessions' ids, over one keep-alive connection."""
    connection = socket.create_connection(("127.0.0.1", port))
    reader = connection.makefile("rb")
    ids = []
    for _ in range(count):
        connection.sendall(b"POST /sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
        length = 0
        while (line := reader.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        ids.append(json.loads(reader.read(length))["id"])
    connection.close()
    return ids


def open_watcher(port, session, blocking=True):
    watcher = socket.create_connection(("127.0.0.1", port))
    watcher.sendall(f"GET /sessions/{session}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    watcher.setblocking(blocking)
    return watcher


def latency(press_port, watch_port, samples):
    session = request(press_port, "POST", "/sessions")["id"]
    watcher = open_watcher(watch_port, session)
    presser = socket.create_connection(("127.0.0.1", press_port))
    presser.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    # The first event (the state at once) says the stream is open; from another instance, it comes once the session
    # is followed through Redis. One client presses, so each press makes the next version.
    pending = b""
    while b"\n\n" not in pending.partition(b"\ndata: ")[2]:
        pending += watcher.recv(65536)
    version = int(pending.split(b"id: ", 1)[1].split(b"\n", 1)[0])
    pending = b""
    keys = ["1", "2", "+", "3", "=", "AC"]
    # From the reply to the event (0 when the event came first), and from sending the press to the event.
    delays, round_trips = [], []
    for index in range(samples + 50):
        version += 1
        body = json.dumps({"key": keys[index % len(keys)]}).encode()
        presser.sendall(f"POST /sessions/{session}/press HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
        marker = f"id: {version}\n".encode()
        sent = time.perf_counter_ns()
        replied = evented = None
        reply = b""
        while replied is None or evented is None:
            ready, _, _ = select.select([presser, watcher], [], [], 10)
            if not ready:
                sys.exit(f"no reply or no event for version {version}")
            now = time.perf_counter_ns()
            if presser in ready:
                reply += presser.recv(65536)
                head, _, rest = reply.partition(b"\r\n\r\n")
                length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                               if line.lower().startswith(b"content-length:")), None)
                if length is not None and len(rest) >= length:
                    replied = now
                    if json.loads(rest[:length])["version"] != version:
                        sys.exit(f"the press made version {json.loads(rest[:length])['version']}, not {version}")
            if watcher in ready:
                pending += watcher.recv(65536)
                if evented is None and marker in pending:
                    evented = now
                    pending = pending[pending.index(marker):]
        if index >= 50:  # the first ones warm up
            delays.append(max(0, evented - replied) / 1000)
            round_trips.append((evented - sent) / 1000)
    print("RESULT samples={} {} {}".format(len(delays), percentiles("", delays), percentiles("from_press_", round_trips)))


def percentiles(prefix, values):
    values = sorted(values)
    return (f"{prefix}p50_us={values[len(values) // 2]:.0f} {prefix}p99_us={values[int(len(values) * 0.99) - 1]:.0f} "
            f"{prefix}max_us={values[-1]:.0f}")


def rss_bytes(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def open_many(port, sessions):
    """One watcher on each session, opened in batches; returns the sockets once each has its first event."""
    sockets = []
    selector = selectors.DefaultSelector()
    for start in range(0, len(sessions), 500):
        batch = [open_watcher(port, session, blocking=False) for session in sessions[start:start + 500]]
        waiting = {}
        for watcher in batch:
            selector.register(watcher, selectors.EVENT_READ)
            waiting[watcher] = b""
        while waiting:
            events = selector.select(timeout=30)
            if not events:
                sys.exit(f"{len(waiting)} watchers got no first event")
            for key, _ in events:
                watcher = key.fileobj
                data = watcher.recv(65536)
                if not data:
                    sys.exit("a watcher was closed: " + waiting[watcher][:200].decode(errors="replace"))
                waiting[watcher] += data
                if b"\ndata: " in waiting[watcher]:
                    if not waiting[watcher].startswith(b"HTTP/1.1 200"):
                        sys.exit("a watcher was refused: " + waiting[watcher][:200].decode(errors="replace"))
                    selector.unregister(watcher)
                    del waiting[watcher]
        sockets += batch
    return sockets


def watchers(port, pid, count):
    sessions = create_sessions(port, count)
    time.sleep(1)
    before = rss_bytes(pid)
    held = open_many(port, sessions)
    time.sleep(2)
    after = rss_bytes(pid)
    print(f"RESULT watchers={len(held)} rss_before={before} rss_after={after} "
          f"per_watcher={(after - before) / len(held):.0f}")
    for watcher in held:
        watcher.close()


def hold(port, count):
    held = open_many(port, create_sessions(port, count))
    print("ready", flush=True)
    stopped = []
    signal.signal(signal.SIGTERM, lambda *_: stopped.append(True))
    while not stopped:
        time.sleep(0.2)
    for watcher in held:
        watcher.close()


def main():
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "latency":
        latency(int(arguments[0]), int(arguments[1]), int(arguments[2]))
    elif command == "watchers":
        watchers(int(arguments[0]), int(arguments[1]), int(arguments[2]))
    elif command == "sessions":
        with open(arguments[2], "w") as file:
            file.write("\n".join(create_sessions(int(arguments[0]), int(arguments[1]))) + "\n")
    elif command == "hold":
        hold(int(arguments[0]), int(arguments[1]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
