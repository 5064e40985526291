/*
 * python/src/module.c - the `loa._loa` module: its table of functions,
 * loa.Rng (the SDK's seeded loa_rng), the constants, and numpy's import.
 * A file of its own: what ties board.c and batch.c into one module.
 */
#include "ext.h"

static PyMethodDef module_methods[] = {
    {"planes", loa_py_planes, METH_VARARGS, "planes(bitboards) -> (N, 2, 8, 8) uint8"},
    {"legal_move_masks", loa_py_move_masks, METH_VARARGS,
     "legal_move_masks(bitboards, sides) -> (N, 64) uint64"},
    {"features", loa_py_features_batch, METH_VARARGS, "features(bitboards) -> (N, 2, 15) int32"},
    {"status", loa_py_status_batch, METH_VARARGS,
     "status(bitboards, sides, plies, max_plies=150) -> (N,) int8"},
    {"zobrist", loa_py_zobrist_batch, METH_VARARGS, "zobrist(bitboards, sides) -> (N,) uint64"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT,
                                        "_loa",
                                        "The loa SDK (libloa) for Python: see loa/__init__.pyi.",
                                        -1,
                                        module_methods,
                                        NULL,
                                        NULL,
                                        NULL,
                                        NULL};

PyMODINIT_FUNC PyInit__loa(void); /* the entry point CPython looks up */
PyMODINIT_FUNC PyInit__loa(void)
{
    PyObject *m;
    if (loa_py_import_numpy() < 0)
        return NULL;
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
