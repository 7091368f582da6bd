#!/usr/bin/env python3
"""Tries the README's "Running it" recipes that need no browser against the real calculator-server: the SQLite online
backup with the sqlite3 shell and its restore, the migrations at start, what a build does with a newer file, volume
ownership for the image's uid, and the Dockerfile's HEALTHCHECK command.

Run through scripts/guide-test, which installs sqlite3 and finds the server binary. Each check prints PASS or FAIL;
the last line is "N passed, N failed" and the exit status is 1 on any failure.
"""

import argparse
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "support"))
import fixture  # noqa: E402
from checklist import Run  # noqa: E402

IMAGE_UID = 10001  # the Dockerfile's user


class Server(fixture.CalculatorServer):
    """calculator-server without the environment's CALC_ settings, as the guide runs it; `stop()` sends SIGTERM and
    returns the exit status. One that could not start has no port, and its output says why."""

    def __init__(self, binary, arguments, user=None):
        prefix = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups"] if user is not None else []
        super().__init__(binary, ["--log-level", "warning", "--session-access", "open", *arguments], prefix=prefix,
                         env={k: v for k, v in os.environ.items() if not k.startswith("CALC_")}, required=False)

    def stderr(self):
        return self.log()

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"} if data else {})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")


@contextlib.contextmanager
def running(binary, arguments, user=None):
    server = Server(binary, arguments, user)
    try:
        if server.port is None:
            raise RuntimeError(f"calculator-server did not start: {server.stderr()[-2000:]}")
        yield server
    finally:
        server.stop()


def sqlite(path, sql):
    return subprocess.run(["sqlite3", str(path), sql], check=True, capture_output=True, text=True).stdout.strip()


