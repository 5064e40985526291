/*
 * python/src/rng.c - loa.Rng: the SDK's seeded xoshiro256** generator
 * (loa/rng.h) as a Python object, for Board.random_move and playout. A
 * file of its own: a type apart from the Board's.
 */
#include "ext.h"

static int rng_init(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *names[] = {"seed", NULL};
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|K:Rng", names, &seed))
        return -1;
    loa_rng_seed(&((loa_py_rng *)o)->r, seed);
    return 0;
}

static PyObject *rng_below(PyObject *o, PyObject *arg)
{
    unsigned long bound = PyLong_AsUnsignedLong(arg);
    if (PyErr_Occurred() || bound == 0 || bound > 0xFFFFFFFFul) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "below: expected a bound from 1 to 2**32 - 1");
        return NULL;
    }
    return PyLong_FromUnsignedLong(loa_rng_below(&((loa_py_rng *)o)->r, (uint32_t)bound));
}

static PyMethodDef rng_methods[] = {{"below", rng_below, METH_O,
                                     "below(bound) -> a uniform int in 0..bound-1 (loa_rng_below)"},
                                    {NULL, NULL, 0, NULL}};

PyTypeObject loa_py_rng_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "loa._loa.Rng",
    .tp_basicsize = sizeof(loa_py_rng),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Rng(seed=0): the SDK's xoshiro256** generator (loa/rng.h), seeded.",
    .tp_new = PyType_GenericNew,
    .tp_init = rng_init,
    .tp_methods = rng_methods,
};
