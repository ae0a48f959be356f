/* meshmat.h: the whole public C API of meshmat, a sparse-matrix mesh engine.
 * Start with meshmat/context.h; docs/architecture.md maps the layers. */
#ifndef MESHMAT_H
#define MESHMAT_H

#include "meshmat/context.h"
#include "meshmat/matrix.h"
#include "meshmat/dense.h"
#include "meshmat/mesh.h"
#include "meshmat/io.h"
#include "meshmat/weld.h"
#include "meshmat/reorder.h"
#include "meshmat/ops.h"
#include "meshmat/dense_ops.h"
#include "meshmat/subdiv.h"

#endif
