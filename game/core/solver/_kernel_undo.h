/* Taking the compiled propagator back (undo: EngineState._undo_to's loop) and setting a cell
 * from Python (place: EngineState._place). */
#ifndef HANJIE_KERNEL_UNDO_H
#define HANJIE_KERNEL_UNDO_H

#include "_kernel_propagate.h"

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

#endif /* HANJIE_KERNEL_UNDO_H */
