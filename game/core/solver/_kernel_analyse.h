/* Conflict analysis, compiled: the twin of Learner.analyse, _explain, _minimise and
 * _line_reason (engine_learn.py), which stay the reference. Part of the compiled kernel
 * (included by _kernel_propagate.h).
 *
 * analyse() explains a contradiction down to a nogood: it walks the trail back from the
 * contradiction, replacing each marked cell of the current depth by its explanation (the
 * line that forced it, through the same small-reason search and the same explanation memory
 * as the Python twin; the nogood that forced it; the guesses above a cell both probe ways
 * forced) until one such cell is left, bumping the activity of every cell it passes, then
 * drops the nogood's entries implied by the others (one step of minimisation) and picks the
 * depth to jump back to. The same arithmetic in the same order as the Python code, so the
 * engine's activities, nogoods and every count built on them are the same on both cores.
 *
 * Heartbeats (the LinesChecked steps that keep a long analysis from being one long step
 * when someone watches) come back as a list of counts: the Python side yields them in order.
 * The analysis never reads the clock (the Python one does not either).
 */
#ifndef HANJIE_KERNEL_ANALYSE_H
#define HANJIE_KERNEL_ANALYSE_H

#include "_kernel_reason.h"



/* One analysis's view of the engine (its objects and counts as the call hands them over). */
typedef struct {
    PropagatorObject *self;
    PyObject *choices, *cache, *clue_slot, *beats;
    Py_ssize_t limit, analysis_limit;
    double *activity;
    double bump_by;
    long long fits, explanations, reported;
    LongVec scratch; /* a nogood's or the guesses' explanation */
} Analysis;

static long
trail_entry(PropagatorObject *self, Py_ssize_t at)
{
    return PyLong_AsLong(PyList_GET_ITEM(self->trail, at));
}

/* Engine._guessed(depth): the guesses of the first ``depth`` choices, the latest first
 * (``reverse`` 0), or in the order they were made (``reverse`` 1), appended to out. */
static int
guessed(Analysis *an, Py_ssize_t depth, int reverse, LongVec *out)
{
    if (depth > PyList_GET_SIZE(an->choices)) {
        PyErr_SetString(PyExc_ValueError, "deeper than the open choices");
        return -1;
    }
    for (Py_ssize_t i = 0; i < depth; i++) {
        PyObject *choice = PyList_GET_ITEM(an->choices, reverse ? i : depth - 1 - i);
        if (!PyTuple_Check(choice) || PyTuple_GET_SIZE(choice) < 4) {
            PyErr_SetString(PyExc_TypeError, "a choice is (x, y, value, mark)");
            return -1;
        }
        Py_ssize_t mark = PyLong_AsSsize_t(PyTuple_GET_ITEM(choice, 3));
        if (mark < 0 || mark >= PyList_GET_SIZE(an->self->trail)) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a choice's mark beyond the trail");
            return -1;
        }
        if (vec_push(out, trail_entry(an->self, mark)) < 0)
            return -1;
    }
    return 0;
}

/* Learner._line_reason: the compiled search for lines of up to MAX_WORD_LINE cells, the
 * engine's own method (with the counts handed over) for longer ones. */
static int
line_reason(Analysis *an, Py_ssize_t line_id, int before, Py_ssize_t target, LongVec *out)
{
    PropagatorObject *self = an->self;
    if (line_id < 0 || line_id >= self->nlines) {
        PyErr_SetString(PyExc_ValueError, "no such line");
        return -1;
    }
    Py_ssize_t slot = PyLong_AsSsize_t(PyList_GET_ITEM(an->clue_slot, line_id)), fits = 0;
    if (slot == -1 && PyErr_Occurred())
        return -1;
    if (reason_into(self, line_id, before, target, slot, an->cache, an->limit, out, &fits) < 0)
        return -1;
    an->fits += fits;
    an->explanations += 1;
    return 0;
}

/* Learner._explain: the entries that forced the cell ``index`` (none for a decision), as
 * *items / *count, valid until the next call. A line's explanation is kept for the rest of
 * the analysis (the why cache); a nogood that explains is bumped when ``bump``. */
