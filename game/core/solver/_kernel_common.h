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

#endif /* HANJIE_KERNEL_COMMON_H */
