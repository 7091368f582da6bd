# Shared by the scripts: install what is missing; start and stop servers (Tests/support/fixture.py).
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

# fixture COMMAND FOLDER ...: starts a calculator-server, a private redis-server or the loopback Redis Cluster in
# FOLDER (its pid and log there) and prints its port or URL once it serves; `fixture stop FOLDER` stops what was
# started in FOLDER and waits for it (Tests/support/fixture.py, which the Python checks use too). Nothing guesses a
# free port: the server binds port 0 and announces it, Redis is started again on another port when its is taken.
fixture() {
    python3 "$ROOT/Tests/support/fixture.py" "$@"
}
