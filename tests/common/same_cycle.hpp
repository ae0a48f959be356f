// same_cycle.hpp: face comparison for the C++ oracle tests: two faces are the
// same when one's vertex list is a rotation of the other's (same orientation,
// any first vertex).
#ifndef MESHMAT_TESTS_SAME_CYCLE_HPP
#define MESHMAT_TESTS_SAME_CYCLE_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

inline bool same_cycle(const std::vector<uint32_t> &a, const std::vector<uint32_t> &b)
{
    if (a.size() != b.size()) return false;
    for (size_t r = 0; r < a.size(); ++r) {
        size_t k = 0;
        while (k < a.size() && a[k] == b[(k + r) % b.size()]) ++k;
        if (k == a.size()) return true;
    }
    return a.empty();
}

#endif
