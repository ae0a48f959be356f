/* fold_data.cuh: the vertex-data width and type of a launch made template
 * arguments, so that a kernel folds them as constants: d = 3 (positions) and
 * float64 or float32 each get their own instantiation, every other width
 * D = 0 (the kernel reads d at run time). The specialized paths' launchers
 * share it. */
#ifndef MESHMAT_KERNELS_FOLD_DATA_CUH
#define MESHMAT_KERNELS_FOLD_DATA_CUH

#include <stdint.h>

#include <type_traits>

/* launch(D, F), D and F std::integral_constant<int, …>: D = 3 or 0, F = 1 for
 * float64, 0 for float32. */
template <typename Launch>
static void mmi_fold_data(int64_t d, int f64, Launch launch)
{
    using three = std::integral_constant<int, 3>;
    using any = std::integral_constant<int, 0>;
    using yes = std::integral_constant<int, 1>;
    using no = std::integral_constant<int, 0>;
    if (d == 3 && f64) launch(three(), yes());
    else if (d == 3) launch(three(), no());
    else if (f64) launch(any(), yes());
    else launch(any(), no());
}

#endif