def run_checks(run, binary, scratch):
    def online_backup_and_restore():
        store = scratch / "live" / "sessions.sqlite"
        backup = scratch / "backup.sqlite"
        with running(binary, ["--store", f"sqlite:{store}"]) as server:
            server.call("PUT", "/sessions/kept")
            server.call("POST", "/sessions/kept/press", {"keys": "2 xʸ 10 = m+"})
            # Presses go on while the copy is made: the copy is one consistent snapshot, and the server keeps serving.
            stop = threading.Event()
            pressed = []

            def keep_pressing():
                while not stop.is_set():
                    pressed.append(server.call("POST", "/sessions/busy/press", {"key": "1"})["version"])

            server.call("PUT", "/sessions/busy")
            presser = threading.Thread(target=keep_pressing)
            presser.start()
            try:
                sqlite(store, f"VACUUM INTO '{backup}'")
            finally:
                stop.set()
                presser.join()
            assert len(pressed) > 0, "no press was answered during the backup"
            assert server.stop() == 0
        assert sqlite(backup, "PRAGMA integrity_check") == "ok"
        restored = scratch / "restored" / "sessions.sqlite"
        restored.parent.mkdir()
        shutil.copy(backup, restored)
        with running(binary, ["--store", f"sqlite:{restored}"]) as server:
            session = server.call("GET", "/sessions/kept")
            assert session["display"] == "1024" and session["memory"] == "1024", session

    def migrations_run_once_at_start():
        store = scratch / "fresh" / "sessions.sqlite"
        with running(binary, ["--store", f"sqlite:{store}"]) as server:
            server.call("PUT", "/sessions/a")
        version = int(sqlite(store, "PRAGMA user_version"))
        assert version >= 1, f"user_version {version} after the first start"
        assert sqlite(store, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'sessions'") == "sessions"
        schema = sqlite(store, "SELECT group_concat(sql, ';') FROM sqlite_master")
        with running(binary, ["--store", f"sqlite:{store}"]) as server:
            assert server.call("GET", "/sessions/a")["id"] == "a"
        assert int(sqlite(store, "PRAGMA user_version")) == version, "a second start changed the schema version"
        assert sqlite(store, "SELECT group_concat(sql, ';') FROM sqlite_master") == schema

    def a_newer_file_is_refused_and_left_alone():
        store = scratch / "newer" / "sessions.sqlite"
        with running(binary, ["--store", f"sqlite:{store}"]) as server:
            server.call("PUT", "/sessions/a")
        sqlite(store, "PRAGMA user_version = 999")
        server = Server(binary, ["--store", f"sqlite:{store}"])
        status = server.stop()
        errors = server.stderr()
        assert status == 1, f"exit status {status}"
        assert "could not open the session store" in errors and "newer than this build" in errors, errors
        assert sqlite(store, "PRAGMA user_version") == "999"
        assert sqlite(store, "SELECT id FROM sessions") == "a"

    def volume_ownership_for_the_image_user():
        if os.geteuid() != 0 or not shutil.which("setpriv"):
            raise RuntimeError("needs root and setpriv (util-linux) to run the server as the image's uid")
        os.chmod(scratch, 0o755)
        # The binary and its resources laid out as in the image, where that user can reach them.
        image = scratch / "app"
        image.mkdir(mode=0o755)
        shutil.copy(binary, image)
        resources = Path(binary).parent / "calculator_CalculatorService.resources"
        shutil.copytree(resources, image / resources.name)
        installed = str(image / Path(binary).name)
        data = scratch / "volume"
        data.mkdir(mode=0o755)  # owned by root, as a host directory made by hand
        server = Server(installed, ["--store", f"sqlite:{data}/sessions.sqlite"], user=IMAGE_UID)
        status = server.stop()
        assert status == 1 and "could not open the session store" in server.stderr(), (status, server.stderr())
        os.chown(data, IMAGE_UID, IMAGE_UID)  # the README's install -d -o 10001 -g 10001
        with running(installed, ["--store", f"sqlite:{data}/sessions.sqlite"], user=IMAGE_UID) as server:
            server.call("PUT", "/sessions/a")
        owners = {path.name: path.stat().st_uid for path in data.iterdir()}
        assert owners and set(owners.values()) == {IMAGE_UID}, owners

    def dockerfile_healthcheck_without_port_or_curl():
        dockerfile = (ROOT / "Dockerfile").read_text()
        runtime = dockerfile.split("FROM debian", 1)[1]
        assert not re.search(r"\bcurl\b", runtime.split("HEALTHCHECK")[0]), "the runtime image installs curl"
        healthcheck = re.search(r"^HEALTHCHECK .*?CMD (\[.*\])$", runtime, re.M)
        assert healthcheck, "no HEALTHCHECK in exec form"
        command = json.loads(healthcheck.group(1))
        assert not any("8080" in part for part in command), command
        environment = dict(re.findall(r"(CALC_[A-Z_]+)=(\S+)", re.search(r"^ENV (.*)$", runtime, re.M).group(1)))
        assert command[0] == "/app/calculator-server", command
        with running(binary, ["--store", "memory"]) as server:
            env = {**{k: v for k, v in os.environ.items() if not k.startswith("CALC_")}, **environment,
                   "CALC_PORT": str(server.port)}  # the image's environment, with this server's port
            alive = subprocess.run([binary] + command[1:], env=env, capture_output=True, text=True, timeout=30)
            assert alive.returncode == 0, alive.stderr
        dead = subprocess.run([binary] + command[1:], env=env, capture_output=True, text=True, timeout=30)
        assert dead.returncode == 1 and "unhealthy" in dead.stderr, (dead.returncode, dead.stderr)

    def dockerfile_layers_and_numeric_user():
        # Read, not built (no Docker engine here): dependencies resolve from Package.swift alone before the sources
        # are copied, only Sources/ is copied, the folders Package.swift names but the image does not build are made
        # empty, and the runtime user is the numeric uid the README's volume recipes use.
        dockerfile = (ROOT / "Dockerfile").read_text()
        build, runtime = dockerfile.split("FROM debian", 1)
        steps = [line.split()[0:2] for line in build.splitlines() if re.match(r"(COPY|RUN) ", line)]
        copies = [line for line in build.splitlines() if line.startswith("COPY ")]
        assert copies == ["COPY Package.swift ./", "COPY Sources ./Sources"], copies
        assert steps.index(["RUN", "swift"]) < steps.index(["COPY", "Sources"]), "resolve after the sources are copied"
        assert "RUN swift package resolve" in build, "no layer resolves the dependencies"
        manifest = (ROOT / "Package.swift").read_text()
        for target in re.findall(r'\.testTarget\(\s*name: "([^"]+)"', manifest):
            assert f"Tests/{target}" in build, f"Tests/{target} is not made for the manifest"
        for path in re.findall(r'path: "(Tests/[^"]+)"', manifest):
            assert path in build, f"{path} is not made for the manifest"
        for path in re.findall(r'path: "(Benchmarks/[^"]+)"', manifest):
            assert f"{path}/main.swift" in build, f"{path} has no placeholder"
        user = re.search(r"^USER (\S+)$", runtime, re.M)
        assert user and user.group(1) == f"{IMAGE_UID}:{IMAGE_UID}", user and user.group(1)

    for name, body in [
        ("the Dockerfile resolves dependencies in their own layer, copies only Sources/ and runs as uid 10001",
         dockerfile_layers_and_numeric_user),
        ("SQLite online backup with sqlite3 VACUUM INTO while presses go on, and its restore", online_backup_and_restore),
        ("migrations run at the first start and change nothing at the next", migrations_run_once_at_start),
        ("a file with a newer schema version is refused (exit 1) and left as it is", a_newer_file_is_refused_and_left_alone),
        ("a data directory not writable by uid 10001 stops the server; owned by it, the server runs",
         volume_ownership_for_the_image_user),
        ("the Dockerfile's HEALTHCHECK (no port, no curl) passes against a live server, fails against none",
         dockerfile_healthcheck_without_port_or_curl),
    ]:
        run.check(name, body)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--server", default=os.environ.get("CALC_SERVER_BIN"), help="calculator-server binary")
    options = parser.parse_args()
    if not options.server:
        parser.error("give --server or set CALC_SERVER_BIN")
    run = Run()
    scratch = Path(tempfile.mkdtemp(prefix="calc-guide-"))
    try:
        run_checks(run, os.path.abspath(options.server), scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{run.passed} passed, {run.failed} failed")
    return 1 if run.failed else 0


if __name__ == "__main__":
    sys.exit(main())
