/*
 * python/src/board.c - loa.Board: one position (the SDK's loa_board) with
 * an undo stack, built from a board string, from the referee's 8 rows or
 * from two bitboards; moves as CodinGame's text (`e2e3`, `pass`).
 * A file of its own: the single-position API, apart from the batch one.
 */
#include "ext.h"

#include <string.h>

static PyObject *board_new_of(PyTypeObject *type, const loa_board *b)
{
    loa_py_board *self = (loa_py_board *)type->tp_alloc(type, 0);
    if (self) {
        self->b = *b;
        self->depth = 0;
    }
    return (PyObject *)self;
}

/* ValueError "<what>: <SDK message>: '<text>'". */
static void raise_sdk(const char *what, int code, const char *text)
{
    char buf[256];
    PyErr_Format(PyExc_ValueError, "%s: %s", what, loa_describe_error(code, text, buf, sizeof buf));
}

static int board_init(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *names[] = {"text", NULL};
    const char *text = NULL;
    loa_board b;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|z:Board", names, &text))
        return -1;
    if (!text) {
        loa_board_init(&b);
    } else {
        int rc = loa_board_parse(text, &b);
        if (rc < 0) {
            raise_sdk("board string", rc, text);
            return -1;
        }
    }
    ((loa_py_board *)o)->b = b;
    ((loa_py_board *)o)->depth = 0;
    return 0;
}

static int side_of(PyObject *side, loa_color *c)
{
    if (PyUnicode_Check(side)) {
        const char *s = PyUnicode_AsUTF8(side);
        if (s && (!strcmp(s, "b") || !strcmp(s, "w"))) {
            *c = s[0] == 'b' ? LOA_BLACK : LOA_WHITE;
            return 0;
        }
    } else if (PyLong_Check(side)) {
        long v = PyLong_AsLong(side);
        if (v == 0 || v == 1) {
            *c = (loa_color)v;
            return 0;
        }
    }
    PyErr_Clear();
    PyErr_SetString(PyExc_ValueError, "side: expected 'b', 'w', 0 (black) or 1 (white)");
    return -1;
}

static PyObject *board_from_rows(PyObject *cls, PyObject *args, PyObject *kw)
{
    static char *names[] = {"rows", "side", "ply", NULL};
    PyObject *rows, *side = NULL, *seq;
    int ply = 0, rc;
    loa_color c = LOA_BLACK;
    char text[LOA_BOARD_STRING_MAX] = "";
    loa_board b;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|Oi:from_rows", names, &rows, &side, &ply))
        return NULL;
    if (side && side_of(side, &c) < 0)
        return NULL;
    if (PyUnicode_Check(rows) || !(seq = PySequence_Fast(rows, "rows: expected 8 strings"))) {
        PyErr_SetString(PyExc_TypeError, "rows: expected a sequence of 8 strings");
        return NULL;
    }
    if (PySequence_Fast_GET_SIZE(seq) != 8) {
        PyErr_Format(PyExc_ValueError, "rows: %zd rows, expected 8 (rank 8 first)",
                     PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return NULL;
    }
    for (int i = 0; i < 8; i++) {
        PyObject *r = PySequence_Fast_GET_ITEM(seq, i);
        const char *s = PyUnicode_Check(r) ? PyUnicode_AsUTF8(r) : NULL;
        if (!s || strlen(s) != 8 || strspn(s, ".bw") != 8) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "rows: row %d (rank %d) is not 8 characters of '.bw'",
                         i + 1, 8 - i);
            Py_DECREF(seq);
            return NULL;
        }
        strcat(text, s);
        strcat(text, i < 7 ? "/" : (c == LOA_BLACK ? " b" : " w"));
    }
    Py_DECREF(seq);
    snprintf(text + strlen(text), sizeof text - strlen(text), " %d", ply);
    if ((rc = loa_board_parse(text, &b)) < 0) {
        raise_sdk("rows", rc, text);
        return NULL;
    }
    return board_new_of((PyTypeObject *)cls, &b);
}

