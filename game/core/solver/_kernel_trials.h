/* A player's shortest trial, compiled: the twin of trial_chain._shortest_trial and
 * _rounds_to_contradiction (game/core/trial_chain.py), which rate how a probing puzzle feels
 * (issue 46). Part of the compiled kernel: _kernel.c includes it after _kernel_line_api.h
 * (whose read_clue and read_run_colours it uses).
 *
 * At a stall (line logic has nothing left), each value of each open cell is tried in reading
 * order: round 1 solves the cell's row, then its column; each later round the rows and then
 * the columns the last round changed, each in index order, each seeing what the lines before
 * it set. The trial fails at the first line no placement fits. The answer is the trial that
 * fails in the fewest rounds, the first of equals, never run past the rounds of the best so
 * far. In Python, a puzzle's ~2,000 trials a stall cost 50-250 ms (the rating of every
 * probing puzzle pays them); here a trial's cells are changed in place and put back from a
 * log. Lines are solved by line_domains (_kernel_line.h), the domain programme the Python
 * twin calls through kernel.colour_line.
 */
#ifndef HANJIE_KERNEL_TRIALS_H
#define HANJIE_KERNEL_TRIALS_H

#include "_kernel_line_api.h"

typedef struct {
    Py_ssize_t k;
    long *lengths;
    int *colours;
} TrialLine;

typedef struct {
    Py_ssize_t height, width;
    TrialLine *lines; /* rows, then columns */
    domain_t *grid;   /* height * width domains, row by row */
    domain_t *in, *out;
    Py_ssize_t *log_at;
    domain_t *log_was;
    Py_ssize_t logged;
    unsigned char *now, *next; /* lines in this round and the next: rows, then columns */
} TrialBoard;

static void
trial_board_free(TrialBoard *board, Py_ssize_t lines)
{
    if (board->lines != NULL) {
        for (Py_ssize_t i = 0; i < lines; i++) {
            PyMem_Free(board->lines[i].lengths);
            PyMem_Free(board->lines[i].colours);
        }
    }
    PyMem_Free(board->lines);
    PyMem_Free(board->grid);
    PyMem_Free(board->in);
    PyMem_Free(board->out);
    PyMem_Free(board->log_at);
    PyMem_Free(board->log_was);
    PyMem_Free(board->now);
    PyMem_Free(board->next);
}

/* Read one line's runs (lengths >= 1) and their colours (1 to 63). 0, or -1 with an error. */
static int
trial_line_read(TrialLine *line, PyObject *lengths, PyObject *colours)
{
    long small[SMALL_RUNS];
    long *read = NULL;
    Py_ssize_t k = read_clue(lengths, &read, small, SMALL_RUNS);
    if (k < 0)
        return -1;
    line->k = k;
    line->lengths = (long *)PyMem_Malloc((size_t)(k + 1) * sizeof(long));
    if (line->lengths == NULL) {
        if (read != small)
            PyMem_Free(read);
        PyErr_NoMemory();
        return -1;
    }
    if (k)
        memcpy(line->lengths, read, (size_t)k * sizeof(long));
    if (read != small)
        PyMem_Free(read);
    line->colours = read_run_colours(colours, k, 63, "colours must be 1 to 63");
    return line->colours == NULL ? -1 : 0;
}

/* Solve line ``i`` (a row below height, else a column) on the board: 1 when it fits (its
 * changed cells set and logged, the crossing lines marked for the next round), 0 when no
 * placement fits, -1 when memory ran out. */
static int
trial_solve_line(TrialBoard *board, Py_ssize_t i)
{
    Py_ssize_t height = board->height, width = board->width;
    int is_row = i < height;
    Py_ssize_t n = is_row ? width : height;
    Py_ssize_t first = is_row ? i * width : i - height, step = is_row ? 1 : width;
    for (Py_ssize_t p = 0; p < n; p++)
        board->in[p] = board->grid[first + p * step];
    TrialLine *line = &board->lines[i];
    int fits = line_domains(n, line->k, line->lengths, line->colours, board->in, board->out);
    if (fits <= 0)
        return fits;
    for (Py_ssize_t p = 0; p < n; p++) {
        if (board->out[p] == board->in[p])
            continue;
        Py_ssize_t at = first + p * step;
        board->log_at[board->logged] = at;
        board->log_was[board->logged] = board->grid[at];
        board->logged++;
        board->grid[at] = board->out[p];
        board->next[is_row ? height + p : p] = 1; /* the crossing line */
    }
    return 1;
}

/* The rounds from trying ``value`` (a domain of one bit) at cell (y, x) to a contradiction,
 * 0 when there is none within ``limit`` rounds, -1 when memory ran out. The board is put
 * back as it was. */
static long
trial_rounds(TrialBoard *board, Py_ssize_t y, Py_ssize_t x, domain_t value, long limit)
{
    Py_ssize_t height = board->height, width = board->width, lines = height + width;
    long found = 0;
    board->logged = 0;
    Py_ssize_t at = y * width + x;
    board->log_at[0] = at;
    board->log_was[0] = board->grid[at];
    board->logged = 1;
    board->grid[at] = value;
    memset(board->now, 0, (size_t)lines);
    board->now[y] = 1;
    board->now[height + x] = 1;
    for (long round = 1; round <= limit && !found; round++) {
        int any = 0;
        for (Py_ssize_t i = 0; i < lines; i++)
            any |= board->now[i];
        if (!any)
            break;
        memset(board->next, 0, (size_t)lines);
        for (Py_ssize_t i = 0; i < lines; i++) { /* rows first, then columns, in order */
            if (!board->now[i])
                continue;
            int fits = trial_solve_line(board, i);
            if (fits < 0) {
                found = -1;
                break;
            }
            if (!fits) {
                found = round;
                break;
            }
        }
        unsigned char *swap = board->now;
        board->now = board->next;
        board->next = swap;
    }
    while (board->logged > 0) { /* last change first: the first write's old value wins */
        board->logged--;
        board->grid[board->log_at[board->logged]] = board->log_was[board->logged];
    }
    return found;
}