static int
explain(Analysis *an, Py_ssize_t index, int bump, const long **items, Py_ssize_t *count)
{
    PropagatorObject *self = an->self;
    int why = ((const int *)self->reason_view.buf)[index];
    an->scratch.size = 0;
    *items = an->scratch.data;
    *count = 0;
    if (why >= 0) {
        if (self->why_gen[index] != self->why_now) {
            LongVec buf = {self->why_buf, self->why_used, self->why_cap};
            Py_ssize_t start = buf.size;
            int seen = ((const int *)self->seen_view.buf)[index];
            int failed = line_reason(an, why, seen, index, &buf);
            self->why_buf = buf.data;
            self->why_cap = buf.cap;
            if (failed < 0)
                return -1;
            self->why_used = buf.size;
            self->why_gen[index] = self->why_now;
            self->why_at[index] = start;
            self->why_len[index] = buf.size - start;
        }
        *items = self->why_buf + self->why_at[index];
        *count = self->why_len[index];
        return 0;
    }
    if (why == BY_RULE) {
        StoreObject *store = (StoreObject *)self->store;
        int id = store->rule_of[index];
        if (id < 0) {
            PyErr_SetString(PyExc_ValueError, "a cell set by a rule with no rule");
            return -1;
        }
        if (bump)
            store_bump(store, id);
        const int *entries = store->arena + store->start[id];
        for (int i = 0; i < store->size[id]; i++)
            if (entries[i] >> CODE_BITS != index && vec_push(&an->scratch, entries[i]) < 0)
                return -1;
    }
    else if (why == BY_PROBES) {
        int level = ((const int *)self->level_view.buf)[index];
        if (guessed(an, level, 1, &an->scratch) < 0)
            return -1;
    }
    *items = an->scratch.data;
    *count = an->scratch.size;
    return 0;
}

static void
heartbeat_check(Analysis *an, int *failed)
{
    if (an->fits >= HEARTBEAT_FITS || an->explanations - an->reported >= HEARTBEAT_CELLS) {
        an->fits = 0;
        PyObject *count = PyLong_FromLongLong(an->explanations - an->reported);
        an->reported = an->explanations;
        if (count == NULL || PyList_Append(an->beats, count) < 0)
            *failed = 1;
        Py_XDECREF(count);
    }
}

/* A fresh generation of a per-cell stamp array (cleared when the counter wraps). */
static unsigned int
next_generation(unsigned int *stamps, unsigned int *now, Py_ssize_t cells)
{
    *now += 1;
    if (*now == 0) {
        memset(stamps, 0, (size_t)cells * sizeof(unsigned int));
        *now = 1;
    }
    return *now;
}

/* The deepest level among entries (0 for none). */
static int
deepest_level(PropagatorObject *self, const LongVec *entries, Py_ssize_t *where)
{
    const int *level = (const int *)self->level_view.buf;
    int back = 0;
    *where = 0;
    for (Py_ssize_t i = 0; i < entries->size; i++) {
        int depth = level[entries->data[i] >> CODE_BITS];
        if (depth > back) { /* max() keeps the first of equals */
            back = depth;
            *where = i;
        }
    }
    return back;
}

/* Learner._minimise: drop the entries whose own explanation lies wholly among the nogood's
 * cells (or the root); ``entries`` is filtered in place. */
static int
minimise(Analysis *an, LongVec *entries)
{
    PropagatorObject *self = an->self;
    const int *level = (const int *)self->level_view.buf;
    const int *reason = (const int *)self->reason_view.buf;
    Py_ssize_t cells = self->nvars;
    unsigned int now = next_generation(self->mark_gen, &self->mark_now, cells);
    for (Py_ssize_t i = 0; i < entries->size; i++)
        self->mark_gen[entries->data[i] >> CODE_BITS] = now;
    Py_ssize_t kept = 0;
    int failed = 0;
    for (Py_ssize_t i = 0; i < entries->size; i++) {
        long entry = entries->data[i];
        Py_ssize_t index = entry >> CODE_BITS;
        int keep = reason[index] == DECIDED;
        if (!keep) {
            const long *items;
            Py_ssize_t count;
            if (explain(an, index, 0, &items, &count) < 0)
                return -1;
            for (Py_ssize_t j = 0; j < count; j++) {
                Py_ssize_t other = items[j] >> CODE_BITS;
                if (self->mark_gen[other] != now && level[other]) {
                    keep = 1;
                    break;
                }
            }
        }
        if (keep)
            entries->data[kept++] = entry;
        heartbeat_check(an, &failed);
        if (failed)
            return -1;
    }
    entries->size = kept;
    return 0;
}

