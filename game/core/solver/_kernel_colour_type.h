/* The compiled ColourPropagator as a Python type: its methods (the effort's line logic in
 * generations) and the type object; _kernel.c adds it to the module. */
#ifndef HANJIE_KERNEL_COLOUR_TYPE_H
#define HANJIE_KERNEL_COLOUR_TYPE_H

#include "_kernel_colour.h"
#include "_kernel_effort.h"

static PyMethodDef colour_methods[] = {
    {"generations", (PyCFunction)effort_generations, METH_VARARGS,
     "generations(queue, trail, count, seen, line_stamp): start line logic in generations."},
    {"generations_run", (PyCFunction)effort_run, METH_VARARGS,
     "generations_run(rounds, tick, lines, lines_solved, since_beat) -> (event, what, rounds, "
     "tick, lines, lines_solved, since_beat)."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef colour_members[] = {
    {"cached", T_PYSSIZET, offsetof(ColourPropagatorObject, count), READONLY,
     "entries in the line cache"},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject ColourPropagatorType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "game.core.solver._kernel.ColourPropagator",
    .tp_basicsize = sizeof(ColourPropagatorObject),
    .tp_dealloc = (destructor)colour_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A colour player's line logic and line cache (_kernel_colour.h).",
    .tp_methods = colour_methods,
    .tp_members = colour_members,
    .tp_new = colour_new,
};

static int
colour_propagator_ready(PyObject *module)
{
    if (PyType_Ready(&ColourPropagatorType) < 0)
        return -1;
    Py_INCREF(&ColourPropagatorType);
    if (PyModule_AddObject(module, "ColourPropagator", (PyObject *)&ColourPropagatorType) < 0) {
        Py_DECREF(&ColourPropagatorType);
        return -1;
    }
    return 0;
}

#endif /* HANJIE_KERNEL_COLOUR_TYPE_H */
