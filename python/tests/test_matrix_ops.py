"""Matrices and the mapped products against dense NumPy recomputation: every
map, lambda, reduction and mask, user maps and lambdas as Python callables,
and the errors of bad matrices and arguments."""

import numpy as np
import pytest

import meshmat


def random_csc(rng, m, n, density=0.4, dtype=np.float64):
    """(indptr, rows, values, dense) of a random m × n CSC matrix, rows shuffled in columns."""
    dense = np.where(rng.random((m, n)) < density, rng.normal(size=(m, n)), 0).astype(dtype)
    indptr, rows = [0], []
    for j in range(n):
        nz = rng.permutation(np.flatnonzero(dense[:, j]))
        rows.extend(nz)
        indptr.append(len(rows))
    rows = np.array(rows, np.int64)
    cols = np.repeat(np.arange(n), np.diff(indptr))
    return np.array(indptr), rows, dense[rows, cols], dense


def positions(indptr):
    """The 1-based position of each entry in its column (the implicit value of a PATTERN
    CSC matrix's entry, meshmat/ops.h)."""
    return np.concatenate([np.arange(1, c + 1) for c in np.diff(indptr)] or [[]])


@pytest.fixture
def rng():
    return np.random.default_rng(7)


@pytest.mark.parametrize("fmt", ["csc", "csr", "coo"])
def test_import_export_round_trip(ctx, rng, fmt):
    indptr, rows, values, dense = random_csc(rng, 6, 5)
    if fmt == "csc":
        A = meshmat.Matrix.csc(indptr, rows, values, shape=(6, 5), ctx=ctx)
        expect = (indptr, rows, values)
    elif fmt == "csr":
        A = meshmat.Matrix.csr(indptr, rows, values, shape=(5, 6), ctx=ctx)  # = denseᵀ
        expect = (indptr, rows, values)
    else:
        cols = np.repeat(np.arange(5), np.diff(indptr))
        A = meshmat.Matrix.coo(rows, cols, values, shape=(6, 5), ctx=ctx)
        expect = (rows, cols, values)
    with A:
        assert A.format == fmt and A.nnz == values.size and A.where == "host"
        for got, want in zip(A.arrays(), expect):
            assert np.array_equal(got, want)


def test_value_types(ctx):
    for data, name in [(None, "pattern"), ([1, 2], "int32"), (np.float32([1, 2]), "float32"),
                       ([1.5, 2], "float64")]:
        with meshmat.Matrix.csc([0, 1, 2], [0, 1], data, shape=(2, 2), ctx=ctx) as A:
            assert A.value_type == name


def test_uniform_matrix(ctx):
    faces = np.array([[0, 1, 3, 2], [1, 4, 5, 3]])
    with meshmat.Matrix.uniform("csc", faces, 4, shape=(6, 2), ctx=ctx) as M:
        assert M.uniform_order == 4
        indptr, rows, _ = M.arrays()
        assert list(indptr) == [0, 4, 8] and np.array_equal(rows, faces.reshape(-1))


def test_transpose(ctx, rng):
    indptr, rows, values, dense = random_csc(rng, 7, 4)
    with meshmat.Matrix.csc(indptr, rows, values, shape=(7, 4), ctx=ctx) as A, A.T as T:
        t_ptr, t_rows, t_vals = T.arrays()
        assert T.shape == (4, 7)
        got = np.zeros((4, 7))
        for j in range(7):
            got[t_rows[t_ptr[j]:t_ptr[j + 1]], j] = t_vals[t_ptr[j]:t_ptr[j + 1]]
        assert np.array_equal(got, dense.T)


