/* Taking the compiled propagator back (undo: EngineState._undo_to's loop), setting a cell
 * from Python (place: EngineState._place) and a learned nogood's jump back (jump:
 * Learner.learn up to its propagation). */
#ifndef HANJIE_KERNEL_UNDO_H
#define HANJIE_KERNEL_UNDO_H

#include "_kernel_propagate.h"

/* NogoodStore.undo_to(mark). */
static int
store_undo_to(PropagatorObject *self, Py_ssize_t mark)
{
    StoreObject *store = (StoreObject *)self->store;
    if (store->head > mark)
        store->head = mark;
    return 0;
}

/* Unset the variables set since trail length mark (the twin of EngineState._undo_to's loop:
 * the engine keeps its count of unknown ones and the nogoods' head itself); the first ``save``
 * of them in trail order leave their codes in ``saved`` (a byte a variable); their cells'
 * positions, latest first, into ``undone`` when it is not NULL (black and white: a tuple of
 * length - mark; colour: a list, a cell's position for its yes only, as a no never showed). */
static int
undo_core(PropagatorObject *self, Py_ssize_t mark, Py_ssize_t save, unsigned char *saved,
          PyObject *undone)
{
    PyObject *trail = self->trail;
    Py_ssize_t length = PyList_GET_SIZE(trail);
    Py_ssize_t height = self->height, planes = self->planes;
    unsigned char *cells = (unsigned char *)self->cells_view.buf;
    if (mark < 0 || mark > length) {
        PyErr_SetString(PyExc_ValueError, "a mark beyond the trail");
        return -1;
    }
    for (Py_ssize_t at = length - 1; at >= mark; at--) {
        long entry = PyLong_AsLong(PyList_GET_ITEM(trail, at));
        Py_ssize_t index = entry >> CODE_BITS, x, y, plane;
        if (entry < 0 || index >= self->nvars) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a trail entry off the grid");
            return -1;
        }
        var_place(self, index, &x, &y, &plane);
        self->line_data[y][x * planes + plane] = 0;
        self->line_data[height + x][y * planes + plane] = 0;
        cells[index] = 0;
        if (at - mark < save)
            saved[index] = (unsigned char)(entry & CODE_MASK);
        if (undone != NULL && (planes == 1 || (entry & CODE_MASK) == 1)) {
            PyObject *where = Py_BuildValue("nn", x, y);
            if (where == NULL)
                return -1;
            if (planes == 1)
                PyTuple_SET_ITEM(undone, length - 1 - at, where);
            else {
                int failed = PyList_Append(undone, where);
                Py_DECREF(where);
                if (failed < 0)
                    return -1;
            }
        }
    }
    return PyList_SetSlice(trail, mark, length, NULL);
}

/* undo(mark, save, phase, positions=True) -> the positions (x, y) of the cells set since
 * trail length mark, latest first, now unknown again (undo_core; ``phase`` a bytearray a
 * cell); an empty tuple when ``positions`` is false. */
static PyObject *
propagator_undo(PropagatorObject *self, PyObject *args)
{
    Py_ssize_t mark, save;
    Py_buffer phase;
    int positions = 1;
    if (!PyArg_ParseTuple(args, "nnw*|p", &mark, &save, &phase, &positions))
        return NULL;
    Py_ssize_t length = PyList_GET_SIZE(self->trail);
    if (mark < 0 || mark > length || phase.len != self->cells_view.len) {
        PyBuffer_Release(&phase);
        PyErr_SetString(PyExc_ValueError, "a mark beyond the trail, or no phase a cell");
        return NULL;
    }
    int colour = self->planes > 1 && positions;
    PyObject *undone = colour ? PyList_New(0) : PyTuple_New(positions ? length - mark : 0);
    if (undone == NULL ||
        undo_core(self, mark, save, (unsigned char *)phase.buf, positions ? undone : NULL) < 0) {
        Py_XDECREF(undone);
        PyBuffer_Release(&phase);
        return NULL;
    }
    PyBuffer_Release(&phase);
    if (colour) {
        PyObject *cells = PyList_AsTuple(undone);
        Py_DECREF(undone);
        return cells;
    }
    return undone;
}

/* place(entry, why, depth): EngineState._place for the cell of a trail entry (the engine
 * counts the unknown cells itself). */
