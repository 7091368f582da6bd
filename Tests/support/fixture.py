"""What the Python checks and the scripts run against, started, waited for and stopped in one place: a
calculator-server, a private redis-server, a loopback Redis Cluster of 3 masters and 3 replicas.

Each runs in a folder of its own that holds its `pid` and its `log` (everything it printed), so a script that started
it in one command can stop it, or print its log, in another. No port is guessed before it is bound:
- calculator-server binds port 0 and the port is read back from the line it announces;
- redis-server and nginx cannot bind port 0 and say so, so each is given a port below Linux's ephemeral range (32768
  and up, which the tests' own connections take) and is started again on another when its port is taken; the
  cluster's nodes and their bus ports (+10000) likewise.

From Python: `with fixture.calculator_server(binary, ["--store", "memory"]) as server: server.base ...`.
From bash (scripts/common.sh's `fixture`), each command prints what the caller needs:

    fixture.py server FOLDER [PREFIX... --] BINARY [ARGUMENT...]
                                                      the port (--host 127.0.0.1 --port 0 are added unless a port
                                                      is given, as to the bare C server the benchmarks use);
                                                      PREFIX runs it under another program (taskset, valgrind)
    fixture.py redis FOLDER [PREFIX...]               the port
    fixture.py cluster FOLDER [FIRST_PORT [NODE_TIMEOUT_MS]]
                                                      the store URL (redis-cluster://...); FIRST_PORT auto (default:
                                                      the first 6 free of a few tried) or the first of 6 in a row
    fixture.py node FOLDER PORT [NODE_TIMEOUT_MS]     one cluster node, in no cluster yet (for clusters laid out by
                                                      hand, as scripts/bench-cluster's of 1 and 2 masters)
    fixture.py restart FOLDER                         a stopped (killed) cluster node, again with its files
    fixture.py stop FOLDER                            stops whatever was started in FOLDER or below and waits for it
"""

import contextlib
import http.client
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The memory store and open access, for the checks about numbers and dates rather than tokens.
MEMORY_OPEN = ["--store", "memory", "--log-level", "warning", "--session-access", "open"]
ANNOUNCED_PORT = re.compile(r'listening on http://\S+:(\d+)|"server\.port":"?(\d+)')
# Ports for the servers that cannot bind port 0 (Redis, nginx): below the ephemeral range, and with the cluster bus
# (+10000) still below it.
CHOSEN_PORTS = range(20000, 22700)


class Started:
    """One process started in `folder` (its `pid` and `log` files there), with the port it serves on."""

    def __init__(self, folder, arguments, env=None, prefix=()):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.log_path = self.folder / "log"
        self.port = None
        # A process started again in its folder appends to its log; what it writes this time starts here.
        self.log_start = self.log_path.stat().st_size if self.log_path.exists() else 0
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen([*prefix, *arguments], stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, env=env)
        (self.folder / "pid").write_text(f"{self.process.pid}\n")

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"

    def log(self):
        """What it has written since it started."""
        if not self.log_path.exists():
            return ""
        with open(self.log_path, "rb") as log:
            log.seek(self.log_start)
            return log.read().decode(errors="replace")

    def wait_for(self, pattern, seconds):
        """The first match of `pattern` in the log, once it is there; None when the process ended or time ran out."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            match = pattern.search(self.log())
            if match:
                return match
            if self.process.poll() is not None:
                return pattern.search(self.log())
            time.sleep(0.02)
        return None

    def stop(self, seconds=30):
        """SIGTERM, then SIGKILL after `seconds`; the exit status."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(seconds)
            except subprocess.TimeoutExpired:
                self.process.kill()
        status = self.process.wait()
        with contextlib.suppress(FileNotFoundError):
            (self.folder / "pid").unlink()
        return status


class CalculatorServer(Started):
    """calculator-server on 127.0.0.1 and port 0 (unless `arguments` name a port), its port read from the line it
    announces. `env` replaces the environment (None: this one's); `prefix` runs it under another program (setpriv,
    valgrind, taskset). Without a folder it gets a temporary one, removed with the object. One that ends before it
    announces a port is an error, unless `required` is false: then its port is None and its log says why."""

    def __init__(self, binary, arguments=(), folder=None, env=None, prefix=(), seconds=60, required=True):
        arguments = list(arguments)
        if "--port" not in arguments:
            arguments = ["--host", "127.0.0.1", "--port", "0", *arguments]
        self.temporary = None
        if folder is None:
            self.temporary = tempfile.TemporaryDirectory(prefix="calculator-server-")
            folder = self.temporary.name
        super().__init__(folder, [binary, *arguments], env, prefix)
        match = self.wait_for(ANNOUNCED_PORT, seconds)
        if match is None:
            self.stop()
            if required:
                raise RuntimeError(f"calculator-server did not start:\n{self.log()[-4000:]}")
            return
        self.port = int(match[1] or match[2])

    def connection(self, timeout=300):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)


