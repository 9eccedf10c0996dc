/* A line's explanation, compiled: the twin of Learner._line_reason (engine_learn.py) for lines
 * of up to MAX_WORD_LINE cells. Of the line's cells set before its solve, drop the latest
 * first while the rest still cannot hold the clue (with the forced cell the other way): what
 * is left is why the line forced the cell, or broke. Part of the compiled kernel (included by
 * _kernel_propagate.h, before _kernel_analyse.h, which explains contradictions with it).
 */

/* A growable array of trail entries. */
typedef struct {
    long *data;
    Py_ssize_t size, cap;
} LongVec;

static int
vec_reserve(LongVec *vec, Py_ssize_t need)
{
    if (need <= vec->cap)
        return 0;
    Py_ssize_t cap = vec->cap ? vec->cap : 64;
    while (cap < need)
        cap *= 2;
    long *data = PyMem_Realloc(vec->data, (size_t)cap * sizeof(long));
    if (data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    vec->data = data;
    vec->cap = cap;
    return 0;
}

static int
vec_push(LongVec *vec, long value)
{
    if (vec->size >= vec->cap && vec_reserve(vec, vec->size + 1) < 0)
        return -1;
    vec->data[vec->size++] = value;
    return 0;
}

/* One known cell of a line, for a line's reason. */
typedef struct {
    int at;
    int offset;
    Py_ssize_t index;
} Known;

/* The twin of Learner._line_reason for a line of at most MAX_WORD_LINE cells: the kept trail
 * entries appended to out, *fits_out the line fits tried. The explanation memory ``cache``
 * is the Python twin's (bytes keys here, ints there: never the same key, the same count of
 * entries, so the memory is emptied when the Python twin's would be). 0, or -1 on error. */
static int
reason_into(PropagatorObject *self, Py_ssize_t line_id, int before, Py_ssize_t target,
            Py_ssize_t slot, PyObject *cache, Py_ssize_t limit, LongVec *out,
            Py_ssize_t *fits_out)
{
    Py_ssize_t width = self->width, height = self->height;
    int is_row = line_id < height;
    Py_ssize_t length = is_row ? width : height;
    const unsigned char *line = self->line_data[line_id];
    const unsigned char *cells = (const unsigned char *)self->cells_view.buf;
    const int *position = (const int *)self->position_view.buf;
    Known known[MAX_WORD_LINE];
    int count = 0;
    uint64_t filled = 0, empty = 0;
    for (Py_ssize_t offset = 0; offset < length; offset++) {
        int code = line[offset];
        if (!code)
            continue;
        Py_ssize_t index = is_row ? line_id * width + offset : offset * width + (line_id - height);
        int at = position[index];
        if (at < before) {
            known[count].at = at;
            known[count].offset = (int)offset;
            known[count].index = index;
            count++;
            if (code == 1)
                filled |= ((uint64_t)1) << offset;
            else
                empty |= ((uint64_t)1) << offset;
        }
    }
    long long target_offset = -1;
    if (target >= 0) {
        target_offset = is_row ? target % width : target / width;
        if (cells[target] == 1)
            empty |= ((uint64_t)1) << target_offset;
        else
            filled |= ((uint64_t)1) << target_offset;
    }
    long long packed[4] = {(long long)slot, target_offset + 1, (long long)filled,
                           (long long)empty};
    PyObject *key = PyBytes_FromStringAndSize((const char *)packed, sizeof packed);
    if (key == NULL)
        return -1;
    *fits_out = 0;
    uint64_t kept_bits;
    PyObject *cached = PyDict_GetItemWithError(cache, key);
    if (cached != NULL) {
        kept_bits = (uint64_t)PyLong_AsUnsignedLongLong(cached);
        if (PyErr_Occurred()) {
            Py_DECREF(key);
            return -1;
        }
    }
    else {
        if (PyErr_Occurred()) {
            Py_DECREF(key);
            return -1;
        }
        *fits_out = count;
        /* The latest set first (positions differ): an insertion sort, as a line holds at
         * most MAX_WORD_LINE of them (qsort's calls cost more at this size). */
        for (int i = 1; i < count; i++) {
            Known moving = known[i];
            int j = i;
            for (; j > 0 && known[j - 1].at < moving.at; j--)
                known[j] = known[j - 1];
            known[j] = moving;
        }
        const long *runs = self->runs + self->run_at[line_id];
        Py_ssize_t k = self->run_at[line_id + 1] - self->run_at[line_id];
        uint64_t f = filled, e = empty;
        for (int i = 0; i < count; i++) {
            uint64_t bit = ((uint64_t)1) << known[i].offset;
            if (f & bit) {
                if (!fits_word(runs, k, f ^ bit, e, (int)length))
                    f ^= bit;
            }
            else if ((e & bit) && !fits_word(runs, k, f, e ^ bit, (int)length))
                e ^= bit;
        }
        kept_bits = f | e;
        if (PyDict_GET_SIZE(cache) >= limit)
            PyDict_Clear(cache);
        PyObject *value = PyLong_FromUnsignedLongLong((unsigned long long)kept_bits);
        if (value == NULL || PyDict_SetItem(cache, key, value) < 0) {
            Py_XDECREF(value);
            Py_DECREF(key);
            return -1;
        }
        Py_DECREF(value);
    }
    Py_DECREF(key);
    if (vec_reserve(out, out->size + count) < 0)
        return -1;
    for (int i = 0; i < count; i++)
        if ((kept_bits >> known[i].offset) & 1)
            out->data[out->size++] = (long)((known[i].index << 2) | cells[known[i].index]);
    return 0;
}

/* reason(line_id, before, target, slot, cache, limit) -> (entries, fits): reason_into for
 * Learner._line_reason. */
static PyObject *
propagator_reason(PropagatorObject *self, PyObject *args)
{
    Py_ssize_t line_id, target, slot, limit;
    int before;
    PyObject *cache;
    if (!PyArg_ParseTuple(args, "ninnO!n", &line_id, &before, &target, &slot, &PyDict_Type,
                          &cache, &limit))
        return NULL;
    if (line_id < 0 || line_id >= self->nlines ||
        (target >= 0 && target >= self->width * self->height)) {
        PyErr_SetString(PyExc_ValueError, "no such line or cell");
        return NULL;
    }
    Py_ssize_t length = line_id < self->height ? self->width : self->height;
    if (length > MAX_WORD_LINE) {
        PyErr_SetString(PyExc_ValueError, "line too long for the word kernel");
        return NULL;
    }
    long room[MAX_WORD_LINE];
    LongVec out = {room, 0, MAX_WORD_LINE};
    Py_ssize_t fits = 0;
    if (reason_into(self, line_id, before, target, slot, cache, limit, &out, &fits) < 0)
        return NULL;
    PyObject *kept = PyList_New(out.size);
    if (kept == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < out.size; i++) {
        PyObject *entry = entry_object(self, out.data[i]);
        if (entry == NULL) {
            Py_DECREF(kept);
            return NULL;
        }
        PyList_SET_ITEM(kept, i, entry);
    }
    return Py_BuildValue("Nn", kept, fits);
}

