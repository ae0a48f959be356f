#!/usr/bin/env python3
"""Tables an old-against-new comparison of bench_subdiv (scripts/device-compare.sh)
as Markdown: one row per (mesh, variant, scheme, level, method), each build's
medians of its processes, the ratio of the medians, the new build's roofline.

    scripts/compare_table.py WHERE OLD NEW [LEVELS] [--min-faces N] [--call C]

WHERE is either what `device-compare.sh run` left (compare.tgz unpacked:
compare/<i>-<name>/subdiv.json) or a results page holding the same runs as
[<call>-]<i>-<name>.json.xz (bench/results/*/); OLD and NEW are the builds'
names. A page holding several calls' runs needs --call (the files' prefix,
e.g. c100). LEVELS (e.g. L5,L6) keeps those levels; --min-faces keeps the
levels of at least N refined faces. Only records with status "ok" count."""
import glob
import json
import lzma
import os
import re
import signal
import statistics
import sys

SCHEMES = {"catmull-clark": "Catmull-Clark", "loop": "Loop", "sqrt3": "√3"}


def runs(where):
    """(call, index, build name, path) of every process's JSON under where."""
    found = []
    for path in glob.glob(os.path.join(where, "compare", "*", "subdiv.json")):
        m = re.fullmatch(r"(\d+)-(.+)", os.path.basename(os.path.dirname(path)))
        if m:
            found.append(("", int(m.group(1)), m.group(2), path))
    for path in glob.glob(os.path.join(where, "*.json.xz")):
        m = re.fullmatch(r"(?:(.+)-)?(\d+)-([^-]+)\.json\.xz", os.path.basename(path))
        if m:
            found.append((m.group(1) or "", int(m.group(2)), m.group(3), path))
    return sorted(found, key=lambda x: (x[0], x[1]))


def records(path):
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rt") as f:
        return json.load(f)["records"]


def case_of(r):
    """(mesh, variant) from a record's mesh, e.g. 'spot.obj (random: …)'."""
    name, _, rest = r["mesh"].partition(" (")
    variant = rest.split(":")[0].rstrip(")").split(",")[0] if rest else ""
    return name.removesuffix(".obj"), variant


def option(argv, name):
    """The value after --name in argv (removing both), else None."""
    if name not in argv:
        return None
    i = argv.index(name)
    if i + 1 == len(argv):
        sys.exit(f"compare_table: {name} needs a value")
    value = argv[i + 1]
    del argv[i:i + 2]
    return value


def main(argv):
    argv = list(argv)
    min_faces = int(option(argv, "--min-faces") or 0)
    call = option(argv, "--call")
    if len(argv) not in (3, 4) or any(a.startswith("--") for a in argv):
        sys.exit(__doc__.strip().split("\n\n")[1])
    where, old, new = argv[:3]
    levels = set(argv[3].split(",")) if len(argv) == 4 else None
    chosen = [r for r in runs(where) if r[2] in (old, new) and (call is None or r[0] == call)]
    calls = sorted({r[0] for r in chosen})
    if len(calls) > 1:
        sys.exit(f"compare_table: runs of several calls under {where} ({', '.join(calls)}): "
                 "choose one with --call")
    table = {}
    for _, _, build, path in chosen:
        for r in records(path):
            if r["status"] != "ok" or r["refined_faces"] < min_faces:
                continue
            if levels and f"L{r['level']}" not in levels:
                continue
            mesh, variant = case_of(r)
            key = (mesh, variant, r["scheme"], r["level"], r["refined_faces"], r["method"])
            cell = table.setdefault(key, {old: [], new: []})
            cell[build].append((r["total_ms"], r.get("roofline_fraction") or 0.0))
    if not table:
        sys.exit(f"compare_table: no records of {old} and {new} under {where}")
    print(f"| mesh | scheme | level | faces | method | {old} (ms) | {new} (ms) | {new} / {old} "
          f"| roofline {new} |")
    print("|---|---|---:|---:|---|---|---|---:|---:|")
    for (mesh, variant, scheme, level, faces, method), cell in table.items():
        a, b = cell[old], cell[new]
        if not a or not b:
            continue
        ratio = statistics.median(t for t, _ in b) / statistics.median(t for t, _ in a)
        lo, hi = min(f for _, f in b), max(f for _, f in b)
        roof = f"{100 * lo:.1f}%" if f"{100 * lo:.1f}" == f"{100 * hi:.1f}" else \
            f"{100 * lo:.1f}–{100 * hi:.1f}%"
        name = f"{mesh} ({variant})" if variant else mesh
        print(f"| {name} | {SCHEMES.get(scheme, scheme)} | {level} | {faces:,} "
              f"| {method.removeprefix('specialized-')} | {' / '.join(f'{t:.3f}' for t, _ in a)} "
              f"| {' / '.join(f'{t:.3f}' for t, _ in b)} | {ratio:.3f} | {roof} |")


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a pipe's reader may stop early
    main(sys.argv[1:])