@contextlib.contextmanager
def calculator_server(binary, arguments=(), **options):
    """A CalculatorServer for the block; stopped at its end."""
    server = CalculatorServer(binary, arguments, **options)
    try:
        yield server
    finally:
        server.stop()


REDIS_READY = re.compile(r"Ready to accept connections")
REDIS_PORT_TAKEN = re.compile(r"Address already in use|Could not create server TCP listening socket")


def redis_node(folder, port, extra=(), prefix=()):
    """redis-server on 127.0.0.1:`port` in `folder` (not daemonized: the fixture keeps its pid), once it accepts
    connections; None when its port (or its cluster bus port) is taken."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    node = Started(folder, ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                            "--dir", str(folder), "--daemonize", "no", *extra], prefix=prefix)
    node.port = port
    if node.wait_for(REDIS_READY, 20) and node.process.poll() is None:
        return node
    node.stop()
    if REDIS_PORT_TAKEN.search(node.log()):
        return None
    raise RuntimeError(f"redis-server on {port} did not start:\n{node.log()[-2000:]}")


def redis(folder, prefix=(), extra=(), tries=20):
    """A private redis-server without persistence on a port of CHOSEN_PORTS that nothing else holds, with the flags
    `extra` adds."""
    for _ in range(tries):
        node = redis_node(folder, random.choice(CHOSEN_PORTS), ["--appendonly", "no", *extra], prefix)
        if node is not None:
            return node
    raise RuntimeError(f"redis-server found no free port in {tries} tries")


NGINX_PORT_TAKEN = re.compile(r"Address already in use")


def nginx(folder, configuration, nginx_binary="nginx", tries=20):
    """nginx in the foreground in `folder`, on a port of CHOSEN_PORTS that nothing else holds, once it accepts
    connections. `configuration(port)` is the text of its nginx.conf for that port, which sends its error log to
    `folder`/error.log."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    error_log = folder / "error.log"
    for _ in range(tries):
        port = random.choice(CHOSEN_PORTS)
        (folder / "nginx.conf").write_text(configuration(port))
        error_log.unlink(missing_ok=True)
        server = Started(folder, [nginx_binary, "-p", str(folder), "-e", str(error_log), "-c", str(folder / "nginx.conf")])
        server.port = port
        if wait_for_connection(port, 15, server.process):
            return server
        server.stop()
        errors = error_log.read_text(errors="replace") if error_log.exists() else ""
        if not NGINX_PORT_TAKEN.search(errors + server.log()):
            raise RuntimeError(f"nginx on {port} did not start:\n{server.log()[-2000:]}{errors[-2000:]}")
    raise RuntimeError(f"nginx found no free port in {tries} tries")