/* The walk of Learner.analyse: the nogood into result (its first entry the one cell of the
 * current depth left), the depth to jump back to returned; -1 on error. */
static Py_ssize_t
analyse_walk(Analysis *an, Py_ssize_t conflict, PyObject *broken, LongVec *result)
{
    PropagatorObject *self = an->self;
    const int *level = (const int *)self->level_view.buf;
    Py_ssize_t cells = self->nvars;
    Py_ssize_t current = PyList_GET_SIZE(an->choices);
    Py_ssize_t cursor = PyList_GET_SIZE(self->trail);
    LongVec first = {NULL, 0, 0}, earlier = {NULL, 0, 0};
    Py_ssize_t back = -1;
    int failed = 0;
    next_generation(self->why_gen, &self->why_now, cells);
    self->why_used = 0;
    unsigned int marked = next_generation(self->mark_gen, &self->mark_now, cells);
    if (conflict == BROKEN_RULE) {
        StoreObject *store = (StoreObject *)self->store;
        Py_ssize_t id = broken == NULL || broken == Py_None ? -1 : store_id(store, broken);
        if (id < 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a broken rule to explain is needed");
            goto done;
        }
        store_bump(store, id);
        const int *entries = store->arena + store->start[id];
        for (int i = 0; i < store->size[id]; i++)
            if (vec_push(&first, entries[i]) < 0)
                goto done;
    }
    else if (line_reason(an, conflict, (int)cursor, -1, &first) < 0)
        goto done;
    const long *items = first.data;
    Py_ssize_t count = first.size;
    Py_ssize_t pending = 0, explained = 0;
    long entry;
    for (;;) {
        for (Py_ssize_t i = 0; i < count; i++) {
            Py_ssize_t index = items[i] >> CODE_BITS;
            if (index < 0 || index >= cells) {
                PyErr_SetString(PyExc_ValueError, "an explanation off the grid");
                goto done;
            }
            if (self->mark_gen[index] == marked)
                continue;
            int depth = level[index];
            if (!depth)
                continue; /* settled at the root: true whatever the guesses */
            self->mark_gen[index] = marked;
            an->activity[index] += an->bump_by;
            if (depth >= current)
                pending += 1;
            else if (vec_push(&earlier, items[i]) < 0)
                goto done;
        }
        /* The latest marked cell: while cells of the current depth are pending, one of them. */
        do {
            if (cursor <= 0) {
                PyErr_SetString(PyExc_RuntimeError, "the analysis ran off the trail");
                goto done;
            }
            cursor -= 1;
            entry = trail_entry(self, cursor);
        } while (self->mark_gen[entry >> CODE_BITS] != marked);
        pending -= 1;
        if (pending <= 0) /* the first unique implication point */
            break;
        explained += 1;
        heartbeat_check(an, &failed);
        if (failed)
            goto done;
        if (explained > an->analysis_limit) {
            /* A long chain: the guesses so far cannot all hold; learn that, go back one. */
            if (guessed(an, current, 0, result) < 0)
                goto done;
            back = current - 1;
            goto done;
        }
        if (explain(an, entry >> CODE_BITS, 1, &items, &count) < 0)
            goto done;
    }
    Py_ssize_t deepest;
    back = deepest_level(self, &earlier, &deepest);
    if (earlier.size && back >= earlier.size * DECISION_SHARE) {
        if (minimise(an, &earlier) < 0) {
            back = -1;
            goto done;
        }
        back = deepest_level(self, &earlier, &deepest);
    }
    if (vec_push(result, entry) < 0) {
        back = -1;
        goto done;
    }
    if (earlier.size) {
        if (back < earlier.size * DECISION_SHARE) {
            /* The guesses up to ``back`` stand for the cells: shorter, as sound. */
            if (guessed(an, back, 0, result) < 0)
                back = -1;
            goto done;
        }
        /* The deepest entry is watched second: it is the last to be undone. */
        long swap = earlier.data[0];
        earlier.data[0] = earlier.data[deepest];
        earlier.data[deepest] = swap;
        if (vec_reserve(result, result->size + earlier.size) < 0) {
            back = -1;
            goto done;
        }
        memcpy(result->data + result->size, earlier.data, (size_t)earlier.size * sizeof(long));
        result->size += earlier.size;
    }
done:
    PyMem_Free(first.data);
    PyMem_Free(earlier.data);
    if (PyErr_Occurred())
        return -1;
    return back;
}

