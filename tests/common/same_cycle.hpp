// same_cycle.hpp: face comparison for the C++ oracle tests: two faces are the
// same when one's vertex list is a rotation of the other's (same orientation,
// any first vertex).
#ifndef MESHMAT_TESTS_SAME_CYCLE_HPP
#define MESHMAT_TESTS_SAME_CYCLE_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

// b as its n ids in place (a face's run of a row array): the oracle tests
// try several candidate faces for each of the reference's, and a vector made
// for each try was most of their time under the sanitizers.
inline bool same_cycle(const std::vector<uint32_t> &a, const uint32_t *b, size_t n)
{
    if (a.size() != n) return false;
    for (size_t r = 0; r < n; ++r) {
        size_t k = 0;
        while (k < n && a[k] == b[(k + r) % n]) ++k;
        if (k == n) return true;
    }
    return a.empty();
}

inline bool same_cycle(const std::vector<uint32_t> &a, const std::vector<uint32_t> &b)
{
    return same_cycle(a, b.data(), b.size());
}

// b as face t of a row array: ids rows[ptr[t]] … rows[ptr[t + 1] − 1].
inline bool same_cycle(const std::vector<uint32_t> &a, const std::vector<int64_t> &ptr,
                       const std::vector<uint32_t> &rows, int64_t t)
{
    size_t first = (size_t)ptr[(size_t)t];
    return same_cycle(a, rows.data() + first, (size_t)ptr[(size_t)t + 1] - first);
}

#endif