def wait_for_connection(port, seconds, process):
    """Whether something accepts connections on `port` within `seconds`, while `process` runs."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
        time.sleep(0.05)
    return False


def cluster_node_arguments(folder, timeout):
    """The flags of a cluster node: its writes in an append-only file synced every second, a replica promoted when its
    master is unreachable for `timeout` ms."""
    return ["--cluster-enabled", "yes", "--cluster-config-file", str(Path(folder) / "nodes.conf"),
            "--cluster-node-timeout", str(timeout), "--appendonly", "yes", "--appendfsync", "everysec",
            "--repl-diskless-sync-delay", "0"]


def cluster_node(folder, port, timeout):
    """A cluster node on `port` in `folder`, in no cluster yet; None when its port or its bus port is taken."""
    folder = Path(folder)
    # A new node: files left by an earlier one would make it rejoin that one's cluster.
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / "node-timeout").write_text(f"{timeout}\n")
    return redis_node(folder, port, cluster_node_arguments(folder, timeout))


def start_cluster_nodes(folder, first, timeout):
    """The 6 nodes on first..first+5, or None (and none left running) when one of their ports is taken."""
    nodes = []
    for port in range(first, first + 6):
        node = cluster_node(Path(folder) / str(port), port, timeout)
        if node is None:
            for started in nodes:
                started.stop()
            return None
        nodes.append(node)
    return nodes


def wait_until(check, seconds, failure):
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(failure)
        time.sleep(0.1)


def redis_cli(port, *arguments):
    return subprocess.run(["redis-cli", "-p", str(port), *arguments], capture_output=True, text=True).stdout


def cluster(folder, first=None, timeout=2000, tries=10):
    """A loopback Redis Cluster of 3 masters and 3 replicas on 6 ports in a row from `first` (None: a row nothing
    holds, tried at random); its store URL once every node sees every slot served and every replica has synchronised."""
    folder = Path(folder)
    for _ in range(1 if first is not None else tries):
        start = first if first is not None else random.choice(range(CHOSEN_PORTS.start, CHOSEN_PORTS.stop - 6, 10))
        if start > 55530:
            raise RuntimeError("the first cluster port must be at most 55530 (bus ports are +10000)")
        nodes = start_cluster_nodes(folder, start, timeout)
        if nodes is not None:
            break
    else:
        raise RuntimeError(f"no 6 free ports in a row for the cluster ({first or 'tried at random'})")
    addresses = [f"127.0.0.1:{node.port}" for node in nodes]
    created = subprocess.run(["redis-cli", "--cluster", "create", *addresses, "--cluster-replicas", "1",
                              "--cluster-yes"], capture_output=True, text=True)
    (folder / "create.log").write_text(created.stdout + created.stderr)
    if created.returncode != 0:
        stop(folder)
        raise RuntimeError(f"redis-cli --cluster create failed:\n{created.stdout}{created.stderr}")
    for node in nodes:
        wait_until(lambda: "cluster_state:ok" in redis_cli(node.port, "cluster", "info"), 20,
                   f"node {node.port} never saw the cluster ready")
    # A replica that never synchronised will not take over.
    for node in nodes:
        wait_until(lambda: re.search(r"role:master|master_link_status:up", redis_cli(node.port, "info", "replication")),
                   30, f"replica {node.port} never synchronised")
    return "redis-cluster://" + ",".join(addresses)


def restart(folder):
    """The cluster node of `folder` again, after it was killed: it rejoins the cluster as it left it."""
    folder = Path(folder)
    port = int(folder.name)
    timeout = (folder / "node-timeout").read_text().strip()
    node = redis_node(folder, port, cluster_node_arguments(folder, timeout))
    if node is None:
        raise RuntimeError(f"the port of node {port} is taken")
    return node


def stop(folder, seconds=10):
    """Stops every process started in `folder` or below (by their `pid` files) and waits until each has ended: Redis
    writes its log while it shuts down, so the folder must not be removed before."""
    pids = []
    for pid_file in Path(folder).rglob("pid"):
        with contextlib.suppress(ValueError, OSError):
            pid = int(pid_file.read_text())
            os.kill(pid, signal.SIGTERM)
            pids.append(pid)
        pid_file.unlink(missing_ok=True)
    deadline = time.monotonic() + seconds
    for pid in pids:
        while alive(pid):
            if time.monotonic() > deadline:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
                break
            time.sleep(0.05)


def alive(pid):
    """Whether `pid` runs (a zombie has ended: its parent, gone or not, has only to reap it)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def main(arguments):
    command, folder, rest = arguments[0], Path(arguments[1]), arguments[2:]
    if command == "server":
        prefix, rest = (rest[:rest.index("--")], rest[rest.index("--") + 1:]) if "--" in rest else ([], rest)
        print(CalculatorServer(rest[0], rest[1:], folder=folder, prefix=prefix).port)
    elif command == "redis":
        print(redis(folder, rest).port)
    elif command == "cluster":
        first = int(rest[0]) if rest and rest[0] != "auto" else None
        print(cluster(folder, first, int(rest[1]) if len(rest) > 1 else 2000))
    elif command == "node":
        if cluster_node(folder, int(rest[0]), int(rest[1]) if len(rest) > 1 else 2000) is None:
            raise RuntimeError(f"port {rest[0]} (or its cluster bus port) is taken")
    elif command == "restart":
        restart(folder)
    elif command == "stop":
        stop(folder)
    else:
        raise SystemExit(f"fixture.py: unknown command {command}")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    try:
        main(sys.argv[1:])
    except RuntimeError as error:
        raise SystemExit(f"fixture.py: {error}")