static int
analysis_scratch(PropagatorObject *self)
{
    if (self->mark_gen != NULL)
        return 0;
    size_t cells = (size_t)self->nvars + 1;
    self->mark_gen = PyMem_Calloc(cells, sizeof(unsigned int));
    self->why_gen = PyMem_Calloc(cells, sizeof(unsigned int));
    self->why_at = PyMem_Calloc(cells, sizeof(Py_ssize_t));
    self->why_len = PyMem_Calloc(cells, sizeof(Py_ssize_t));
    self->probe_code = PyMem_Calloc(cells, 1);
    if (self->mark_gen == NULL || self->why_gen == NULL || self->why_at == NULL ||
        self->why_len == NULL || self->probe_code == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* analyse(conflict, broken, limit, analysis_limit, choices, reason_cache, clue_slot, activity,
 * bump_by, fits, explanations, reported) -> (entries, back, heartbeats, fits, explanations,
 * reported): Learner.analyse up to its aging (the engine ages after it). ``conflict`` is the
 * line that broke or BROKEN_RULE for the nogood ``broken``; ``limit`` is REASON_CACHE_LIMIT
 * and ``analysis_limit`` ANALYSIS_LIMIT (arguments, so tests can make them small). The
 * engine's objects come by position and its counts go back as values: no names cross. The
 * activity (array('d')), the choices, the reason cache and the clue slots are worked on in
 * place. */
static PyObject *
propagator_analyse(PropagatorObject *self, PyObject *args)
{
    PyObject *broken, *choices, *cache, *clue_slot, *activity_obj;
    Py_ssize_t conflict, limit, analysis_limit;
    Analysis an = {0};
    if (!PyArg_ParseTuple(args, "nOnnOOOOdLLL", &conflict, &broken, &limit, &analysis_limit,
                          &choices, &cache, &clue_slot, &activity_obj, &an.bump_by, &an.fits,
                          &an.explanations, &an.reported))
        return NULL;
    if (analysis_scratch(self) < 0)
        return NULL;
    an.self = self;
    an.limit = limit;
    an.analysis_limit = analysis_limit;
    Py_buffer activity = {0};
    PyObject *answer = NULL;
    LongVec result = {NULL, 0, 0};
    an.choices = Py_NewRef(choices);
    an.cache = Py_NewRef(cache);
    an.clue_slot = Py_NewRef(clue_slot);
    activity_obj = Py_NewRef(activity_obj);
    an.beats = PyList_New(0);
    if (an.beats == NULL)
        goto finish;
    if (!PyList_Check(an.choices) || !PyDict_Check(an.cache) || !PyList_Check(an.clue_slot) ||
        PyList_GET_SIZE(an.clue_slot) != self->nlines) {
        PyErr_SetString(PyExc_TypeError, "not a learning engine's state");
        goto finish;
    }
    if (PyObject_GetBuffer(activity_obj, &activity, PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
        goto finish;
    if (activity.format == NULL || strcmp(activity.format, "d") != 0 ||
        activity.len != self->nvars * (Py_ssize_t)sizeof(double)) {
        PyErr_SetString(PyExc_TypeError, "the activity must be array('d'), one a cell");
        goto finish;
    }
    an.activity = (double *)activity.buf;
    Py_ssize_t back = analyse_walk(&an, conflict, broken, &result);
    if (back < 0)
        goto finish;
    PyObject *entries = PyList_New(result.size);
    if (entries == NULL)
        goto finish;
    for (Py_ssize_t i = 0; i < result.size; i++) {
        PyObject *entry = entry_object(self, result.data[i]);
        if (entry == NULL) {
            Py_DECREF(entries);
            goto finish;
        }
        PyList_SET_ITEM(entries, i, entry);
    }
    answer = Py_BuildValue("NnOLLL", entries, back, an.beats, an.fits, an.explanations,
                           an.reported);
finish:
    if (activity.obj != NULL)
        PyBuffer_Release(&activity);
    PyMem_Free(result.data);
    PyMem_Free(an.scratch.data);
    Py_XDECREF(activity_obj);
    Py_XDECREF(an.choices);
    Py_XDECREF(an.cache);
    Py_XDECREF(an.clue_slot);
    Py_XDECREF(an.beats);
    return answer;
}

#endif /* HANJIE_KERNEL_ANALYSE_H */
