/*
 * openings.c - the games' openings (openings.h): an openings file's lines,
 * or a random opening per game from the seed.
 */
#include "openings.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "datagen/error.h"
#include "loa/rng.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

static int table_add(datagen_openings *o, const loa_move *m, int plies)
{
    if (o->count % 64 == 0) {
        size_t cap = (size_t)o->count + 64;
        loa_move(*moves)[REF_OPENING_MAX] = realloc(o->moves, cap * sizeof *moves);
        if (moves)
            o->moves = moves;
        int *p = realloc(o->plies, cap * sizeof *p);
        if (p)
            o->plies = p;
        if (!moves || !p)
            return DATAGEN_E_NOMEM;
    }
    memcpy(o->moves[o->count], m, (size_t)plies * sizeof *m);
    o->plies[o->count++] = plies;
    for (int i = 0; i <= plies; i++) { /* the moves, then a separator */
        uint16_t v = i < plies ? m[i] : 0xFFFE;
        for (int k = 0; k < 2; k++)
            o->hash = (o->hash ^ (uint8_t)(v >> (8 * k))) * 0x100000001B3ULL;
    }
    return 0;
}

/* One line of the file (its comment cut): an opening added, or none when
 * blank. */
static int load_line(datagen_openings *o, char *line, const char *path, long lineno, char *err,
                     size_t errsz)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    size_t n = strlen(line);
    if (n && line[n - 1] == '\r')
        line[--n] = '\0';
    if (strspn(line, " \t,") == n)
        return 0;
    loa_move m[REF_OPENING_MAX];
    int plies = 0;
    char why[256];
    if (ref_opening_parse(line, m, REF_OPENING_MAX, &plies, why, sizeof why))
        return util_fail(DATAGEN_E_OPENING, err, errsz, "%s:%ld: %s", path, lineno, why);
    if (table_add(o, m, plies))
        return util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
    return 0;
}

int datagen_openings_load(const char *path, datagen_openings *o, char *err, size_t errsz)
{
    memset(o, 0, sizeof *o);
    o->hash = 0xCBF29CE484222325ULL;
    char *text = NULL;
    size_t len = 0;
    int rd = util_read_file(path, DATAGEN_OPENINGS_FILE_MAX, &text, &len);
    if (rd == UTIL_E_NOMEM)
        return util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
    if (rd)
        return util_fail(DATAGEN_E_OPENING, err, errsz, "%s: cannot read the openings file: %s",
                         path, rd == UTIL_E_RANGE ? "too large" : strerror(errno));
    int rc = memchr(text, '\0', len) ? util_fail(DATAGEN_E_OPENING, err, errsz,
                                                 "%s: holds NUL bytes (not a text file)", path)
                                     : 0;
    long lineno = 0;
    for (char *line = text; rc == 0 && line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        rc = load_line(o, line, path, ++lineno, err, errsz);
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    if (rc == 0 && o->count == 0)
        rc = util_fail(DATAGEN_E_OPENING, err, errsz,
                       "%s: no opening in the file (one a line, moves separated by spaces; '#' "
                       "comments)",
                       path);
    if (rc)
        datagen_openings_free(o);
    return rc;
}

void datagen_openings_free(datagen_openings *o)
{
    free(o->moves);
    free(o->plies);
    memset(o, 0, sizeof *o);
}

/* One draw (see openings.h): 0, or -1 at a position whose moves all win. */
static int draw(loa_rng *r, int plies, loa_move *m)
{
    loa_board b;
    loa_board_init(&b);
    for (int p = 0; p < plies; p++) {
        loa_move cand[LOA_MAX_MOVES];
        int n = loa_generate_moves_cg(&b, cand);
        if (n == 0)
            cand[n++] = LOA_MOVE_PASS;
        for (;;) {
            if (n == 0)
                return -1;
            int k = (int)loa_rng_below(r, (uint32_t)n);
            loa_board next = b;
            loa_make_move(&next, cand[k], NULL);
            if (loa_board_status(&next, LOA_MAX_PLIES) == LOA_ONGOING) {
                m[p] = cand[k];
                b = next;
                break;
            }
            cand[k] = cand[--n]; /* it ends the game: never an opening */
        }
    }
    return 0;
}

int datagen_opening_random(int64_t seed, uint64_t game, int plies, loa_move *m)
{
    loa_rng r;
    /* seed and game mixed by loa_rng_seed's splitmix64 */
    loa_rng_seed(&r, (uint64_t)seed * 0xD1B54A32D192ED03ULL + game);
    for (int a = 0; a < DATAGEN_OPENING_ATTEMPTS; a++)
        if (draw(&r, plies, m) == 0)
            return 0;
    return -1;
}