@pytest.mark.parametrize("transpose", [False, True])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_spmv_maps_against_dense(ctx, rng, transpose, dtype):
    indptr, rows, values, dense = random_csc(rng, 9, 6)
    op = dense.T if transpose else dense
    x = rng.normal(size=(op.shape[1], 3)).astype(dtype)
    counts = (op != 0).sum(axis=1, keepdims=True)
    table = np.array([0.5, -1.0, 2.0, 4.0])
    # A matrix with small integer values for the table map
    ints = np.where(dense != 0, rng.integers(0, 6, size=dense.shape), 0)
    int_op = ints.T if transpose else ints
    cases = {
        "value": (values, op),
        "one": (values, (op != 0).astype(float)),
        "inv_count": (values, np.where(op != 0, 1 / np.maximum(counts, 1), 0)),
        meshmat.Map.table(table): (ints[rows, np.repeat(np.arange(6), np.diff(indptr))],
                                   np.where(op != 0, np.take(np.append(table, [0, 0]), int_op),
                                            0)),
        meshmat.Map.user(lambda a, b, c: a * a + c): (values, np.where(op != 0, op**2 + counts,
                                                                      0)),
    }
    for map_, (vals, ref_matrix) in cases.items():
        with meshmat.Matrix.csc(indptr, rows, vals, shape=(9, 6), ctx=ctx) as A:
            y = meshmat.spmv(A, x, map_, transpose=transpose)
            assert y.dtype == dtype
            tol = 1e-5 if dtype == np.float32 else 1e-12
            assert np.allclose(y, ref_matrix @ x.astype(float), rtol=tol, atol=tol), map_


def test_spmv_pattern_positions_vector_and_accumulate(ctx):
    faces = np.array([[0, 1, 3, 2], [1, 4, 5, 3]])  # two quads: M is 6 × 2
    indptr = np.array([0, 4, 8])
    M_dense = np.zeros((6, 2))
    M_dense[faces[0], 0] = [1, 2, 3, 4]
    M_dense[faces[1], 1] = [1, 2, 3, 4]
    with meshmat.Matrix.csc(indptr, faces.reshape(-1), shape=(6, 2), ctx=ctx) as M:
        x = np.array([1.0, 10.0])
        assert np.array_equal(meshmat.spmv(M, x), M_dense @ x)  # a vector in, a vector out
        y = np.ones(2)
        p = np.arange(6.0)
        out = meshmat.spmv(M, p, "inv_count", transpose=True, out=y, accumulate=True)
        assert out is y and np.allclose(y, 1 + np.array([p[faces[0]].mean(),
                                                         p[faces[1]].mean()]))
        assert np.array_equal(positions(indptr), M_dense[faces.reshape(-1),
                                                         np.repeat([0, 1], 4)])


def dense_spgemm(A, B, mu, lam, reduce, mask):
    """The reference: C(i,j) = ⊕ over k of λ(μ(a, b), i, j, k, a, b), collisions whose map
    result is 0 dropped, for dense A and B whose zeros are absent entries."""
    m, p = A.shape[0], B.shape[1]
    C = {}
    for j in range(p):
        for k in np.flatnonzero(B[:, j]):
            for i in np.flatnonzero(A[:, k]):
                if (mask == "lower" and not i > j) or (mask == "upper" and not i < j):
                    continue
                a, b = A[i, k], B[k, j]
                r = mu(a, b)
                if r == 0:
                    continue
                C.setdefault((i, j), []).append(lam(r, i, j, k, a, b))
    out = np.zeros((m, p))
    for (i, j), vals in C.items():
        out[i, j] = {"sum": sum, "max": max, "min": min, "first": lambda v: v[0],
                     "any": lambda v: 1.0}[reduce](vals)
    return out, set(C)


def to_dense(C):
    indptr, rows, vals = C.arrays()
    out = np.zeros(C.shape)
    for j in range(C.shape[1]):
        out[rows[indptr[j]:indptr[j + 1]], j] = vals[indptr[j]:indptr[j + 1]]
    return out


