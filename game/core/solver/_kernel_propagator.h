/* The compiled Propagator as a Python type: its methods (run, reason, analyse, undo, place,
 * jump, lookahead_scan, candidates, queue_line) and the type object; _kernel.c adds it
 * to the module. */
#ifndef HANJIE_KERNEL_PROPAGATOR_H
#define HANJIE_KERNEL_PROPAGATOR_H

#include "_kernel_propagate.h"
#include "_kernel_reason.h"
#include "_kernel_analyse.h"
#include "_kernel_undo.h"
#include "_kernel_probe.h"
#include "_kernel_lookahead.h"

/* queue_line(line_id, round): EngineState._queue_line on the compiled queue. */
static PyObject *
propagator_queue_line(PropagatorObject *self, PyObject *args)
{
    Py_ssize_t line_id;
    long long round;
    if (!PyArg_ParseTuple(args, "nL", &line_id, &round))
        return NULL;
    if (line_id < 0 || line_id >= self->nlines) {
        PyErr_SetString(PyExc_ValueError, "no such line");
        return NULL;
    }
    queue_line(self, (unsigned char *)self->queued_view.buf, line_id, round);
    Py_RETURN_NONE;
}

static PyMethodDef propagator_methods[] = {
    {"cache_sizes", (PyCFunction)propagator_cache_sizes, METH_NOARGS,
     "cache_sizes() -> each line cache's size in the solver's order, or None (dicts)"},
    {"place", (PyCFunction)propagator_place, METH_VARARGS, "place(entry, why, depth)"},
    {"jump", (PyCFunction)propagator_jump, METH_VARARGS,
     "jump(entries, back, permanent, choices, phase, probe_from, counts) -> over the limit"},
    {"candidates", (PyCFunction)propagator_candidates, METH_VARARGS,
     "candidates(activity, count) -> lookahead's cells, the highest branching score first"},
    {"lookahead_scan", (PyCFunction)propagator_lookahead_scan, METH_VARARGS,
     "lookahead_scan(candidates, start, best, best_score, choices, counts, check_clock, "
     "broken_box) -> (kind, at, index, a, b, c, best, best_score): lookahead's loop"},
    {"probe_scan", (PyCFunction)propagator_probe_scan, METH_VARARGS,
     "probe_scan(candidates, depth, tick, prefer_richer, patience, pause, records, scan, "
     "check_clock, broken_box) -> (event, proven): a round of probing, up to its next find"},
    {"queue_line", (PyCFunction)propagator_queue_line, METH_VARARGS, "queue_line(line_id, round)"},
    {"clock_credit", (PyCFunction)propagator_clock_credit, METH_VARARGS,
     "clock_credit(looks): looks at the clock that may pass before _check_clock is called"},
    {"undo", (PyCFunction)propagator_undo, METH_VARARGS,
     "undo(mark, save, phase, positions=True) -> tuple of (x, y), latest first"},
    {"reason", (PyCFunction)propagator_reason, METH_VARARGS,
     "reason(line_id, before, target, slot, cache, limit) -> (entries, fits)"},
    {"analyse", (PyCFunction)propagator_analyse, METH_VARARGS,
     "analyse(conflict, broken, limit, analysis_limit, choices, reason_cache, clue_slot, "
     "activity, bump_by, fits, explanations, reported) -> (entries, back, beats, fits, "
     "explanations, reported)"},
    {"run", (PyCFunction)propagator_run, METH_VARARGS,
     "run(probe, depth, count_rounds, stamping, watching, unknown, tick, countdown, rounds, "
     "quiet) -> (event, a, b, c, unknown, tick, countdown, rounds, quiet, hits, due)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject PropagatorType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "game.core.solver._kernel.Propagator",
    .tp_basicsize = sizeof(PropagatorObject),
    .tp_dealloc = (destructor)propagator_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The engine's propagation loop over its own state (see _kernel_propagate.h).",
    .tp_methods = propagator_methods,
    .tp_new = propagator_new,
};

static int
propagator_ready(PyObject *module)
{
    return add_kernel_type(module, &PropagatorType, "Propagator");
}

#endif /* HANJIE_KERNEL_PROPAGATOR_H */
