/* openings.c - opening tables: from a file, from random plies, their order
 * and identity (league/openings.h). */
#include "league/openings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/digest.h"
#include "core/error.h"
#include "core/seed.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

struct arena_openings {
    loa_move *moves; /* every opening's plies, one after the other */
    int *start;      /* [count + 1]: opening i is moves[start[i] .. start[i+1]) */
    int *order;      /* [count]: slot -> opening (identity until shuffled) */
    int count, cap;  /* openings, and room in start/order */
    int nmoves, mcap;
};

static arena_openings *table_new(void)
{
    arena_openings *o = calloc(1, sizeof *o);
    if (o && !(o->start = calloc(1, sizeof *o->start))) {
        free(o);
        return NULL;
    }
    return o;
}

/* Appends an opening. Returns 0 or ARENA_E_NOMEM. */
static int table_add(arena_openings *o, const loa_move *m, int n)
{
    if (o->count + 1 >= o->cap) {
        int cap = o->cap ? o->cap * 2 : 64;
        int *s = realloc(o->start, sizeof *s * (size_t)(cap + 1));
        if (!s)
            return ARENA_E_NOMEM;
        o->start = s;
        int *ord = realloc(o->order, sizeof *ord * (size_t)cap);
        if (!ord)
            return ARENA_E_NOMEM;
        o->order = ord;
        o->cap = cap;
    }
    if (o->nmoves + n > o->mcap) {
        int cap = (o->nmoves + n) * 2 + 64;
        loa_move *mv = realloc(o->moves, sizeof *mv * (size_t)cap);
        if (!mv)
            return ARENA_E_NOMEM;
        o->moves = mv;
        o->mcap = cap;
    }
    if (n > 0)
        memcpy(o->moves + o->nmoves, m, sizeof *m * (size_t)n);
    o->nmoves += n;
    o->order[o->count] = o->count;
    o->count++;
    o->start[o->count] = o->nmoves;
    return 0;
}

void arena_openings_free(arena_openings *o)
{
    if (!o)
        return;
    free(o->moves);
    free(o->start);
    free(o->order);
    free(o);
}

int arena_openings_load(const char *path, arena_openings **out, char *err, size_t errsz)
{
    *out = NULL;
    char *text = NULL;
    size_t len = 0;
    int rd = util_read_file(path, ARENA_OPENINGS_FILE_MAX, &text, &len);
    if (rd == UTIL_E_NOMEM)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (rd)
        return util_fail(ARENA_E_PARSE, err, errsz, "%s: cannot read the openings file: %s", path,
                         rd == UTIL_E_RANGE ? "too large" : strerror(errno));
    if (memchr(text, '\0', len)) {
        free(text);
        return util_fail(ARENA_E_PARSE, err, errsz, "%s: holds NUL bytes (not a text file)", path);
    }
    arena_openings *o = table_new();
    int rc = o ? 0 : util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    long lineno = 0;
    for (char *line = text; rc == 0 && line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        size_t n = strlen(line);
        if (n && line[n - 1] == '\r')
            line[--n] = '\0';
        if (strspn(line, " \t,") != n) {
            loa_move m[REF_OPENING_MAX];
            int plies = 0;
            char why[256];
            if (ref_opening_parse(line, m, REF_OPENING_MAX, &plies, why, sizeof why))
                rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s:%ld: %s", path, lineno, why);
            else if ((rc = table_add(o, m, plies)))
                util_fail(rc, err, errsz, "out of memory");
        }
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    if (rc == 0 && o->count == 0)
        rc = util_fail(ARENA_E_PARSE, err, errsz,
                       "%s: no opening in the file (one a line, "
                       "moves separated by spaces; '#' comments)",
                       path);
    if (rc)
        arena_openings_free(o);
    else
        *out = o;
    return rc;
}

/* Draws plies random plies from state into m, each uniform among the moves
 * (the pass when there is none) that do not end the game. Returns 0, or -1
 * when every move of some position wins (a dead end: draw again). */
static int draw_opening(uint64_t *state, int plies, loa_move *m)
{
    loa_board b;
    loa_board_init(&b);
    for (int p = 0; p < plies; p++) {
        loa_move cand[LOA_MAX_MOVES];
        int n = loa_generate_moves_cg(&b, cand);
        if (n == 0) {
            cand[0] = LOA_MOVE_PASS;
            n = 1;
        }
        for (;;) {
            if (n == 0)
                return -1;
            int k = arena_seed_uniform(state, n);
            loa_board next = b;
            loa_make_move(&next, cand[k], NULL);
            if (loa_board_status(&next, 0) == LOA_ONGOING) {
                m[p] = cand[k];
                b = next;
                break;
            }
            cand[k] = cand[--n]; /* winning: never an opening */
        }
    }
    return 0;
}

/* An open-addressing set of 64-bit hashes (0 never stored). */
typedef struct hash_set {
    uint64_t *slot;
    size_t mask;
} hash_set;

static int set_insert(hash_set *s, uint64_t h)
{
    size_t i = (size_t)(h ^ (h >> 29)) & s->mask;
    while (s->slot[i] && s->slot[i] != h)
        i = (i + 1) & s->mask;
    if (s->slot[i] == h)
        return 0;
    s->slot[i] = h;
    return 1;
}

int arena_openings_random(int64_t master_seed, int rounds, int plies, arena_openings **out,
                          char *err, size_t errsz)
{
    *out = NULL;
    if (rounds < 1 || plies < 1 || plies > REF_OPENING_MAX)
        return util_fail(ARENA_E_INVAL, err, errsz, "invalid argument");
    size_t size = 2;
    while (size < (size_t)rounds * 2)
        size <<= 1;
    hash_set seen = {calloc(size, sizeof(uint64_t)), size - 1};
    arena_openings *o = table_new();
    int rc = seen.slot && o ? 0 : util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    for (int r = 0; r < rounds && rc == 0; r++) {
        int64_t seed = arena_seed_derive(master_seed, r);
        loa_move m[REF_OPENING_MAX], first[REF_OPENING_MAX];
        int have_first = 0, placed = 0;
        for (int a = 0; a < ARENA_OPENING_ATTEMPTS && !placed; a++) {
            uint64_t state = (uint64_t)(a == 0 ? seed : arena_seed_derive(seed, a));
            if (draw_opening(&state, plies, m))
                continue;
            if (!have_first) {
                memcpy(first, m, sizeof m);
                have_first = 1;
            }
            placed = set_insert(&seen, arena_moves_hash(m, plies));
        }
        if (!have_first) {
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "no %d-ply opening without a won position was found", plies);
            break;
        }
        /* More rounds than openings there are: the first draw, repeated. */
        if ((rc = table_add(o, placed ? m : first, plies)))
            util_fail(rc, err, errsz, "out of memory");
    }
    free(seen.slot);
    if (rc)
        arena_openings_free(o);
    else
        *out = o;
    return rc;
}

