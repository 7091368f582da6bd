# Shared by the scripts: install what is missing, find free ports, run a private redis-server.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Debian/Ubuntu packages the build and the tests need.
BUILD_PACKAGES=(pkg-config libmicrohttpd-dev libmpfr-dev libgmp-dev libhiredis-dev libsqlite3-dev zlib1g-dev libssl-dev)

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# ensure_packages PKG...: apt-get installs the packages that dpkg does not list as installed.
ensure_packages() {
    local missing=()
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "==> installing ${missing[*]}"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
}

ensure_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        echo "swift is not on PATH: install Swift 6.1 or newer from swift.org (this project is tested with 6.3.1)" >&2
        exit 1
    fi
}

# free_port: a TCP port nobody listens on right now.
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# wait_for_port PORT SECONDS: until something accepts connections on 127.0.0.1:PORT.
wait_for_port() {
    local port=$1 deadline=$((SECONDS + $2))
    until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
        if [ $SECONDS -ge $deadline ]; then return 1; fi
        sleep 0.1
    done
}

# start_private_redis DIR PORT [PREFIX...]: a redis-server without persistence on 127.0.0.1:PORT, with its pid file,
# log and files in DIR, run under PREFIX if given (e.g. taskset); returns once it accepts connections and has
# written its pid file.
start_private_redis() {
    local dir=$1 port=$2
    shift 2
    "$@" redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$dir" \
        --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log"
    wait_for_port "$port" 10
    until [ -s "$dir/redis.pid" ]; do sleep 0.05; done
}

# stop_private_redis DIR: stops the server start_private_redis started in DIR, if any, and waits (up to 5 s) until
# it has ended: it writes its log into DIR while it shuts down, so DIR must not be removed before.
stop_private_redis() {
    local dir=$1 pid
    [ -s "$dir/redis.pid" ] || return 0
    pid=$(cat "$dir/redis.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
}
