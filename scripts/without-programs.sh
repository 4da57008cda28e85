#!/usr/bin/env bash
# Runs a command with some programs hidden from PATH, as on a machine that lacks them:
#   scripts/without-programs.sh tesseract,pdftotext -- make test
# Every PATH directory is mirrored by a temporary directory of links to its entries, less the hidden names.
set -euo pipefail
if [ $# -lt 3 ] || [ "$2" != "--" ]; then
  echo "usage: $0 PROG[,PROG...] -- COMMAND [ARG...]" >&2
  exit 2
fi
IFS=, read -ra hide <<< "$1"
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
newpath=""
i=0
IFS=: read -ra dirs <<< "$PATH"
for d in "${dirs[@]}"; do
  [ -d "$d" ] || continue
  i=$((i + 1))
  mkdir "$tmp/$i"
  for f in "$d"/* "$d"/.[!.]*; do
    [ -e "$f" ] || continue
    name=${f##*/}
    skip=0
    for h in "${hide[@]}"; do [ "$name" = "$h" ] && skip=1; done
    [ $skip = 1 ] || ln -s "$f" "$tmp/$i/$name"
  done
  newpath="${newpath:+$newpath:}$tmp/$i"
done
for h in "${hide[@]}"; do
  if PATH="$newpath" command -v "$h" >/dev/null 2>&1; then
    echo "without-programs: could not hide $h" >&2
    exit 1
  fi
done
echo "without-programs: hidden from PATH: ${hide[*]}" >&2
PATH="$newpath" "$@"