/* shortest_trial(row_lengths, row_colours, column_lengths, column_colours, grid, width,
 * limit) -> (rounds, y, x, bit) | None: trial_chain._shortest_trial over every open cell of
 * ``grid`` (a flat sequence of domains, row by row), each line's runs as a sequence of
 * lengths and one of colours. */
static PyObject *
py_shortest_trial(PyObject *self, PyObject *args)
{
    PyObject *row_lengths, *row_colours, *column_lengths, *column_colours, *grid_seq;
    Py_ssize_t width;
    long limit;
    if (!PyArg_ParseTuple(args, "OOOOOnl", &row_lengths, &row_colours, &column_lengths,
                          &column_colours, &grid_seq, &width, &limit))
        return NULL;
    PyObject *answer = NULL;
    PyObject *rl = NULL, *rc = NULL, *cl = NULL, *cc = NULL, *cells = NULL;
    TrialBoard board = {0};
    Py_ssize_t lines = 0;
    rl = PySequence_Fast(row_lengths, "row lengths must be a sequence");
    rc = PySequence_Fast(row_colours, "row colours must be a sequence");
    cl = PySequence_Fast(column_lengths, "column lengths must be a sequence");
    cc = PySequence_Fast(column_colours, "column colours must be a sequence");
    cells = PySequence_Fast(grid_seq, "the grid must be a sequence of domains");
    if (rl == NULL || rc == NULL || cl == NULL || cc == NULL || cells == NULL)
        goto done;
    Py_ssize_t height = PySequence_Fast_GET_SIZE(rl);
    if (width < 1 || height < 1 || PySequence_Fast_GET_SIZE(rc) != height ||
        PySequence_Fast_GET_SIZE(cl) != width || PySequence_Fast_GET_SIZE(cc) != width ||
        PySequence_Fast_GET_SIZE(cells) != height * width) {
        PyErr_SetString(PyExc_ValueError, "a clue and a colour list a line, a domain a cell");
        goto done;
    }
    lines = height + width;
    Py_ssize_t longest = height > width ? height : width;
    board.height = height;
    board.width = width;
    board.grid = (domain_t *)PyMem_Malloc((size_t)(height * width) * sizeof(domain_t));
    if (board.grid == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    /* A trial's log: its cell, then each change, and a change takes a value off a cell. */
    Py_ssize_t changes = 1;
    for (Py_ssize_t p = 0; p < height * width; p++) {
        unsigned long long mask = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(cells, p));
        if (mask == (unsigned long long)-1 && PyErr_Occurred())
            goto done;
        if (mask == 0) {
            PyErr_SetString(PyExc_ValueError, "a cell's domain must hold a value");
            goto done;
        }
        board.grid[p] = (domain_t)mask;
        for (mask &= mask - 1; mask; mask &= mask - 1)
            changes++;
    }
    board.lines = (TrialLine *)PyMem_Calloc((size_t)lines, sizeof(TrialLine));
    board.in = (domain_t *)PyMem_Malloc((size_t)(longest + 1) * sizeof(domain_t));
    board.out = (domain_t *)PyMem_Malloc((size_t)(longest + 1) * sizeof(domain_t));
    board.log_at = (Py_ssize_t *)PyMem_Malloc((size_t)changes * sizeof(Py_ssize_t));
    board.log_was = (domain_t *)PyMem_Malloc((size_t)changes * sizeof(domain_t));
    board.now = (unsigned char *)PyMem_Malloc((size_t)lines);
    board.next = (unsigned char *)PyMem_Malloc((size_t)lines);
    if (board.lines == NULL || board.in == NULL || board.out == NULL || board.log_at == NULL ||
        board.log_was == NULL || board.now == NULL || board.next == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < lines; i++) {
        int row = i < height;
        PyObject *l = PySequence_Fast_GET_ITEM(row ? rl : cl, row ? i : i - height);
        PyObject *c = PySequence_Fast_GET_ITEM(row ? rc : cc, row ? i : i - height);
        if (trial_line_read(&board.lines[i], l, c) < 0)
            goto done;
    }
    long best = 0;
    Py_ssize_t best_y = 0, best_x = 0;
    int best_bit = 0;
    for (Py_ssize_t y = 0; y < height && best != 1; y++) {
        for (Py_ssize_t x = 0; x < width && best != 1; x++) {
            domain_t domain = board.grid[y * width + x];
            if ((domain & (domain - 1)) == 0)
                continue; /* settled */
            for (int bit = 0; bit < 64 && best != 1; bit++) {
                if (!((domain >> bit) & 1))
                    continue;
                long rounds = trial_rounds(&board, y, x, (domain_t)1 << bit, limit);
                if (rounds < 0) {
                    PyErr_NoMemory();
                    goto done;
                }
                if (rounds > 0 && (best == 0 || rounds < best)) {
                    best = rounds;
                    best_y = y;
                    best_x = x;
                    best_bit = bit;
                    limit = rounds - 1;
                }
            }
        }
    }
    answer = best ? Py_BuildValue("lnni", best, best_y, best_x, best_bit) : Py_NewRef(Py_None);
done:
    trial_board_free(&board, lines);
    Py_XDECREF(rl);
    Py_XDECREF(rc);
    Py_XDECREF(cl);
    Py_XDECREF(cc);
    Py_XDECREF(cells);
    return answer;
}

#endif /* HANJIE_KERNEL_TRIALS_H */
