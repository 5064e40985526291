/*
 * python/src/module.c - the `loa._loa` module: its table of functions,
 * loa.Rng (the SDK's seeded loa_rng), the constants, and numpy's import.
 * A file of its own: what ties board.c and batch.c into one module.
 */
#define LOA_PY_MODULE_C
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

static PyMethodDef rng_methods[] = {
    {"below", rng_below, METH_O, "below(bound) -> a uniform int in 0..bound-1 (loa_rng_below)"},
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

static PyMethodDef module_methods[] = {
    {"planes", loa_py_planes, METH_VARARGS, "planes(bitboards) -> (N, 2, 8, 8) uint8"},
    {"legal_move_masks", loa_py_move_masks, METH_VARARGS,
     "legal_move_masks(bitboards, sides) -> (N, 64) uint64"},
    {"features", loa_py_features_batch, METH_VARARGS, "features(bitboards) -> (N, 2, 15) int32"},
    {"status", loa_py_status_batch, METH_VARARGS,
     "status(bitboards, sides, plies, max_plies=150) -> (N,) int8"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_loa", "The loa SDK (libloa) for Python: see loa/__init__.pyi.", -1,
    module_methods,        NULL,   NULL,                                                     NULL,
    NULL};

PyMODINIT_FUNC PyInit__loa(void); /* the entry point CPython looks up */
PyMODINIT_FUNC PyInit__loa(void)
{
    PyObject *m;
    import_array();
    if (PyType_Ready(&loa_py_board_type) < 0 || PyType_Ready(&loa_py_rng_type) < 0)
        return NULL;
    if (!(m = PyModule_Create(&module_def)))
        return NULL;
    Py_INCREF(&loa_py_board_type);
    Py_INCREF(&loa_py_rng_type);
    if (PyModule_AddObject(m, "Board", (PyObject *)&loa_py_board_type) < 0 ||
        PyModule_AddObject(m, "Rng", (PyObject *)&loa_py_rng_type) < 0 ||
        PyModule_AddIntConstant(m, "MAX_PLIES", LOA_MAX_PLIES) < 0 ||
        PyModule_AddIntConstant(m, "UNDO_MAX", LOA_PY_UNDO_MAX) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
