/*
 * python/src/batch.c - the numpy batch API: N positions given as an
 * (N, 2) uint64 array of bitboards (column 0 black, column 1 white; bit s
 * = square s, a1 = 0 .. h8 = 63) to planes, legal-move masks, features and
 * statuses, one C loop per call (no Python object per position). A file of
 * its own: the array handling, apart from the single-position Board.
 */
#include "ext.h"

/* The (N, 2) uint64 C-contiguous array of obj (a new reference), or NULL
 * with an exception set; *n its N. Checks every row as a position. */
static PyArrayObject *bitboards_of(PyObject *obj, npy_intp *n)
{
    PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(obj, NPY_UINT64, 2, 2,
                                                        NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);
    if (!a)
        return NULL;
    if (PyArray_DIM(a, 1) != 2) {
        PyErr_Format(PyExc_ValueError, "bitboards: shape (%zd, %zd), expected (N, 2)",
                     (Py_ssize_t)PyArray_DIM(a, 0), (Py_ssize_t)PyArray_DIM(a, 1));
        Py_DECREF(a);
        return NULL;
    }
    *n = PyArray_DIM(a, 0);
    const uint64_t *bb = PyArray_DATA(a);
    for (npy_intp i = 0; i < *n; i++) {
        if (loa_py_check_bitboards(bb[2 * i], bb[2 * i + 1]) < 0) {
            PyObject *t, *v, *tb;
            PyErr_Fetch(&t, &v, &tb);
            PyErr_Format(PyExc_ValueError, "row %zd: %S", (Py_ssize_t)i, v);
            Py_XDECREF(t), Py_XDECREF(v), Py_XDECREF(tb);
            Py_DECREF(a);
            return NULL;
        }
    }
    return a;
}

/* The (N,) int8 array of obj, values 0..1 when `side`, else 0..10000. */
static PyArrayObject *column_of(PyObject *obj, npy_intp n, int side, const char *name)
{
    int type = side ? NPY_INT8 : NPY_INT32;
    PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(obj, type, 1, 1, NPY_ARRAY_IN_ARRAY);
    if (!a)
        return NULL;
    if (PyArray_DIM(a, 0) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd values for %zd boards", name,
                     (Py_ssize_t)PyArray_DIM(a, 0), (Py_ssize_t)n);
        Py_DECREF(a);
        return NULL;
    }
    for (npy_intp i = 0; i < n; i++) {
        long v = side ? ((int8_t *)PyArray_DATA(a))[i] : ((int32_t *)PyArray_DATA(a))[i];
        if (v < 0 || v > (side ? 1 : 10000)) {
            PyErr_Format(PyExc_ValueError, "%s: row %zd is %ld, expected 0..%d", name,
                         (Py_ssize_t)i, v, side ? 1 : 10000);
            Py_DECREF(a);
            return NULL;
        }
    }
    return a;
}

PyObject *loa_py_planes(PyObject *self, PyObject *args)
{
    PyObject *obj;
    npy_intp n;
    (void)self;
    if (!PyArg_ParseTuple(args, "O:planes", &obj))
        return NULL;
    PyArrayObject *in = bitboards_of(obj, &n);
    if (!in)
        return NULL;
    npy_intp dims[4] = {n, 2, 8, 8};
    PyArrayObject *out = (PyArrayObject *)PyArray_SimpleNew(4, dims, NPY_UINT8);
    if (out) {
        const uint64_t *bb = PyArray_DATA(in);
        uint8_t *p = PyArray_DATA(out);
        Py_BEGIN_ALLOW_THREADS for (npy_intp i = 0; i < 2 * n; i++)
        {
            for (int s = 0; s < 64; s++)
                p[64 * i + s] = (uint8_t)((bb[i] >> s) & 1);
        }
        Py_END_ALLOW_THREADS
    }
    Py_DECREF(in);
    return (PyObject *)out;
}

/* Reads (bitboards, sides) into in/sd (new references); 0 or -1. */
static int positions_of(PyObject *args, const char *fmt, PyArrayObject **in, PyArrayObject **sd,
                        npy_intp *n)
{
    PyObject *obj, *sides;
    if (!PyArg_ParseTuple(args, fmt, &obj, &sides) || !(*in = bitboards_of(obj, n)))
        return -1;
    if (!(*sd = column_of(sides, *n, 1, "sides"))) {
        Py_DECREF(*in);
        return -1;
    }
    return 0;
}