@pytest.mark.parametrize("reduce", ["sum", "max", "min", "any"])
@pytest.mark.parametrize("mask", [None, "lower", "upper"])
def test_spgemm_against_dense(ctx, rng, reduce, mask):
    a_ptr, a_rows, a_vals, A = random_csc(rng, 7, 5)
    b_ptr, b_rows, b_vals, B = random_csc(rng, 5, 7)
    cases = [("product", "map", lambda a, b: a * b, lambda r, i, j, k, a, b: r),
             ("one", "count", lambda a, b: 1, lambda r, i, j, k, a, b: 1),
             ("one", "k", lambda a, b: 1, lambda r, i, j, k, a, b: k),
             (meshmat.Map.user(lambda a, b, c: a - b), meshmat.Lambda.user(
                 lambda m, i, j, k, a, b: m * 10 + i + 3 * j),
              lambda a, b: a - b, lambda r, i, j, k, a, b: r * 10 + i + 3 * j)]
    with meshmat.Matrix.csc(a_ptr, a_rows, a_vals, shape=(7, 5), ctx=ctx) as Am, \
            meshmat.Matrix.csc(b_ptr, b_rows, b_vals, shape=(5, 7), ctx=ctx) as Bm:
        for map_, lam, mu, lam_ref in cases:
            with meshmat.spgemm(Am, Bm, map_, lam, reduce, mask=mask) as C:
                want, pattern = dense_spgemm(A, B, mu, lam_ref, reduce, mask)
                indptr, rows, _ = C.arrays()
                got_pattern = {(int(i), j) for j in range(7)
                               for i in rows[indptr[j]:indptr[j + 1]]}
                assert got_pattern == pattern
                assert all(np.all(np.diff(rows[indptr[j]:indptr[j + 1]].astype(int)) > 0)
                           for j in range(7))
                assert np.allclose(to_dense(C), want, rtol=1e-12, atol=1e-12)


def test_spgemm_first_and_edge_matrix(ctx):
    # E = M Mᵀ {Q_c + Q_c^{c-1}} [τ] (eq. 4), masked lower: one entry per edge of the
    # faces, the number of face sides on it, found here from the faces directly.
    faces = np.array([[0, 1, 3, 2], [1, 4, 5, 3]])
    sides = {}
    for f in faces:
        for a, b in zip(f, np.roll(f, -1)):
            key = (max(a, b), min(a, b))
            sides[key] = sides.get(key, 0) + 1
    with meshmat.Matrix.csc([0, 4, 8], faces.reshape(-1), shape=(6, 2), ctx=ctx) as M, \
            M.T as Mt:
        with meshmat.spgemm(M, Mt, meshmat.Map.circulant([1, -1]), "count", "sum",
                            mask="lower", out_type="int32") as E:
            indptr, rows, vals = E.arrays()
            got = {(int(rows[t]), j): int(vals[t]) for j in range(6)
                   for t in range(indptr[j], indptr[j + 1])}
            assert got == {(int(i), int(j)): n for (i, j), n in sides.items()}
            assert E.value_type == "int32"
        with meshmat.spgemm(M, Mt, "one", "k", "first", out_type="float32") as F:
            # FIRST keeps the smallest k: the first face holding both vertices
            dense = to_dense(F)
            assert dense[3, 1] == 0 and dense[4, 5] == 1 and dense[0, 0] == 0


def test_scipy_round_trip(ctx, rng):
    sparse = pytest.importorskip("scipy.sparse")
    S = sparse.random(8, 6, density=0.4, random_state=3, format="csr")
    with meshmat.Matrix.from_scipy(S, ctx=ctx) as A:
        assert A.format == "csr"
        assert np.array_equal(A.to_scipy().toarray(), S.toarray())
        x = rng.normal(size=6)
        assert np.allclose(meshmat.spmv(A, x), S @ x, rtol=1e-12)
    with meshmat.Matrix.from_scipy(S.tocoo(), ctx=ctx) as A:
        assert A.format == "coo" and np.array_equal(A.to_scipy().toarray(), S.toarray())


