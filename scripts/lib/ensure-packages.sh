# Sourced by the benchmark scripts: `ensure_packages LABEL PACKAGE…` installs the Debian packages
# among PACKAGE… that are missing (as root with apt-get, otherwise through passwordless sudo).
# RUNLEVEL=1 keeps Debian's maintainer scripts from starting nginx as a system service: the
# benchmarks start their own on a free loopback port.
ensure_packages() {
    local label=$1 package status
    shift
    local need=()
    for package in "$@"; do
        status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
        [[ "$status" == "install ok installed" ]] || need+=("$package")
    done
    [[ ${#need[@]} -eq 0 ]] && return 0
    echo "$label: installing ${need[*]}"
    if [[ $(id -u) -eq 0 ]]; then
        apt-get update -qq
        RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}"
    else
        sudo -n env RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}"
    fi
}
