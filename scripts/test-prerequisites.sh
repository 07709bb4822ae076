#!/usr/bin/env bash
# What the tests need from the machine that npm cannot bring, from Debian's packages: PocketSphinx
# with its US English model (offline dictation), DejaVu fonts (the offline images' captions) and, for
# the browser journeys, Chromium. As root (CI, a fresh container) the missing ones are installed with
# apt-get; otherwise one line names the command and the tests run without them. ffmpeg is not here:
# the tests take the one npm installs (@ffmpeg-installer/ffmpeg) when the host has none.
# Usage: scripts/test-prerequisites.sh [unit] [e2e]   (both when none is named)
set -euo pipefail

suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(unit e2e)
wanted=()
for suite in "${suites[@]}"; do
  case "$suite" in
    unit) wanted+=(pocketsphinx pocketsphinx-en-us fonts-dejavu-core) ;;
    e2e)
      wanted+=(pocketsphinx pocketsphinx-en-us fonts-dejavu-core)
      # CHROMIUM_PATH names another browser for the journeys (e2e/playwright.config.ts).
      [ -n "${CHROMIUM_PATH:-}" ] || wanted+=(chromium)
      ;;
    *) echo "test-prerequisites: unknown suite '$suite' (unit, e2e)" >&2 && exit 2 ;;
  esac
done

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "test-prerequisites: not a Debian system; install by hand: ${wanted[*]} (see README)"
  exit 0
fi

missing=()
for pkg in $(printf '%s\n' "${wanted[@]}" | sort -u); do
  # "install ok installed": dpkg -s also succeeds for a package removed with its configuration kept.
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$pkg")
done
[ ${#missing[@]} -gt 0 ] || exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "test-prerequisites: missing ${missing[*]}; run: sudo apt-get install -y ${missing[*]}"
  exit 0
fi
echo "test-prerequisites: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}"
