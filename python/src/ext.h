/*
 * python/src/ext.h - what the files of the `loa._loa` CPython extension
 * share: the Board object, the numpy C API's one table, the helpers that
 * turn SDK errors into Python exceptions.
 *
 * The extension is a thin layer over libloa (sdk/): every rule is the
 * SDK's; this code only converts values and checks Python input.
 */
#ifndef LOA_PY_EXT_H
#define LOA_PY_EXT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL loa_py_ARRAY_API
#ifndef LOA_PY_NUMPY_API_C
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

#include "loa/loa.h"
#include "loa/playout.h"

/* Plies a Board can take back (its undo stack); make() beyond raises. */
#define LOA_PY_UNDO_MAX 1024

/* Features per colour in Board.features() and features() (FEATURE_NAMES). */
#define LOA_PY_FEATURES 15

typedef struct loa_py_board {
    PyObject_HEAD loa_board b;
    int depth; /* entries of undo[] in use */
    loa_undo undo[LOA_PY_UNDO_MAX];
} loa_py_board;

typedef struct loa_py_rng {
    PyObject_HEAD loa_rng r;
} loa_py_rng;

extern PyTypeObject loa_py_board_type;
extern PyTypeObject loa_py_rng_type;

/* Imports NumPy's C API (numpy_api.c); 0, or -1 with ImportError set. */
int loa_py_import_numpy(void);

/* Checks bitboards black/white as one position; 0, or -1 with ValueError set. */
int loa_py_check_bitboards(uint64_t black, uint64_t white);

/* Fills out[0..LOA_PY_FEATURES-1] with colour c's features in b. */
void loa_py_features(const loa_board *b, loa_color c, int32_t *out);

/* Module-level functions of batch.c (the numpy batch API). */
PyObject *loa_py_planes(PyObject *self, PyObject *args);
PyObject *loa_py_move_masks(PyObject *self, PyObject *args);
PyObject *loa_py_features_batch(PyObject *self, PyObject *args);
PyObject *loa_py_status_batch(PyObject *self, PyObject *args);
PyObject *loa_py_zobrist_batch(PyObject *self, PyObject *args);

#endif
