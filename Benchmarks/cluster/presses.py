#!/usr/bin/env python3
"""Clients pressing their own sessions on several calculator-server instances, each press adding 1 to the session's
memory, with every reply tallied: acknowledged (200), refused as not done (503 store-unavailable), outcome unknown
(503 outcome-unknown, or no reply), or anything else (a false reply). At the end each session's memory is read and
compared with the tally: memory must lie between the acknowledged presses and the acknowledged plus the unknown ones.

    presses.py PORT[,PORT...] --seconds S [--clients N] [--sessions-per-client K] [--events FILE]

While it runs, an operator (scripts/cluster-failover) kills or reshards; --events FILE gets one JSON line per reply
(epoch time, session, status, type) for the timeline. Prints a JSON summary on stdout."""
import argparse, http.client, json, threading, time, sys

PRESS = json.dumps({"keys": ["AC", "1", "m+"]})


def request(conn_box, port, method, path, body=None):
    for attempt in range(2):
        try:
            if conn_box[0] is None:
                conn_box[0] = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            headers = {"Content-Type": "application/json"} if body else {}
            conn_box[0].request(method, path, body=body, headers=headers)
            response = conn_box[0].getresponse()
            data = response.read()
            return response.status, data
        except (OSError, http.client.HTTPException):
            conn_box[0] = None
            if method == "POST" and path.endswith("/press"):
                return None, b""  # no reply: the press may have happened
    return None, b""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("ports")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--sessions-per-client", type=int, default=4)
    parser.add_argument("--events")
    args = parser.parse_args()
    ports = [int(p) for p in args.ports.split(",")]
    events = open(args.events, "w") if args.events else None
    lock = threading.Lock()
    tally = {}
    started = time.time()

    def client(index):
        port = ports[index % len(ports)]
        box = [None]
        sessions = []
        for _ in range(args.sessions_per_client):
            status, data = request(box, port, "POST", "/sessions", "{}")
            if status != 201:
                continue
            sessions.append(json.loads(data)["id"])
        with lock:
            for s in sessions:
                tally[s] = {"acknowledged": 0, "unknown": 0, "refused": 0, "false": 0}
        n = 0
        while time.time() - started < args.seconds and sessions:
            s = sessions[n % len(sessions)]
            n += 1
            status, data = request(box, port, "POST", f"/sessions/{s}/press", PRESS)
            kind = None
            if status == 200:
                outcome = "acknowledged"
            elif status is None:
                outcome = "unknown"
            elif status == 503:
                try:
                    kind = json.loads(data).get("type", "")
                except ValueError:
                    kind = ""
                outcome = "unknown" if kind.endswith("outcome-unknown") else "refused" if kind.endswith("store-unavailable") else "false"
            else:
                outcome = "false"
            with lock:
                tally[s][outcome] += 1
                if events:
                    events.write(json.dumps({"t": round(time.time(), 3), "session": s, "status": status, "outcome": outcome, "type": kind}) + "\n")
            if outcome != "acknowledged":
                time.sleep(0.05)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.time() - started
    # Read every session back, waiting for the store to answer.
    box = [None]
    lost = over = unread = 0
    for s, counts in tally.items():
        memory = None
        for _ in range(100):
            status, data = request(box, ports[0], "GET", f"/sessions/{s}")
            if status == 200:
                memory = int(json.loads(data).get("memory") or "0")
                break
            time.sleep(0.1)
        if memory is None:
            unread += 1
            continue
        counts["memory"] = memory
        if memory < counts["acknowledged"]:
            lost += counts["acknowledged"] - memory
        if memory > counts["acknowledged"] + counts["unknown"]:
            over += memory - counts["acknowledged"] - counts["unknown"]
    totals = {k: sum(c[k] for c in tally.values()) for k in ("acknowledged", "unknown", "refused", "false")}
    print(json.dumps({"sessions": len(tally), "seconds": round(elapsed, 2), **totals,
                      "presses_per_second": round(totals["acknowledged"] / elapsed, 1),
                      "acknowledged_lost": lost, "applied_beyond_acknowledged_and_unknown": over, "unreadable": unread}))


if __name__ == "__main__":
    main()