static PyObject *board_from_bitboards(PyObject *cls, PyObject *args, PyObject *kw)
{
    static char *names[] = {"black", "white", "side", "ply", NULL};
    unsigned long long black, white;
    PyObject *ob, *ow, *side = NULL;
    int ply = 0;
    loa_board b;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!O!|Oi:from_bitboards", names, &PyLong_Type, &ob,
                                     &PyLong_Type, &ow, &side, &ply))
        return NULL;
    /* "K" would wrap a negative or over-64-bit int silently */
    black = PyLong_AsUnsignedLongLong(ob);
    white = PyLong_AsUnsignedLongLong(ow);
    if (PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "bitboards: expected ints from 0 to 2**64 - 1");
        return NULL;
    }
    b.side = LOA_BLACK;
    if ((side && side_of(side, &b.side) < 0) || loa_py_check_bitboards(black, white) < 0)
        return NULL;
    if (ply < 0 || ply > 10000) {
        PyErr_SetString(PyExc_ValueError, "ply: expected 0..10000");
        return NULL;
    }
    b.pieces[LOA_BLACK] = black;
    b.pieces[LOA_WHITE] = white;
    b.ply = ply;
    return board_new_of((PyTypeObject *)cls, &b);
}

static PyObject *board_str(PyObject *o)
{
    char buf[LOA_BOARD_STRING_MAX];
    loa_board_format(&((loa_py_board *)o)->b, buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

static PyObject *board_repr(PyObject *o)
{
    char buf[LOA_BOARD_STRING_MAX];
    loa_board_format(&((loa_py_board *)o)->b, buf, sizeof buf);
    return PyUnicode_FromFormat("Board('%s')", buf);
}

static PyObject *board_rows(PyObject *o, PyObject *unused)
{
    const loa_board *b = &((loa_py_board *)o)->b;
    PyObject *list = PyList_New(8);
    (void)unused;
    for (int i = 0; list && i < 8; i++) {
        char row[9];
        for (int f = 0; f < 8; f++)
            row[f] = loa_board_square_char(b, LOA_SQUARE(f, 7 - i));
        row[8] = 0;
        PyList_SET_ITEM(list, i, PyUnicode_FromString(row));
    }
    return list;
}

static PyObject *board_legal_moves(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *names[] = {"order", NULL};
    const char *order = "listed";
    loa_move moves[LOA_MAX_MOVES];
    char buf[LOA_MOVE_STRING_MAX];
    const loa_board *b = &((loa_py_board *)o)->b;
    int n;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|s:legal_moves", names, &order))
        return NULL;
    if (!strcmp(order, "listed")) {
        n = loa_generate_moves(b, moves);
        loa_sort_moves(moves, n);
    } else if (!strcmp(order, "generation")) {
        n = loa_generate_moves_cg(b, moves);
    } else {
        PyErr_Format(PyExc_ValueError, "order: '%s', expected 'listed' or 'generation'", order);
        return NULL;
    }
    if (n == 0)
        return Py_BuildValue("[s]", "pass");
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++)
        PyList_SET_ITEM(list, i, PyUnicode_FromString(loa_move_format(moves[i], buf)));
    return list;
}

/* The legal move named by text in b, or -1 with ValueError set. */
static int legal_move_of(const loa_board *b, PyObject *text, loa_move *out)
{
    const char *s = PyUnicode_Check(text) ? PyUnicode_AsUTF8(text) : NULL;
    loa_move m;
    int rc;
    if (!s) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "move: expected a str such as 'e2e3' or 'pass'");
        return -1;
    }
    if ((rc = loa_move_parse(s, &m)) < 0) {
        raise_sdk("move", rc, s);
        return -1;
    }
    if (!loa_is_legal(b, m)) {
        char pos[LOA_BOARD_STRING_MAX];
        loa_board_format(b, pos, sizeof pos);
        PyErr_Format(PyExc_ValueError, "move: '%s' is not legal in %s", s, pos);
        return -1;
    }
    *out = m;
    return 0;
}

