#!/usr/bin/env python3
"""reorder_cage.py MODE IN.obj OUT.obj: the cage experiment's renumbered meshes.

MODE morton: faces sorted by the Morton code of their centroid (10 bits an
axis over the bounding box), vertices renumbered by first use in that order.
MODE bfs: faces in breadth-first order over shared edges from face 0 (each
component from its lowest unvisited face), vertices as in IN.
Prints the face-index distance between the two faces of each interior edge
(median, 75th, 90th, 95th, 99th percentile) before and after."""
import collections
import sys


def load(path):
    verts, faces = [], []
    for line in open(path):
        if line.startswith('v '):
            verts.append([float(t) for t in line.split()[1:4]])
        elif line.startswith('f '):
            faces.append([int(t.split('/')[0]) - 1 for t in line.split()[1:]])
    return verts, faces


def edge_faces(faces):
    sides = {}
    for i, f in enumerate(faces):
        for c in range(len(f)):
            a, b = f[c], f[(c + 1) % len(f)]
            sides.setdefault((min(a, b), max(a, b)), []).append(i)
    return sides


def distances(faces, order):
    at = {f: i for i, f in enumerate(order)}
    d = sorted(abs(at[s[0]] - at[s[1]]) for s in edge_faces(faces).values() if len(s) == 2)
    return [d[int(len(d) * q)] for q in (0.5, 0.75, 0.9, 0.95, 0.99)]


def spread(n):
    n &= 0x3ff
    n = (n | n << 16) & 0x30000ff
    n = (n | n << 8) & 0x300f00f
    n = (n | n << 4) & 0x30c30c3
    return (n | n << 2) & 0x9249249


def morton(verts, faces):
    lo = [min(v[i] for v in verts) for i in range(3)]
    hi = [max(v[i] for v in verts) for i in range(3)]

    def key(f):
        c = [sum(verts[j][i] for j in faces[f]) / len(faces[f]) for i in range(3)]
        q = [int(1023 * (c[i] - lo[i]) / (hi[i] - lo[i] + 1e-30)) for i in range(3)]
        return spread(q[0]) | spread(q[1]) << 1 | spread(q[2]) << 2
    return sorted(range(len(faces)), key=key)


def breadth_first(faces):
    adj = [[] for _ in faces]
    for s in edge_faces(faces).values():
        for x in s:
            adj[x].extend(y for y in s if y != x)
    seen, order = [False] * len(faces), []
    for start in range(len(faces)):
        if seen[start]:
            continue
        seen[start] = True
        queue = collections.deque([start])
        while queue:
            x = queue.popleft()
            order.append(x)
            for y in adj[x]:
                if not seen[y]:
                    seen[y] = True
                    queue.append(y)
    return order


def main():
    mode, src, dst = sys.argv[1:4]
    verts, faces = load(src)
    order = morton(verts, faces) if mode == 'morton' else breadth_first(faces)
    ids = list(range(len(verts)))
    if mode == 'morton':
        ids, seen = [0] * len(verts), 0
        first = [None] * len(verts)
        for f in order:
            for v in faces[f]:
                if first[v] is None:
                    first[v], seen = seen, seen + 1
        ids = [i if i is not None else 0 for i in first]
    new_verts = [None] * len(verts)
    for v, i in enumerate(ids):
        new_verts[i] = verts[v]
    with open(dst, 'w') as out:
        for v in new_verts:
            out.write('v %.9g %.9g %.9g\n' % tuple(v))
        for f in order:
            out.write('f ' + ' '.join(str(ids[v] + 1) for v in faces[f]) + '\n')
    print(src, 'file order', distances(faces, range(len(faces))), mode, distances(faces, order))


if __name__ == '__main__':
    main()
