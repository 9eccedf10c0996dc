/* The engine's compiled kernel: the exact line solver and the explanation's reason search.
 *
 * The twin of game/core/solver/line.py (forced_cells + pack_outcome, smallest_reason), which
 * stays the reference: tests/core/test_kernel_differential.py holds the two to the same
 * answers. Every function here is a pure function of its arguments (no state, no cache), so
 * the engine around it searches, counts and steps exactly as it does on pure Python.
 *
 * Cells are domains: a bit mask of the values a cell may still take, bit 0 the background
 * (empty) and bit c colour c (a black-and-white puzzle has one colour: filled is bit 1). The
 * dynamic programme below is the colour one (two runs of the same colour need a background
 * cell between them, runs of different colours need none); black and white is its case of
 * one colour; plane_packed() solves a colour line on the engine's planes with it.
 *
 * The Propagator type included at the end (_kernel_state.h with _kernel_cache.h,
 * _kernel_nogoods.h, _kernel_propagate.h with _kernel_reason.h, _kernel_analyse.h and
 * _kernel_probe.h) is the one with state: the engine's propagation, conflict analysis and
 * lookahead probes, in place on an engine's own objects, black and white or colour. The
 * DepthFirst type (_kernel_dfs.h) is the second search, with all of its state its own.
 *
 * Built by hatch_build.py (optional: without a compiler the game runs on pure Python).
 */
#include "_kernel_common.h"
#include "_kernel_line_api.h"
#include "_kernel_trials.h"
#include "_kernel_store.h"
#include "_kernel_propagator.h"
#include "_kernel_dfs.h"

static PyMethodDef kernel_methods[] = {
    {"forced_packed", forced_packed, METH_VARARGS,
     "forced_packed(clue, line) -> bytes | None: line.pack_outcome(line.forced_cells(...))."},
    {"shortest_trial", py_shortest_trial, METH_VARARGS,
     "a player's shortest trial at a stall (trial_chain._shortest_trial's twin)"},
    {"line_domains", py_line_domains, METH_VARARGS,
     "line_domains(lengths, colours, masks) -> tuple | None: each cell's possible values."},
    {"plane_packed", py_plane_packed, METH_VARARGS,
     "plane_packed(lengths, colours, line, planes) -> bytes | None: a colour line on planes."},
    {"smallest_reason", py_smallest_reason, METH_VARARGS,
     "smallest_reason(clue, length, filled, empty, order) -> int (lines of <= 62 cells)."},
    {"long_smallest_reason", py_long_smallest_reason, METH_VARARGS,
     "long_smallest_reason(clue, length, filled, empty, order) -> int (lines of any length)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "_kernel", "The engine's compiled kernel (see kernel.py).", -1,
    kernel_methods, NULL, NULL, NULL, NULL,
};

/* _kernel.TWINS: {"module.NAME": value} for every constant of _kernel_abi.h, the module
 * under game.core (tests/core/test_kernel_abi.py checks each against its Python twin). */
static int
twins_ready(PyObject *module)
{
    PyObject *twins = PyDict_New();
    if (twins == NULL)
        return -1;
#define PUT_TWIN(value, twin)                                                               \
    do {                                                                                    \
        PyObject *item_ = (value);                                                          \
        if (item_ == NULL || PyDict_SetItemString(twins, (twin), item_) < 0) {              \
            Py_XDECREF(item_);                                                              \
            Py_DECREF(twins);                                                               \
            return -1;                                                                      \
        }                                                                                   \
        Py_DECREF(item_);                                                                   \
    } while (0)
#define PUT_INT_TWIN(name, value, twin) PUT_TWIN(PyLong_FromLong((long)(name)), twin);
#define PUT_REAL_TWIN(name, value, twin) PUT_TWIN(PyFloat_FromDouble(name), twin);
    KERNEL_INT_TWINS(PUT_INT_TWIN)
    KERNEL_REAL_TWINS(PUT_REAL_TWIN)
#undef PUT_INT_TWIN
#undef PUT_REAL_TWIN
#undef PUT_TWIN
    if (PyModule_AddObject(module, "TWINS", twins) < 0) {
        Py_DECREF(twins);
        return -1;
    }
    return 0;
}

PyMODINIT_FUNC
PyInit__kernel(void)
{
    PyObject *module = PyModule_Create(&kernel_module);
    if (module == NULL)
        return NULL;
    if (twins_ready(module) < 0 || PyModule_AddIntConstant(module, "VERSION", KERNEL_VERSION) < 0 ||
        PyModule_AddIntConstant(module, "MAX_WORD_LINE", MAX_WORD_LINE) < 0 ||
        store_ready(module) < 0 || propagator_ready(module) < 0 ||
        depth_first_ready(module) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
