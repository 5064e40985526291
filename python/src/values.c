/*
 * python/src/values.c - what the single-position and the batch API share:
 * the check of two bitboards as a position and the feature vector of a
 * colour. A file of its own so that board.c and batch.c each call it and
 * never each other.
 */
#include "ext.h"

#include "loa/features.h"

#include <string.h>

int loa_py_check_bitboards(uint64_t black, uint64_t white)
{
    int nb = loa_popcount(black), nw = loa_popcount(white);
    if (black & white) {
        PyErr_SetString(PyExc_ValueError, "bitboards: black and white share a square");
        return -1;
    }
    if (nb == 0 || nw == 0 || nb > LOA_MAX_CHECKERS || nw > LOA_MAX_CHECKERS) {
        PyErr_Format(PyExc_ValueError,
                     "bitboards: %d black and %d white checkers (each side has 1 to %d)", nb, nw,
                     LOA_MAX_CHECKERS);
        return -1;
    }
    return 0;
}

void loa_py_features(const loa_board *b, loa_color c, int32_t *out)
{
    loa_bitboard own = b->pieces[c], opp = b->pieces[c ^ 1];
    loa_com com = loa_com_of(own);
    loa_quads q = loa_quad_counts(own);
    int32_t v[LOA_PY_FEATURES] = {
        com.count,
        loa_concentration(own),
        loa_centralisation(own, NULL),
        com.count ? loa_centre_distance(loa_com_square(com)) : 0,
        q.q1,
        q.q2,
        q.qd,
        q.q3,
        q.q4,
        loa_euler4(own),
        loa_bounding_area(own),
        loa_connections(own),
        loa_walls(own, opp),
        loa_mobility(b, c, NULL),
        loa_mobility(b, c, &loa_mobility_mia),
    };
    memcpy(out, v, sizeof v);
}
