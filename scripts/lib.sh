# Shared helpers for the scripts in this folder (sourced, not run).

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Runs a command as root: directly when already root (CI), else through sudo.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Fails with a clear message when a version the Makefile should have passed is missing.
need_var() {
    [ -n "${!1:-}" ] || fail "$1 is not set: run this through make (versions live in tools.mk)"
}

# `apt_install WHY PACKAGES...`: installs Debian packages, saying why; fails clearly where
# there is no apt.
apt_install() {
    local why=$1
    shift
    command -v apt-get >/dev/null || fail "$* missing and this is not a Debian/Ubuntu system: install them by hand"
    say "installing $* with apt ($why)"
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update
    as_root apt-get install -y --no-install-recommends "$@"
}