static PyObject *board_make(PyObject *o, PyObject *move)
{
    loa_py_board *self = (loa_py_board *)o;
    loa_move m;
    if (legal_move_of(&self->b, move, &m) < 0)
        return NULL;
    if (self->depth == LOA_PY_UNDO_MAX) {
        PyErr_Format(PyExc_ValueError, "make: the undo stack is full (%d plies)", LOA_PY_UNDO_MAX);
        return NULL;
    }
    loa_make_move(&self->b, m, &self->undo[self->depth++]);
    Py_RETURN_NONE;
}

static PyObject *board_is_legal(PyObject *o, PyObject *move)
{
    const char *s = PyUnicode_Check(move) ? PyUnicode_AsUTF8(move) : NULL;
    loa_move m;
    if (!s) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "move: expected a str");
        return NULL;
    }
    return PyBool_FromLong(loa_move_parse(s, &m) == 0 && loa_is_legal(&((loa_py_board *)o)->b, m));
}

static PyObject *board_unmake(PyObject *o, PyObject *unused)
{
    loa_py_board *self = (loa_py_board *)o;
    (void)unused;
    if (self->depth == 0) {
        PyErr_SetString(PyExc_ValueError, "unmake: no move of this Board to take back");
        return NULL;
    }
    loa_unmake_move(&self->b, &self->undo[--self->depth]);
    Py_RETURN_NONE;
}

static PyObject *board_status(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *names[] = {"max_plies", NULL};
    int max_plies = LOA_MAX_PLIES;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|i:status", names, &max_plies))
        return NULL;
    return PyLong_FromLong(loa_board_status(&((loa_py_board *)o)->b, max_plies));
}

static PyObject *board_zobrist(PyObject *o, PyObject *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(loa_zobrist_key(&((loa_py_board *)o)->b));
}

static PyObject *board_features(PyObject *o, PyObject *unused)
{
    npy_intp dims[2] = {2, LOA_PY_FEATURES};
    PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(2, dims, NPY_INT32);
    (void)unused;
    if (!a)
        return NULL;
    for (int c = 0; c < 2; c++)
        loa_py_features(&((loa_py_board *)o)->b, (loa_color)c, (int32_t *)PyArray_GETPTR2(a, c, 0));
    return (PyObject *)a;
}

static PyObject *board_random_move(PyObject *o, PyObject *rng)
{
    char buf[LOA_MOVE_STRING_MAX];
    if (!PyObject_TypeCheck(rng, &loa_py_rng_type)) {
        PyErr_SetString(PyExc_TypeError, "rng: expected a loa.Rng");
        return NULL;
    }
    loa_move m = loa_random_move(&((loa_py_board *)o)->b, &((loa_py_rng *)rng)->r);
    return PyUnicode_FromString(loa_move_format(m, buf));
}

static PyObject *board_playout(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *names[] = {"rng", "plies", NULL};
    loa_py_board *self = (loa_py_board *)o;
    PyObject *rng;
    int plies = 10000;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!|i:playout", names, &loa_py_rng_type, &rng,
                                     &plies))
        return NULL;
    if (loa_board_status(&self->b, LOA_MAX_PLIES) != LOA_ONGOING) {
        PyErr_SetString(PyExc_ValueError, "playout: the game is already over");
        return NULL;
    }
    self->depth = 0;
    return PyLong_FromLong(loa_playout(&self->b, &((loa_py_rng *)rng)->r, plies));
}

static PyObject *board_copy(PyObject *o, PyObject *unused)
{
    (void)unused;
    return board_new_of(Py_TYPE(o), &((loa_py_board *)o)->b);
}

