#!/usr/bin/env bash
# Installs the Debian programs the test suite uses, when this machine can (root and apt-get present):
#   poppler-utils  pdftotext, the independent oracle for word positions on rotated pages
#   tesseract-ocr  the batch engine's OCR route for image-only pages
#   chromium, chromium-driver, fonts-dejavu-core  the HTML report's browser tests (headless, driven by selenium)
#   fonts-liberation, fonts-osifont, fonts-arphic-uming  the text templates' fonts (a rebuild is compared)
# All are optional for the library. Where they cannot be installed (not root, no apt-get, no network),
# this says so and exits 0: the tests that need them skip with a reason, and every expectation that
# depends on OCR follows whether OCR is available. Called by `make test` and by .ci/run.
set -euo pipefail
need=()
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v tesseract >/dev/null 2>&1 || need+=(tesseract-ocr)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
[ -d /usr/share/fonts/truetype/dejavu ] || need+=(fonts-dejavu-core)
# the fonts the text templates are built from (a test rebuilds them and compares with the shipped file)
[ -d /usr/share/fonts/truetype/liberation ] || need+=(fonts-liberation)
[ -f /usr/share/fonts/truetype/osifont/osifont.ttf ] || need+=(fonts-osifont)
[ -f /usr/share/fonts/truetype/arphic/uming.ttc ] || need+=(fonts-arphic-uming)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "system-deps: installing ${need[*]} (apt-get)" >&2
  if apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null; then
    exit 0
  fi
  echo "warning: apt-get could not install ${need[*]}; the tests that need them will skip" >&2
else
  echo "warning: ${need[*]} not installed and this is not root with apt-get;" \
       "the viewer-position, OCR and browser tests will skip (install them with: sudo apt-get install ${need[*]})" >&2
fi
exit 0
