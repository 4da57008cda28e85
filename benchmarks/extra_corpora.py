"""Rebuild the fetched corpora that live beside the repository (``../extra/real3`` to ``real17``).

Their licences (or the lack of one) keep those PDFs out of this repository; ``real3_sources.md``,
``real4_sources.md`` ... ``real17_sources.md`` name each file's repository, commit and path. Given bare git mirrors of those repositories
(one folder per repository, named ``owner+name``, holding the git directory or a ``repo`` git directory),
this takes each file byte for byte from its commit and checks that every listed file was found::

    python benchmarks/extra_corpora.py --mirrors /path/to/mirrors          # every corpus
    python benchmarks/extra_corpora.py --mirrors DIR --only real4 --out ../extra

It never changes a file that is already there with other bytes: it says so and exits non-zero.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CORPORA = ("real3", "real4", "real5", "real6", "real7", "real8", "real9", "real10", "real11", "real12", "real13", "real14", "real15", "real16", "real17")


def listed(corpus: str) -> list[tuple[str, str, str, str]]:
    """``(name, repository, commit, path)`` of every file the corpus's sources file lists.

    >>> rows = listed("real4")
    >>> len(rows) >= 11 and all(len(c) == 40 for _n, _r, c, _p in rows)
    True
    >>> sorted({r for _n, r, _c, _p in listed("real5")})[:2]
    ['JulenCuadra/Planos_Soporte_Sensores_WidowX', 'Julio2083478/WaterMeterIA']
    """
    text = (HERE / f"{corpus}_sources.md").read_text(encoding="utf-8")
    out: list[tuple[str, str, str, str]] = []
    # real4 to real17: one table, a row per file (name | repository | commit | path | ...)
    for m in re.finditer(r"^\| (\S+\.pdf) \| ([\w.-]+/[\w.-]+) \| ([0-9a-f]{40}) \| ([^|]+?) \|", text, re.M):
        out.append((m.group(1), m.group(2), m.group(3), m.group(4).strip().strip("`")))
    # real3: a section per repository (``Repository `owner/name`, commit `...```) with rows name | `path`
    for block in re.split(r"Repository `", text)[1:]:
        repo = block.split("`", 1)[0]
        commit = re.search(r"commit `([0-9a-f]{40})`", block)
        if commit is None:
            continue
        for name, path in re.findall(r"^\| (\S+\.pdf) \| `([^`]+)` \|", block, re.M):
            out.append((name, repo, commit.group(1), path))
    return out


def git_dir(mirrors: Path, repo: str) -> Path | None:
    base = mirrors / repo.replace("/", "+")
    for candidate in (base / "repo", base):
        if (candidate / "HEAD").exists():
            return candidate
        if (candidate / ".git" / "HEAD").exists():  # a snapshot checked out with its git directory inside
            return candidate / ".git"
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mirrors", type=Path, required=True, help="folder of git mirrors named owner+name")
    ap.add_argument("--out", type=Path, default=ROOT.parent / "extra", help="where real3/ ... real17/ go (default ../extra)")
    ap.add_argument("--only", choices=CORPORA, help="one corpus only")
    args = ap.parse_args(argv)
    missing = clashes = written = 0
    for corpus in [args.only] if args.only else list(CORPORA):
        folder = args.out / corpus
        folder.mkdir(parents=True, exist_ok=True)
        for name, repo, commit, path in listed(corpus):
            gd = git_dir(args.mirrors, repo)
            data = None
            if gd is not None:
                got = subprocess.run(["git", "--git-dir", str(gd), "show", f"{commit}:{path}"], capture_output=True, check=False)
                data = got.stdout if got.returncode == 0 else None
            if data is None:
                print(f"missing: {corpus}/{name} ({repo}@{commit[:12]}:{path})", file=sys.stderr)
                missing += 1
                continue
            target = folder / name
            if target.exists() and target.read_bytes() != data:
                print(f"differs, left as is: {target}", file=sys.stderr)
                clashes += 1
                continue
            if not target.exists():
                target.write_bytes(data)
                written += 1
    print(f"{written} written, {missing} missing, {clashes} differing")
    return 1 if missing or clashes else 0


if __name__ == "__main__":
    sys.exit(main())