static PyObject *
propagator_place(PropagatorObject *self, PyObject *args)
{
    Py_ssize_t entry;
    int why, depth;
    if (!PyArg_ParseTuple(args, "nii", &entry, &why, &depth))
        return NULL;
    Py_ssize_t index = entry >> CODE_BITS;
    int code = (int)(entry & CODE_MASK);
    if (entry < 0 || index >= self->nvars || code < 1 || code > 2) {
        PyErr_SetString(PyExc_ValueError, "not a trail entry of this grid");
        return NULL;
    }
    Counters c = {0};
    if (place(self, index, code, why, -1, depth, 1, 1, 1, &c) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* jump(entries, back, permanent, choices, phase, probe_from, counts) -> over the limit:
 * Learner.learn up to its propagation, for an engine no one watches. The choices from
 * ``back`` on are closed and the cells set since the first of them unset (the first
 * max(0, probe_from - mark) leave their codes in ``phase``, a bytearray a cell); the nogood
 * ``entries`` is kept in the store (two entries or more; one is a fact) and its first
 * entry's cell set the other way, for the nogood (BY_RULE) or as a fact (DECIDED), its lines
 * stamped when ``back`` is 0. ``counts``: array('q') of the engine's unknown cells and its
 * tick, read and written back. Returns whether the store holds more than its limit (the
 * engine then reduces it). */
static PyObject *
propagator_jump(PropagatorObject *self, PyObject *args)
{
    PyObject *entries, *choices, *counts_obj;
    Py_ssize_t back, probe_from;
    int permanent;
    Py_buffer phase, counts_view;
    if (!PyArg_ParseTuple(args, "O!npO!w*nO", &PyList_Type, &entries, &back, &permanent,
                          &PyList_Type, &choices, &phase, &probe_from, &counts_obj))
        return NULL;
    PyObject *answer = NULL, *nogood = NULL;
    if (PyObject_GetBuffer(counts_obj, &counts_view, PyBUF_WRITABLE | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&phase);
        return NULL;
    }
    Py_ssize_t size = PyList_GET_SIZE(entries), open = PyList_GET_SIZE(choices);
    PyObject *choice = back >= 0 && back < open ? PyList_GET_ITEM(choices, back) : NULL;
    if (counts_view.format == NULL || strcmp(counts_view.format, "q") != 0 ||
        counts_view.len != 2 * (Py_ssize_t)sizeof(long long) || phase.len != self->cells_view.len ||
        size < 1 || choice == NULL || !PyTuple_Check(choice) || PyTuple_GET_SIZE(choice) != 4) {
        PyErr_SetString(PyExc_ValueError, "jump takes a nogood, an open choice's depth, the "
                                          "choices, a phase a cell and two counts");
        goto done;
    }
    long long *counts = (long long *)counts_view.buf;
    Py_ssize_t mark = PyLong_AsSsize_t(PyTuple_GET_ITEM(choice, 3));
    Py_ssize_t length = PyList_GET_SIZE(self->trail);
    long first = PyLong_AsLong(PyList_GET_ITEM(entries, 0));
    if (PyErr_Occurred())
        goto done;
    long entry = first ^ CODE_MASK;
    Py_ssize_t index = entry >> CODE_BITS;
    int code = (int)(entry & CODE_MASK);
    if (mark < 0 || mark > length || first < 0 || index >= self->nvars || code < 1 || code > 2) {
        PyErr_SetString(PyExc_ValueError, "a mark beyond the trail, or not a trail entry");
        goto done;
    }
    if (PyList_SetSlice(choices, back, open, NULL) < 0 || store_undo_to(self, mark) < 0)
        goto done;
    counts[0] += length - mark;
    Py_ssize_t save = probe_from - mark > 0 ? probe_from - mark : 0;
    if (undo_core(self, mark, save, (unsigned char *)phase.buf, NULL) < 0)
        goto done;
    StoreObject *store = (StoreObject *)self->store;
    if (size >= 2) {
        PyObject *add_args = Py_BuildValue("(ON)", entries, PyBool_FromLong(permanent));
        if (add_args == NULL)
            goto done;
        nogood = store_add(store, add_args);
        Py_DECREF(add_args);
        if (nogood == NULL)
            goto done;
    }
    else
        nogood = Py_NewRef(Py_None);
    Counters c = {0};
    if (place(self, index, code, BY_RULE, -1, (int)back, 1, 1, 1, &c) < 0)
        goto done;
    counts[0] -= 1;
    PyObject *rule_args = Py_BuildValue("(nO)", index, nogood);
    if (rule_args == NULL)
        goto done;
    PyObject *ruled = store_set_rule(store, rule_args);
    Py_DECREF(rule_args);
    if (ruled == NULL)
        goto done;
    Py_DECREF(ruled);
    if (nogood == Py_None)
        ((int *)self->reason_view.buf)[index] = DECIDED;
    if (!back) {
        Py_ssize_t x, y, plane;
        var_place(self, index, &x, &y, &plane);
        counts[1] += 1;
        if (set_list_long(self->line_stamp, y, counts[1]) < 0 ||
            set_list_long(self->line_stamp, self->height + x, counts[1]) < 0)
            goto done;
    }
    answer = PyBool_FromLong(store->live.size > store->limit);
done:
    Py_XDECREF(nogood);
    PyBuffer_Release(&counts_view);
    PyBuffer_Release(&phase);
    return answer;
}

#endif /* HANJIE_KERNEL_UNDO_H */