@pytest.mark.parametrize("make, error, text", [
    (lambda c: meshmat.Matrix.csc([0, 2, 1], [0, 1], shape=(2, 2), ctx=c),
     meshmat.InvalidMatrixError, "mm_matrix_import"),
    (lambda c: meshmat.Matrix.csc([0, 1, 2], [0, 5], shape=(2, 2), ctx=c),
     meshmat.InvalidMatrixError, "5"),
    (lambda c: meshmat.Matrix.coo([0, 1], [0], shape=(2, 2), ctx=c),
     meshmat.InvalidArgumentError, "rows has 2"),
    (lambda c: meshmat.Matrix.csc([0, 1, 2], [0, -1], shape=(2, 2), ctx=c),
     meshmat.InvalidArgumentError, "-1"),
    (lambda c: meshmat.Matrix.csc([0, 1, 2], [0, 1], [1.0], shape=(2, 2), ctx=c),
     meshmat.InvalidArgumentError, "1 values for 2"),
    (lambda c: meshmat.Matrix.csc([0, 1, 2], [0, 1], [2**40, 1], shape=(2, 2), ctx=c),
     meshmat.InvalidArgumentError, "int32"),
    (lambda c: meshmat.Matrix.csc([0, 1, 2], [0, 1], shape=2, ctx=c),
     meshmat.InvalidArgumentError, "shape"),
    (lambda c: meshmat.Matrix.uniform("coo", [0, 1], 1, shape=(2, 2), ctx=c),
     meshmat.InvalidArgumentError, "mm_matrix_import_uniform"),
])
def test_bad_matrices(ctx, make, error, text):
    with pytest.raises(error, match=text):
        make(ctx)


def test_bad_products(ctx):
    with meshmat.Matrix.csc([0, 1, 2], [0, 1], [1.0, 2.0], shape=(2, 2), ctx=ctx) as A, \
            meshmat.Matrix.coo([0], [0], shape=(2, 2), ctx=ctx) as coo:
        with pytest.raises(meshmat.InvalidArgumentError, match="mm_spmv"):
            meshmat.spmv(A, np.ones(3))
        with pytest.raises(meshmat.InvalidArgumentError, match="mm_spmv"):
            meshmat.spmv(A, np.ones(2), meshmat.Map.user(source="return a;"))  # CPU: needs fn
        with pytest.raises(meshmat.InvalidArgumentError, match="mm_spmv"):
            meshmat.spmv(A, np.ones(2), meshmat.Map.circulant([1]))
        with pytest.raises(meshmat.InvalidArgumentError, match="map"):
            meshmat.spmv(A, np.ones(2), "nonsense")
        with pytest.raises(meshmat.InvalidArgumentError, match="give out"):
            meshmat.spmv(A, np.ones(2), accumulate=True)
        with pytest.raises(meshmat.InvalidArgumentError, match="out has shape"):
            meshmat.spmv(A, np.ones(2), out=np.ones(3))
        with pytest.raises(meshmat.InvalidArgumentError, match="mm_spgemm"):
            meshmat.spgemm(A, coo)
        with pytest.raises(meshmat.InvalidArgumentError, match="reduce"):
            meshmat.spgemm(A, A, reduce="mean")
        with pytest.raises(meshmat.InvalidArgumentError, match="4 shifts"):
            meshmat.Map.circulant([1, 2, 3, 4, 5])
        with pytest.raises(ZeroDivisionError):
            meshmat.spmv(A, np.ones(2), meshmat.Map.user(lambda a, b, c: 1 / 0))
        with pytest.raises(KeyError):
            meshmat.spgemm(A, A, lambda_=meshmat.Lambda.user(lambda *a: {}["x"]))


def test_objects_of_two_contexts_do_not_mix(ctx):
    with meshmat.Context("cpu") as other, \
            meshmat.Matrix.csc([0, 1], [0], [1.0], shape=(1, 1), ctx=ctx) as A, \
            meshmat.Matrix.csc([0, 1], [0], [1.0], shape=(1, 1), ctx=other) as B:
        with pytest.raises(meshmat.InvalidArgumentError, match="another context"):
            meshmat.spgemm(A, B)