int arena_openings_shuffle(arena_openings *o, int64_t master_seed)
{
    if (!o)
        return ARENA_E_INVAL;
    /* A stream of its own: not the stream of any round's seed. */
    uint64_t state = (uint64_t)arena_seed_derive(master_seed, -1);
    for (int i = 0; i < o->count; i++)
        o->order[i] = i;
    for (int i = o->count - 1; i > 0; i--) {
        int j = arena_seed_uniform(&state, i + 1);
        int t = o->order[i];
        o->order[i] = o->order[j];
        o->order[j] = t;
    }
    return 0;
}

int arena_openings_count(const arena_openings *o)
{
    return o ? o->count : 0;
}

int arena_openings_get(const arena_openings *o, int i, const loa_move **moves)
{
    if (!o || i < 0 || i >= o->count)
        return -1;
    *moves = o->moves + o->start[i];
    return o->start[i + 1] - o->start[i];
}

char *arena_openings_text(const arena_openings *o, int i, char *buf, size_t size)
{
    const loa_move *m = NULL;
    int n = arena_openings_get(o, i, &m);
    return ref_opening_format(m, n < 0 ? 0 : n, buf, size);
}

int arena_openings_for_round(const arena_openings *o, int round)
{
    if (!o || round < 0 || o->count == 0)
        return -1;
    return o->order[round % o->count];
}

int arena_openings_digest(const arena_openings *o, char hex[65])
{
    util_buf text = {0};
    util_buf_put(&text, "", 0);
    for (int i = 0; i < arena_openings_count(o); i++) {
        char line[REF_OPENING_TEXT_MAX];
        util_buf_str(&text, arena_openings_text(o, i, line, sizeof line));
        util_buf_put(&text, "\n", 1);
    }
    unsigned char md[32];
    int rc = text.failed ? ARENA_E_NOMEM : arena_digest_sha256(text.s, text.len, md);
    util_buf_free(&text);
    if (rc == 0)
        arena_digest_hex(md, hex);
    return rc;
}

arena_openings *arena_openings_copy(const arena_openings *o)
{
    if (!o)
        return NULL;
    arena_openings *c = table_new();
    for (int i = 0; c && i < o->count; i++) {
        const loa_move *m = NULL;
        int n = arena_openings_get(o, i, &m);
        if (table_add(c, m, n)) {
            arena_openings_free(c);
            return NULL;
        }
    }
    if (c && o->count)
        memcpy(c->order, o->order, sizeof *c->order * (size_t)o->count);
    return c;
}
