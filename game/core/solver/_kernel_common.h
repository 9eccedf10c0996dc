/* What every part of the kernel starts from: Python's headers, the ABI shared with the
 * Python twins (_kernel_abi.h), a cell's domain and the sizes of the word solvers. */
#ifndef HANJIE_KERNEL_COMMON_H
#define HANJIE_KERNEL_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_kernel_abi.h"

/* A cell is a domain: a bit mask of the values it may still take, bit 0 the background
 * (empty) and bit c colour c (black and white has one colour: filled is bit 1). */
typedef uint64_t domain_t;
#define BACKGROUND ((domain_t)1)

/* Runs and cells a line's buffers hold on the stack before they go to the heap. */
#define SMALL_RUNS 64
#define SMALL_CELLS 256

/* Lines of at most WORD_LINE cells are solved on 64-bit words (the bit-parallel programme of
 * line.forced_cells: the line, its padding cell and one past it fit in a word);
 * MAX_WORD_LINE is the longest line the word reason search takes. */
#define WORD_LINE 62
#define MAX_WORD_LINE 62

/* lowest_bit(word): the index of the lowest set bit of a non-zero 64-bit word;
 * prefetch_hint(address): ask for memory early (a hint, no effect on results). The
 * compilers' builtins, and MSVC's intrinsics where it has no such builtins. */
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static __inline int
lowest_bit(uint64_t word)
{
    unsigned long index;
#if defined(_M_X64) || defined(_M_ARM64)
    _BitScanForward64(&index, word);
#else
    if ((unsigned long)word != 0) {
        _BitScanForward(&index, (unsigned long)word);
    }
    else {
        _BitScanForward(&index, (unsigned long)(word >> 32));
        index += 32;
    }
#endif
    return (int)index;
}
#define prefetch_hint(address) ((void)(address))
#else
#define lowest_bit(word) __builtin_ctzll((unsigned long long)(word))
#define prefetch_hint(address) __builtin_prefetch(address)
#endif

/* Make ``type`` ready and add it to ``module`` as ``name``: 0, or -1 with an error set (the
 * kernel's types: NogoodStore, Propagator, DepthFirst). */
static int
add_kernel_type(PyObject *module, PyTypeObject *type, const char *name)
{
    if (PyType_Ready(type) < 0)
        return -1;
    Py_INCREF(type);
    if (PyModule_AddObject(module, name, (PyObject *)type) < 0) {
        Py_DECREF(type);
        return -1;
    }
    return 0;
}

#endif /* HANJIE_KERNEL_COMMON_H */