static PyObject *board_richcompare(PyObject *a, PyObject *b, int op)
{
    if (!PyObject_TypeCheck(b, &loa_py_board_type) || (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    const loa_board *x = &((loa_py_board *)a)->b, *y = &((loa_py_board *)b)->b;
    int eq = x->pieces[0] == y->pieces[0] && x->pieces[1] == y->pieces[1] && x->side == y->side &&
             x->ply == y->ply;
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static PyObject *get_field(PyObject *o, void *which)
{
    const loa_board *b = &((loa_py_board *)o)->b;
    switch ((int)(intptr_t)which) {
    case 0: return PyLong_FromUnsignedLongLong(b->pieces[LOA_BLACK]);
    case 1: return PyLong_FromUnsignedLongLong(b->pieces[LOA_WHITE]);
    case 2: return PyLong_FromLong(b->side);
    default: return PyLong_FromLong(b->ply);
    }
}

static PyGetSetDef board_getset[] = {
    {"black", get_field, NULL, "black checkers as a bitboard (bit s = square s, a1=0..h8=63)",
     (void *)0},
    {"white", get_field, NULL, "white checkers as a bitboard", (void *)1},
    {"side", get_field, NULL, "side to move: 0 black, 1 white", (void *)2},
    {"ply", get_field, NULL, "plies played so far (passes count)", (void *)3},
    {NULL, NULL, NULL, NULL, NULL}};

#define KW (PyCFunction)(void (*)(void))
static PyMethodDef board_methods[] = {
    {"from_rows", KW board_from_rows, METH_VARARGS | METH_KEYWORDS | METH_CLASS,
     "from_rows(rows, side='b', ply=0) -> Board: the referee's 8 rows, rank 8 first"},
    {"from_bitboards", KW board_from_bitboards, METH_VARARGS | METH_KEYWORDS | METH_CLASS,
     "from_bitboards(black, white, side=0, ply=0) -> Board (bit s = square s, a1=0..h8=63)"},
    {"rows", board_rows, METH_NOARGS,
     "rows() -> the 8 rows as the referee sends them, rank 8 first"},
    {"legal_moves", KW board_legal_moves, METH_VARARGS | METH_KEYWORDS,
     "legal_moves(order='listed'|'generation') -> ['e2e3', ...] or ['pass']"},
    {"is_legal", board_is_legal, METH_O, "is_legal(move) -> bool"},
    {"make", board_make, METH_O, "make(move): plays 'e2e3' or 'pass'; ValueError when not legal"},
    {"unmake", board_unmake, METH_NOARGS, "unmake(): takes back the last make()"},
    {"status", KW board_status, METH_VARARGS | METH_KEYWORDS,
     "status(max_plies=150) -> 0 ongoing, 1 black wins, 2 white wins, 3 draw"},
    {"zobrist", board_zobrist, METH_NOARGS, "zobrist() -> the 64-bit Zobrist key"},
    {"features", board_features, METH_NOARGS,
     "features() -> (2, 15) int32 [colour, loa.FEATURE_NAMES]"},
    {"random_move", board_random_move, METH_O, "random_move(rng) -> a uniformly random legal move"},
    {"playout", KW board_playout, METH_VARARGS | METH_KEYWORDS,
     "playout(rng, plies=10000) -> status; random moves in place"},
    {"copy", board_copy, METH_NOARGS, "copy() -> the same position, empty undo stack"},
    {NULL, NULL, 0, NULL}};

PyTypeObject loa_py_board_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "loa._loa.Board",
    .tp_basicsize = sizeof(loa_py_board),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "A Lines of Action position (see loa/__init__.pyi).",
    .tp_new = PyType_GenericNew,
    .tp_init = board_init,
    .tp_str = board_str,
    .tp_repr = board_repr,
    .tp_richcompare = board_richcompare,
    .tp_methods = board_methods,
    .tp_getset = board_getset,
};
