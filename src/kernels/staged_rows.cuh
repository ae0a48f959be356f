/* staged_rows.cuh: a block's output rows written through shared memory. Rules
 * that make W consecutive words per element (a parent's refined triangles)
 * would store them at a stride of W words across a warp's lanes, W × 4 bytes
 * apart: each store instruction then touches a sector per lane. Staged, the
 * rule writes its words to shared memory and the block stores its whole
 * range, lane after lane, in full 128-byte lines. And the lanes of a block's
 * rows of d values, one per row and component (mmi_rows_for). */
#ifndef MESHMAT_KERNELS_STAGED_ROWS_CUH
#define MESHMAT_KERNELS_STAGED_ROWS_CUH

#include <stdint.h>

/* rule(e, part, o) writes part `part` of element e's W words into o[0 …
 * W − 1], for every e < count and part < P (P threads per element), over a
 * grid-stride loop of T-thread blocks, T / P elements at a time; out[e W +
 * w] receives them. The staging stride is odd, so that the lanes' words
 * fall in distinct banks; the store loop steps word w's place in the stage
 * (element w / W, word w mod W) by T words, without a division. */
template <int W, int T, int P, typename Rule>
__device__ void mmi_staged_rows(int64_t count, uint32_t *out, Rule rule)
{
    const int S = W | 1, E = T / P;
    __shared__ uint32_t stage[E * S];
    for (int64_t base = (int64_t)blockIdx.x * E; base < count; base += (int64_t)gridDim.x * E) {
        int64_t e = base + threadIdx.x / P;
        if (threadIdx.x < E * P && e < count) rule(e, threadIdx.x % P, stage + (threadIdx.x / P) * S);
        __syncthreads();
        int n = (int)(count - base < E ? count - base : E);
        uint32_t *o = out + base * W;
        int r = threadIdx.x % W, at = (threadIdx.x / W) * S + r;
        for (int w = threadIdx.x; w < n * W; w += T) {
            o[w] = stage[at];
            at += (T / W) * S + T % W;
            r += T % W;
            if (r >= W) r -= W, at += S - W;
        }
        __syncthreads();
    }
}

/* Stores v at p, evict-first where `last`: an evaluation's last step (no
 * ring sums kept for a next level, no final rows), whose rows nothing of the
 * evaluation reads again, so that L2 keeps more of the rows it gathers.
 * Only for rows a block writes as whole runs (√3's four-components rows,
 * Loop's wide inner rows): rows written a few at a place, whose sectors
 * other blocks complete, went out in pieces and were slower
 * (bench/results/streaming-stores-dropped, sqrt3-last-stores,
 * loop-wide-last-stores). */
template <typename V>
__device__ __forceinline__ void mmi_store_last(V *p, V v, bool last)
{
    if (last) __stcs(p, v);
    else *p = v;
}

/* body(q, c) for rows q < count of d values and their components c, one
 * lane each, over the block's threads. The thread's place is taken apart in
 * 32 bits, and for a width read at run time (D = 0) once, before the loop: a
 * 64-bit division by it is a long subroutine, and was the most executed code
 * of Catmull-Clark's staged kernel for d = 12. The threads past the last
 * whole row of the block then idle (none where d divides the block). */
template <int D, typename Body>
__device__ void mmi_rows_for(unsigned count, unsigned d, Body body)
{
    if constexpr (D > 0) {
        for (unsigned t = threadIdx.x; t < count * D; t += blockDim.x) body(t / D, t % D);
    } else {
        const unsigned R = blockDim.x / d, q0 = threadIdx.x / d, c = threadIdx.x % d;
        for (unsigned q = q0; q < count && q0 < R; q += R) body(q, c);
    }
}

#endif
