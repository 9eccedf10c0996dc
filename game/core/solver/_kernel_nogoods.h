/* Nogood watching, compiled: the twin of NogoodStore.propagate (nogoods.py) with
 * EngineState._set_by_rule as its assign, on the store's own watch lists and nogoods.
 * Part of the compiled kernel (included by _kernel.c after _kernel_state.h).
 */

static int
list_store(PyObject *list, Py_ssize_t at, PyObject *item)
{
    Py_INCREF(item);
    return PyList_SetItem(list, at, item);
}

/* The watch list of a trail entry (borrowed; None or a list: None past the end, where no
 * nogood's entry is), or NULL with an error set. */
static PyObject *
watch_list(PyObject *watches, long entry)
{
    if (entry < 0) {
        PyErr_SetString(PyExc_ValueError, "a trail entry below zero");
        return NULL;
    }
    return entry < PyList_GET_SIZE(watches) ? PyList_GET_ITEM(watches, entry) : Py_None;
}

/* NogoodStore.propagate with EngineState._set_by_rule as its assign: 0 nothing left to look
 * at, 1 a cell forced (*entry_out, *nogood_out borrowed), 2 a nogood broke, -1 error. */
static int
nogood_propagate(PropagatorObject *self, PyObject *watches, Py_ssize_t *head_io, int depth,
                 Counters *c, long *entry_out, PyObject **nogood_out)
{
    unsigned char *cells = (unsigned char *)self->cells_view.buf;
    PyObject *trail = self->trail;
    Py_ssize_t head = *head_io;
    while (head < PyList_GET_SIZE(trail)) {
        PyObject *entry_obj = PyList_GET_ITEM(trail, head);
        long entry = PyLong_AsLong(entry_obj);
        head++;
        PyObject *watching = watch_list(watches, entry);
        if (watching == NULL)
            return -1;
        if (!PyList_Check(watching) || PyList_GET_SIZE(watching) == 0)
            continue;
        *head_io = head;
        Py_INCREF(watching);
        Py_INCREF(entry_obj);
        PyObject *kept = PyList_New(0);
        PyObject *broken = NULL;
        int forced = 0;
        if (kept == NULL)
            goto error;
        Py_ssize_t count = PyList_GET_SIZE(watching);
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *nogood = PyList_GET_ITEM(watching, i);
            PyObject *dropped = nogood_slot(nogood, dropped_offset, str_dropped);
            if (dropped == NULL)
                goto error;
            int is_dropped = dropped == Py_True ? 1 : dropped == Py_False ? 0 : PyObject_IsTrue(dropped);
            if (is_dropped < 0)
                goto error;
            if (is_dropped)
                continue;
            PyObject *entries = nogood_slot(nogood, entries_offset, str_entries);
            if (entries == NULL)
                goto error;
            if (!PyList_Check(entries) || PyList_GET_SIZE(entries) < 2) {
                PyErr_SetString(PyExc_TypeError, "a nogood's entries must be a list of two+");
                goto error;
            }
            PyObject *other_obj = PyList_GET_ITEM(entries, 0);
            long other = PyLong_AsLong(other_obj);
            if (other == entry) {
                other_obj = PyList_GET_ITEM(entries, 1);
                other = PyLong_AsLong(other_obj);
                if (list_store(entries, 0, other_obj) < 0 || list_store(entries, 1, entry_obj) < 0)
                    goto error;
            }
            int other_code = cells[other >> 2];
            if (other_code && other_code != (other & 3)) {
                if (PyList_Append(kept, nogood) < 0)
                    goto error;
                continue;
            }
            int moved = 0;
            Py_ssize_t size = PyList_GET_SIZE(entries);
            for (Py_ssize_t position = 2; position < size; position++) {
                PyObject *candidate = PyList_GET_ITEM(entries, position);
                long value = PyLong_AsLong(candidate);
                if (cells[value >> 2] != (value & 3)) {
                    Py_INCREF(candidate);
                    if (list_store(entries, 1, candidate) < 0 ||
                        list_store(entries, position, entry_obj) < 0) {
                        Py_DECREF(candidate);
                        goto error;
                    }
                    PyObject *target = watch_list(watches, value);
                    if (target == NULL) {
                        Py_DECREF(candidate);
                        goto error;
                    }
                    if (!PyList_Check(target)) {
                        PyObject *fresh = PyList_New(1);
                        if (fresh == NULL) {
                            Py_DECREF(candidate);
                            goto error;
                        }
                        Py_INCREF(nogood);
                        PyList_SET_ITEM(fresh, 0, nogood);
                        if (PyList_SetItem(watches, value, fresh) < 0) {
                            Py_DECREF(candidate);
                            goto error;
                        }
                    }
                    else if (PyList_Append(target, nogood) < 0) {
                        Py_DECREF(candidate);
                        goto error;
                    }
                    Py_DECREF(candidate);
                    moved = 1;
                    break;
                }
            }
            if (moved)
                continue;
            if (PyList_Append(kept, nogood) < 0)
                goto error;
            PyObject *rest = PyList_GetSlice(watching, i + 1, count);
            if (rest == NULL)
                goto error;
            int failed = PyList_SetSlice(kept, PyList_GET_SIZE(kept), PyList_GET_SIZE(kept), rest);
            Py_DECREF(rest);
            if (failed < 0)
                goto error;
            if (other_code) { /* every entry holds */
                broken = nogood;
                break;
            }
            /* Force the other watched cell the other way (codes 1 and 2: XOR 3 swaps). */
            long forced_entry = other ^ 3;
            Py_ssize_t index = forced_entry >> 2;
            if (place(self, index % self->width, index / self->width, (int)(forced_entry & 3),
                      BY_RULE, -1, depth, 1, 1, 1, c) < 0)
                goto error;
            PyObject *key = PyLong_FromSsize_t(index);
            if (key == NULL)
                goto error;
            failed = PyDict_SetItem(self->rule, key, nogood);
            Py_DECREF(key);
            if (failed < 0)
                goto error;
            *entry_out = forced_entry;
            *nogood_out = nogood; /* borrowed: the watch lists hold it */
            forced = 1;
            *head_io = head - 1;
            break;
        }
        if (PyList_SetItem(watches, entry, kept) < 0) { /* steals kept */
            kept = NULL;
            goto error;
        }
        Py_DECREF(watching);
        Py_DECREF(entry_obj);
        if (forced)
            return 1;
        if (broken != NULL) {
            *nogood_out = broken;
            return 2;
        }
        head = *head_io;
        continue;
    error:
        Py_XDECREF(kept);
        Py_DECREF(watching);
        Py_DECREF(entry_obj);
        return -1;
    }
    *head_io = head;
    return 0;
}
