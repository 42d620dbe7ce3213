#!/bin/bash
# Checks the Debian packages the tests need and installs the missing ones when run as root.
#   chromium-headless-shell  Playwright drives Debian's browser (no browser download is possible)
#   chromium          the full browser, for its install prompt (tests/e2e/pwa.spec.ts)
#   fonts-wqy-zenhei  Chinese glyphs in screenshots / rendering
#   swift*, memcached the real local S3 server (scripts/swift-s3.sh)
#   curl              readiness checks in scripts/swift-s3.sh
#   unzip             checks the download basket's zips (unzip -t) in the tests
#   litmus, rclone    the WebDAV conformance suite and a real WebDAV client (rclone: an S3 client too)
#   awscli, restic    real S3 clients of the S3 door (docs/s3.md)
#   buildah, debootstrap  build and run the Docker image without a Docker engine (scripts/image.sh)
#   postgresql        a throw-away PostgreSQL server for the tests (scripts/postgres.sh)
#   ffmpeg            video posters and audio covers in thumbnails (app/models/thumbnails/posters.server.ts)
#   openssh-server    a throw-away sshd for the SFTP storage tests (tests/support/sshd.ts)
# Usage: bash scripts/system-deps.sh
# Env:   SYSTEM_DEPS_EXTRA="pkg ..."  extra package names to require (also handy to test the install path)
# Exit:  0 when everything is present (or was installed); non-zero when something is missing and we
#        are not root (the exact apt command is printed) or when apt-get fails.
set -euo pipefail

PACKAGES=(chromium chromium-headless-shell fonts-wqy-zenhei swift swift-proxy swift-account swift-container swift-object memcached curl unzip litmus rclone awscli restic buildah debootstrap postgresql ffmpeg openssh-server)
# shellcheck disable=SC2206 # word splitting of the extra list is intended
[ -n "${SYSTEM_DEPS_EXTRA:-}" ] && PACKAGES+=(${SYSTEM_DEPS_EXTRA})

missing=()
for p in "${PACKAGES[@]}"; do
  # Unknown packages make dpkg-query fail; treat them like "not installed".
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$p")
done
# The package being "installed" is not enough if the binary Playwright is pointed at is gone.
if [ ! -x /usr/bin/chromium ] && [[ ! " ${missing[*]} " =~ " chromium " ]]; then
  missing+=(chromium)
fi

[ ${#missing[@]} -eq 0 ] && exit 0

install_cmd="DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" != 0 ]; then
  echo "system-deps: missing packages: ${missing[*]}" >&2
  echo "system-deps: install them as root with:" >&2
  echo "  sudo apt-get update && sudo $install_cmd" >&2
  exit 1
fi

echo "system-deps: installing ${missing[*]}"
apt-get update
# Reinstall chromium if only its binary went missing (apt would otherwise say "already newest").
if [ ! -x /usr/bin/chromium ] && dpkg-query -W -f='${Status}' chromium 2>/dev/null | grep -q 'install ok installed'; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends --reinstall chromium
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
[ -x /usr/bin/chromium ] || { echo "system-deps: /usr/bin/chromium is still missing" >&2; exit 1; }
echo "system-deps: installed ${missing[*]}"