PyObject *loa_py_move_masks(PyObject *self, PyObject *args)
{
    PyArrayObject *in, *sd, *out;
    npy_intp n;
    (void)self;
    if (positions_of(args, "OO:legal_move_masks", &in, &sd, &n) < 0)
        return NULL;
    npy_intp dims[2] = {n, 64};
    if ((out = (PyArrayObject *)PyArray_ZEROS(2, dims, NPY_UINT64, 0))) {
        const uint64_t *bb = PyArray_DATA(in);
        const int8_t *side = PyArray_DATA(sd);
        uint64_t *mask = PyArray_DATA(out);
        Py_BEGIN_ALLOW_THREADS for (npy_intp i = 0; i < n; i++)
        {
            loa_board b = {{bb[2 * i], bb[2 * i + 1]}, (loa_color)side[i], 0};
            loa_move moves[LOA_MAX_MOVES];
            int k = loa_generate_moves(&b, moves);
            for (int j = 0; j < k; j++)
                mask[64 * i + LOA_MOVE_FROM(moves[j])] |= LOA_BIT(LOA_MOVE_TO(moves[j]));
        }
        Py_END_ALLOW_THREADS
    }
    Py_DECREF(in);
    Py_DECREF(sd);
    return (PyObject *)out;
}

PyObject *loa_py_features_batch(PyObject *self, PyObject *args)
{
    PyObject *obj;
    npy_intp n;
    (void)self;
    if (!PyArg_ParseTuple(args, "O:features", &obj))
        return NULL;
    PyArrayObject *in = bitboards_of(obj, &n);
    if (!in)
        return NULL;
    npy_intp dims[3] = {n, 2, LOA_PY_FEATURES};
    PyArrayObject *out = (PyArrayObject *)PyArray_SimpleNew(3, dims, NPY_INT32);
    if (out) {
        const uint64_t *bb = PyArray_DATA(in);
        int32_t *f = PyArray_DATA(out);
        Py_BEGIN_ALLOW_THREADS for (npy_intp i = 0; i < n; i++)
        {
            loa_board b = {{bb[2 * i], bb[2 * i + 1]}, LOA_BLACK, 0};
            for (int c = 0; c < 2; c++)
                loa_py_features(&b, (loa_color)c, f + (2 * i + c) * LOA_PY_FEATURES);
        }
        Py_END_ALLOW_THREADS
    }
    Py_DECREF(in);
    return (PyObject *)out;
}

PyObject *loa_py_status_batch(PyObject *self, PyObject *args)
{
    PyObject *obj, *sides, *plies;
    PyArrayObject *in, *sd, *pl, *out = NULL;
    npy_intp n;
    int max_plies = LOA_MAX_PLIES;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOO|i:status", &obj, &sides, &plies, &max_plies) ||
        !(in = bitboards_of(obj, &n)))
        return NULL;
    if ((sd = column_of(sides, n, 1, "sides")) && (pl = column_of(plies, n, 0, "plies"))) {
        if ((out = (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_INT8))) {
            const uint64_t *bb = PyArray_DATA(in);
            for (npy_intp i = 0; i < n; i++) {
                loa_board b = {{bb[2 * i], bb[2 * i + 1]},
                               (loa_color)((int8_t *)PyArray_DATA(sd))[i],
                               ((int32_t *)PyArray_DATA(pl))[i]};
                ((int8_t *)PyArray_DATA(out))[i] = (int8_t)loa_board_status(&b, max_plies);
            }
        }
        Py_DECREF(pl);
    }
    Py_XDECREF(sd);
    Py_DECREF(in);
    return (PyObject *)out;
}

PyObject *loa_py_zobrist_batch(PyObject *self, PyObject *args)
{
    PyArrayObject *in, *sd, *out;
    npy_intp n;
    (void)self;
    if (positions_of(args, "OO:zobrist", &in, &sd, &n) < 0)
        return NULL;
    if ((out = (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_UINT64))) {
        const uint64_t *bb = PyArray_DATA(in);
        const int8_t *side = PyArray_DATA(sd);
        uint64_t *key = PyArray_DATA(out);
        for (npy_intp i = 0; i < n; i++) {
            loa_board b = {{bb[2 * i], bb[2 * i + 1]}, (loa_color)side[i], 0};
            key[i] = loa_zobrist_key(&b);
        }
    }
    Py_DECREF(in);
    Py_DECREF(sd);
    return (PyObject *)out;
}
