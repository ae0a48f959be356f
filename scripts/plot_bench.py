#!/usr/bin/env python3
"""Plots bench_subdiv's results: time against refined faces per method,
log-log, one panel per scheme (bench/README.md).

    scripts/plot_bench.py RESULTS_DIR      reads subdiv.json, writes subdiv.png

Lines join one method's levels on one mesh; colour is the method, the marker
the mesh. Only records with status "ok" are drawn."""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

MARKERS = "os^Dv<>ph*"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: plot_bench.py RESULTS_DIR")
    folder = sys.argv[1]
    with open(f"{folder}/subdiv.json") as f:
        data = json.load(f)
    ok = [r for r in data["records"] if r["status"] == "ok"]
    schemes = list(dict.fromkeys(r["scheme"] for r in data["records"]))
    methods = list(dict.fromkeys(r["method"] for r in data["records"]))
    meshes = list(dict.fromkeys(r["mesh"] for r in data["records"]))
    colours = plt.get_cmap("tab10")
    fig, axes = plt.subplots(1, max(len(schemes), 1), figsize=(6 * max(len(schemes), 1), 5),
                             squeeze=False)
    for ax, scheme in zip(axes[0], schemes):
        for mi, method in enumerate(methods):
            for si, mesh in enumerate(meshes):
                rs = sorted((r for r in ok if r["scheme"] == scheme and r["method"] == method
                             and r["mesh"] == mesh), key=lambda r: r["refined_faces"])
                if not rs:
                    continue
                ax.plot([r["refined_faces"] for r in rs], [r["total_ms"] for r in rs],
                        marker=MARKERS[si % len(MARKERS)], color=colours(mi % 10),
                        label=f"{method} ({mesh})")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(scheme)
        ax.set_xlabel("refined faces")
        ax.set_ylabel("median time (ms)")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=6)
    fig.suptitle(f"{data['device']} / host {data['host_cpu']}, {data['date']}", fontsize=9)
    fig.tight_layout()
    fig.savefig(f"{folder}/subdiv.png", dpi=120)


if __name__ == "__main__":
    main()
