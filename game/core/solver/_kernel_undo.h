/* Taking the compiled propagator back (undo: EngineState._undo_to's loop) and setting a cell
 * from Python (place: EngineState._place). */
#ifndef HANJIE_KERNEL_UNDO_H
#define HANJIE_KERNEL_UNDO_H

#include "_kernel_propagate.h"

/* Unset the cells set since trail length mark (the twin of EngineState._undo_to's loop: the
 * engine keeps its count of unknown cells and the nogoods' head itself); the first ``save``
 * of them in trail order leave their codes in ``saved`` (a byte a cell); their positions,
 * latest first, into ``undone`` when it is not NULL (a tuple of length - mark). */
static int
undo_core(PropagatorObject *self, Py_ssize_t mark, Py_ssize_t save, unsigned char *saved,
          PyObject *undone)
{
    PyObject *trail = self->trail;
    Py_ssize_t length = PyList_GET_SIZE(trail);
    Py_ssize_t width = self->width, height = self->height;
    unsigned char *cells = (unsigned char *)self->cells_view.buf;
    if (mark < 0 || mark > length) {
        PyErr_SetString(PyExc_ValueError, "a mark beyond the trail");
        return -1;
    }
    for (Py_ssize_t at = length - 1; at >= mark; at--) {
        long entry = PyLong_AsLong(PyList_GET_ITEM(trail, at));
        Py_ssize_t index = entry >> CODE_BITS;
        Py_ssize_t y = index / width, x = index % width;
        if (entry < 0 || y >= height) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a trail entry off the grid");
            return -1;
        }
        self->line_data[y][x] = 0;
        self->line_data[height + x][y] = 0;
        cells[index] = 0;
        if (at - mark < save)
            saved[index] = (unsigned char)(entry & CODE_MASK);
        if (undone != NULL) {
            PyObject *where = Py_BuildValue("nn", x, y);
            if (where == NULL)
                return -1;
            PyTuple_SET_ITEM(undone, length - 1 - at, where);
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
    PyObject *undone = PyTuple_New(positions ? length - mark : 0);
    if (undone == NULL ||
        undo_core(self, mark, save, (unsigned char *)phase.buf, positions ? undone : NULL) < 0) {
        Py_XDECREF(undone);
        PyBuffer_Release(&phase);
        return NULL;
    }
    PyBuffer_Release(&phase);
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
    if (entry < 0 || index >= self->width * self->height || code < 1 || code > 2) {
        PyErr_SetString(PyExc_ValueError, "not a trail entry of this grid");
        return NULL;
    }
    Counters c = {0};
    if (place(self, index % self->width, index / self->width, code, why, -1, depth, 1, 1, 1, &c) <
        0)
        return NULL;
    Py_RETURN_NONE;
}

#endif /* HANJIE_KERNEL_UNDO_H */
