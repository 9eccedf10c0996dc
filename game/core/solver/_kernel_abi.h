/* What the kernel and its Python twins must agree on: the kernel's version and every constant
 * it shares with the pure-Python engine, each named once with the Python constant it equals.
 *
 * The module exports the table as _kernel.TWINS ({"module.NAME": value}, the module under
 * game.core); tests/core/test_kernel_abi.py imports each Python constant and checks
 * the two agree, so a constant changed on one side only fails the tests at once, not when a
 * differential test happens to reach it. KERNEL_VERSION is written here only: kernel.py reads
 * it from this file where the sources are (a source tree, an editable install) and refuses a
 * built module that reports another (a stale build runs pure Python, never wrong answers).
 */
#ifndef HANJIE_KERNEL_ABI_H
#define HANJIE_KERNEL_ABI_H

/* Bumped with every change of behaviour or signature. */
#define KERNEL_VERSION 26

/* X(C name, value, "the Python twin") for integers... */
#define KERNEL_INT_TWINS(X)                                                                 \
    X(CELL_FILLED, 1, "cells.FILLED")                                                       \
    X(CELL_EMPTY, 2, "cells.EMPTY")                                                         \
    X(WIDE_LINE, 256, "solver.line.WIDE_LINE")                                              \
    X(CODE_BITS, 2, "solver.engine_state.CODE_BITS")                                        \
    X(CODE_MASK, 3, "solver.engine_state.CODE_MASK")                                        \
    X(KERNEL_STATE_FIELDS, 23, "solver.kernel_state.KERNEL_STATE_FIELDS")                   \
    X(EV_DONE, 0, "solver.engine_state.EV_DONE")                                            \
    X(EV_LINE_CONFLICT, 1, "solver.engine_state.EV_LINE_CONFLICT")                          \
    X(EV_RULE_BROKEN, 2, "solver.engine_state.EV_RULE_BROKEN")                              \
    X(EV_RULE_FORCED, 3, "solver.engine_state.EV_RULE_FORCED")                              \
    X(EV_LINE_DEDUCED, 4, "solver.engine_state.EV_LINE_DEDUCED")                            \
    X(EV_HEARTBEAT, 5, "solver.engine_state.EV_HEARTBEAT")                                  \
    X(HEARTBEAT_LINES, 48, "solver.engine_state.HEARTBEAT_LINES")                           \
    X(CLOCK_EVERY, 16, "solver.engine_state.CLOCK_EVERY")                                   \
    X(DECIDED, -1, "solver.engine_state.DECIDED")                                           \
    X(BY_RULE, -2, "solver.engine_state.BY_RULE")                                           \
    X(BY_PROBES, -3, "solver.engine_state.BY_PROBES")                                       \
    X(BROKEN_RULE, -2, "solver.engine_state.BROKEN_RULE")                                   \
    X(HEARTBEAT_FITS, 100, "solver.engine_learn.HEARTBEAT_FITS")                            \
    X(HEARTBEAT_CELLS, 24, "solver.engine_learn.HEARTBEAT_CELLS")                           \
    X(PAIR_BROKE, 0, "solver.engine_lookahead.PAIR_BROKE")                                  \
    X(PAIR_SOLVED, 1, "solver.engine_lookahead.PAIR_SOLVED")                                \
    X(PAIR_BOTH, 2, "solver.engine_lookahead.PAIR_BOTH")                                    \
    X(PAIR_DONE, 3, "solver.engine_lookahead.PAIR_DONE")                                    \
    X(SCAN_FOUND, 0, "solver.engine_probe.SCAN_FOUND")                                      \
    X(SCAN_CONTRADICTION, 1, "solver.engine_probe.SCAN_CONTRADICTION")                      \
    X(SCAN_PAUSED, 2, "solver.engine_probe.SCAN_PAUSED")                                    \
    X(SCAN_END, 3, "solver.engine_probe.SCAN_END")                                          \
    X(SCAN_SLOTS, 12, "solver.engine_probe.SCAN_SLOTS")                                     \
    X(LINE_SOLVED, 0, "solver.line.SOLVED")                                                 \
    X(LINE_HITS, 1, "solver.line.HITS")                                                     \
    X(LINE_SIZE, 2, "solver.line.SIZE")                                                     \
    X(LINE_LIMIT, 3, "solver.line.LIMIT")                                                   \
    X(LINE_CLUE_LIMIT, 4, "solver.line.CLUE_LIMIT")                                         \
    X(LINE_COUNTS, 5, "solver.line.LINE_COUNTS")                                            \
    X(DFS_MAX_LINE, 62, "solver.depth_first.MAX_LINE")

/* ... and for reals. */
#define KERNEL_REAL_TWINS(X)                                                                \
    X(DECISION_SHARE, 0.5, "solver.engine_learn.DECISION_SHARE")                            \
    X(IMBALANCE_WEIGHT, 1.85, "solver.engine_lookahead.IMBALANCE_WEIGHT")                  \
    X(STORE_LIMIT_GROWTH, 1.1, "solver.nogoods.LIMIT_GROWTH")                               \
    X(STORE_ACTIVITY_GROWTH, 1.0 / 0.999, "solver.nogoods.ACTIVITY_GROWTH")                 \
    X(RESCALE_ABOVE, 1e100, "solver.nogoods._RESCALE_ABOVE")

#define KERNEL_INT_ENUM(name, value, twin) name = (value),
enum { KERNEL_INT_TWINS(KERNEL_INT_ENUM) };
#undef KERNEL_INT_ENUM

#define KERNEL_REAL_CONSTANT(name, value, twin) static const double name = (value);
KERNEL_REAL_TWINS(KERNEL_REAL_CONSTANT)
#undef KERNEL_REAL_CONSTANT

#endif /* HANJIE_KERNEL_ABI_H */
