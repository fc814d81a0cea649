#!/usr/bin/env bash
# Prepares the runner for Redline's checks, as root through passwordless sudo (or as root already):
# bubblewrap installed, allowed its user namespaces under AppArmor, and a cgroup delegated to the runner's
# user for the checks' memory and process limits. Reads the base branch's .github/redline.yml first and does
# nothing without checks. Each part that cannot be done is said in one line; Redline then runs no check, or
# says which limit does not hold.
set -euo pipefail

CGROUP_ROOT="${REDLINE_CGROUP_ROOT:-/sys/fs/cgroup}"
APPARMOR_DIR="${REDLINE_APPARMOR_DIR:-/etc/apparmor.d}"

say() { printf '%s\n' "Redline sandbox: $*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif sudo -n true 2>/dev/null; then sudo -n "$@"; else return 1; fi
}

# Whether the base branch's .github/redline.yml configures checks (0) or not (1). A file that cannot be read
# (an API error, a timeout) is prepared for, as if it did: preparing only lets a check's limits hold.
base_has_checks() {
  local body errors status found=1
  body="$(mktemp)"
  errors="$(mktemp)"
  status="$(curl --silent --show-error --max-time 30 --retry 2 --retry-connrefused -o "$body" -w '%{http_code}' \
    -H "Authorization: Bearer ${REDLINE_TOKEN}" -H 'Accept: application/vnd.github.raw' \
    "${GITHUB_API_URL:-https://api.github.com}/repos/${GITHUB_REPOSITORY}/contents/.github/redline.yml?ref=${REDLINE_BASE_REF}" \
    2>"$errors")" || true
  case "$status" in
    200) grep -q '^checks:' "$body" && found=0 ;;
    404) ;;
    *)
      say "could not read .github/redline.yml on ${REDLINE_BASE_REF} ($(read_failure "$status" "$errors")); preparing in case it configures checks"
      found=0
      ;;
  esac
  rm -f "$body" "$errors"
  return "$found"
}

# Why the read failed, in one printable line: the HTTP status, or curl's own message.
read_failure() {
  if [ "$1" != 000 ] && [ -n "$1" ]; then
    printf 'HTTP %s' "$1"
  else
    head -n 1 "$2" | tr -cd '[:print:]' | cut -c 1-200
  fi
}

install_bwrap() {
  if command -v bwrap >/dev/null; then return; fi
  if as_root apt-get install -y -qq bubblewrap >/dev/null 2>&1 ||
    { as_root apt-get update -qq >/dev/null 2>&1 && as_root apt-get install -y -qq bubblewrap >/dev/null 2>&1; }; then
    say "installed bubblewrap"
  else
    say "bubblewrap is missing and could not be installed (no passwordless sudo or apt-get); no check will run"
  fi
}

# Ubuntu 23.10 and later refuse unprivileged user namespaces to unconfined programs; a profile for bwrap
# alone gives it one, and bwrap's own children get no capability from it.
allow_userns() {
  local restrict=/proc/sys/kernel/apparmor_restrict_unprivileged_userns
  [ -r "$restrict" ] && [ "$(cat "$restrict")" = 1 ] || return 0
  local bwrap
  bwrap="$(command -v bwrap || echo /usr/bin/bwrap)"
  local profile
  profile="$(printf '%s\n' 'abi <abi/4.0>,' 'include <tunables/global>' \
    "profile redline-bwrap ${bwrap} flags=(unconfined) {" '  userns,' '}')"
  if printf '%s\n' "$profile" | as_root tee "${APPARMOR_DIR}/redline-bwrap" >/dev/null &&
    as_root apparmor_parser -r "${APPARMOR_DIR}/redline-bwrap"; then
    say "loaded an AppArmor profile that lets ${bwrap} make user namespaces"
  else
    say "AppArmor refuses user namespaces and no profile could be loaded; no check will run"
  fi
}

own_cgroup() { sed -n "s/^[0-9]*:$1:\(.*\)$/\1/p" /proc/self/cgroup | head -n 1; }

# cgroup v2: the job's processes move to redline/job, so that redline can share out memory and pids to the
# checks' cgroups beside it, and redline is given to the runner's user. v1: a redline folder in the job's own
# memory and pids cgroups, given to the runner's user.
delegate_cgroup() {
  local user group
  user="$(id -u)"
  group="$(id -g)"
  if [ -f "${CGROUP_ROOT}/cgroup.controllers" ]; then
    local own redline="${CGROUP_ROOT}/redline"
    own="$(own_cgroup '')"
    as_root mkdir -p "${redline}/job" || return 1
    for pid in $(cat "${CGROUP_ROOT}${own}/cgroup.procs"); do
      echo "$pid" | as_root tee "${redline}/job/cgroup.procs" >/dev/null 2>&1 || true
    done
    echo '+memory +pids' | as_root tee "${redline}/cgroup.subtree_control" >/dev/null || return 1
    as_root chown -R "${user}:${group}" "${redline}" || return 1
  else
    for controller in memory pids; do
      local dir="${CGROUP_ROOT}/${controller}$(own_cgroup "$controller")"
      [ -d "$dir" ] || return 1
      as_root mkdir -p "${dir%/}/redline" && as_root chown -R "${user}:${group}" "${dir%/}/redline" || return 1
    done
  fi
  say "delegated a cgroup for the checks' memory and processes"
}

# REDLINE_PREPARE_ALWAYS: prepare whatever the file says (a repository whose own tests use the sandbox).
if [ "${REDLINE_PREPARE_ALWAYS:-false}" != true ] && ! base_has_checks; then
  say "no checks in .github/redline.yml on ${REDLINE_BASE_REF}; nothing to prepare"
  exit 0
fi
install_bwrap
allow_userns
delegate_cgroup || say "no cgroup could be delegated; the checks' memory-mb will not hold"
