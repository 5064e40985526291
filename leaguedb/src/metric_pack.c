/* metric_pack.c - a metric's per-turn values as the turns column packs
 * them (leaguedb/metrics.h): plies as a run or deltas, values as zigzag
 * varints, doubles or typed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "leaguedb/metrics.h"

enum { FORMAT = 1, ALL_INT = 1, ALL_REAL = 2, MIXED = 3, DECIMAL = 4 };

/* Powers of ten a double holds exactly (10^22 is the last). */
static const double ten[] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
#define DECIMALS_MAX 9

/* The fewest decimals d (0..DECIMALS_MAX) with which every real of v is
 * m / 10^d for an integer m below 2^53 (a value printed "0.227": m 227,
 * d 3; the division is correctly rounded, as strtod is: the same double
 * comes back); -1 when there is none. */
static int decimals(const util_metric_value *v, int n)
{
    for (int d = 0; d <= DECIMALS_MAX; d++) {
        int ok = 1;
        for (int k = 0; k < n && ok; k++) {
            double m = v[k].d * ten[d], back = 0;
            if ((ok = m > -9007199254740992.0 && m < 9007199254740992.0))
                back = (double)llround(m) / ten[d];
            ok = ok && memcmp(&back, &v[k].d, sizeof back) == 0; /* the same bits: -0.0 too */
        }
        if (ok)
            return d;
    }
    return -1;
}

/* A growing byte buffer; ok 0 once an allocation failed. */
typedef struct out {
    unsigned char *b;
    size_t n, cap;
    int ok;
} out;

static void put(out *o, const void *d, size_t n)
{
    if (!o->ok)
        return;
    if (o->n + n > o->cap) {
        size_t cap = o->cap ? o->cap * 2 : 256;
        while (cap < o->n + n)
            cap *= 2;
        unsigned char *nb = realloc(o->b, cap);
        if (!nb) {
            o->ok = 0;
            return;
        }
        o->b = nb;
        o->cap = cap;
    }
    memcpy(o->b + o->n, d, n);
    o->n += n;
}

static void varint(out *o, uint64_t v)
{
    unsigned char t[10];
    size_t k = 0;
    do {
        t[k++] = (unsigned char)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
        v >>= 7;
    } while (v);
    put(o, t, k);
}

static uint64_t zigzag(int64_t v)
{
    return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static void real(out *o, double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    unsigned char t[8];
    for (int k = 0; k < 8; k++)
        t[k] = (unsigned char)(u >> (8 * k));
    put(o, t, 8);
}

/* The plies: first and a constant step, or step 0 and the deltas. */
static void plies(out *o, const int *ply, int n)
{
    int step = n > 1 ? ply[1] - ply[0] : 1;
    for (int k = 2; k < n && step; k++)
        if (ply[k] - ply[k - 1] != step)
            step = 0;
    varint(o, (uint64_t)ply[0]);
    varint(o, (uint64_t)step);
    for (int k = 1; k < n && !step; k++)
        varint(o, (uint64_t)(ply[k] - ply[k - 1]));
}

int leaguedb_metric_pack(const leaguedb_metric_series *s, unsigned char **data, size_t *size)
{
    *data = NULL;
    *size = 0;
    if (!s || s->n <= 0)
        return LEAGUEDB_E_INVAL;
    int kind = 0;
    for (int k = 0; k < s->n; k++) {
        int t = s->turn[k].type;
        if (t == UTIL_METRIC_NONE || s->ply[k] < 1 || (k && s->ply[k] <= s->ply[k - 1]) ||
            (t == UTIL_METRIC_TEXT && !s->turn[k].text))
            return LEAGUEDB_E_INVAL;
        int want = t == UTIL_METRIC_INT ? ALL_INT : t == UTIL_METRIC_REAL ? ALL_REAL : MIXED;
        kind = !kind || kind == want ? want : MIXED;
    }
    int d = kind == ALL_REAL ? decimals(s->turn, s->n) : -1;
    if (d >= 0)
        kind = DECIMAL; /* reals as scaled integers: a byte or two, not eight */
    out o = {NULL, 0, 0, 1};
    unsigned char head[2] = {FORMAT, 0};
    put(&o, head, 1);
    varint(&o, (uint64_t)s->n);
    plies(&o, s->ply, s->n);
    head[0] = (unsigned char)kind;
    head[1] = (unsigned char)d;
    put(&o, head, kind == DECIMAL ? 2 : 1);
    uint64_t prev = 0;
    for (int k = 0; k < s->n; k++) {
        const util_metric_value *v = &s->turn[k];
        if (kind == ALL_INT || kind == DECIMAL) { /* the difference from the one before */
            uint64_t i = kind == ALL_INT ? (uint64_t)v->i : (uint64_t)llround(v->d * ten[d]);
            varint(&o, zigzag((int64_t)(i - prev)));
            prev = i;
            continue;
        }
        if (kind == MIXED) {
            head[0] = (unsigned char)v->type;
            put(&o, head, 1);
        }
        if (v->type == UTIL_METRIC_INT) {
            varint(&o, zigzag(v->i));
        } else if (v->type == UTIL_METRIC_REAL) {
            real(&o, v->d);
        } else {
            size_t len = strlen(v->text);
            varint(&o, len);
            put(&o, v->text, len);
        }
    }
    if (!o.ok) {
        free(o.b);
        return LEAGUEDB_E_NOMEM;
    }
    *data = o.b;
    *size = o.n;
    return 0;
}

/* A reader over a blob; bad 1 once it ran past the end or met nonsense. */
typedef struct in {
    const unsigned char *p, *end;
    int bad;
} in;

static uint64_t get_varint(in *r)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (r->p >= r->end) {
            r->bad = 1;
            return 0;
        }
        unsigned char c = *r->p++;
        v |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80))
            return v;
    }
    r->bad = 1;
    return 0;
}

static double get_real(in *r)
{
    if (r->end - r->p < 8) {
        r->bad = 1;
        return 0;
    }
    uint64_t u = 0;
    for (int k = 0; k < 8; k++)
        u |= (uint64_t)r->p[k] << (8 * k);
    r->p += 8;
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

static int get_byte(in *r)
{
    if (r->p >= r->end) {
        r->bad = 1;
        return -1;
    }
    return *r->p++;
}

/* The values after the kind byte (and DECIMAL's places d) into
 * turn[0..n), texts copied to *text. */
static void get_values(in *r, int kind, int d, int n, util_metric_value *turn, char **text)
{
    uint64_t prev = 0;
    for (int k = 0; k < n && !r->bad; k++) {
        if (kind == DECIMAL) {
            uint64_t z = get_varint(r);
            prev += (uint64_t)((int64_t)(z >> 1) ^ -(int64_t)(z & 1));
            turn[k] =
                (util_metric_value){UTIL_METRIC_REAL, 0, (double)(int64_t)prev / ten[d], NULL};
            continue;
        }
        int t = kind == ALL_INT    ? UTIL_METRIC_INT
                : kind == ALL_REAL ? UTIL_METRIC_REAL
                                   : get_byte(r);
        util_metric_value *v = &turn[k];
        memset(v, 0, sizeof *v);
        v->type = (util_metric_type)t;
        if (t == UTIL_METRIC_INT) {
            uint64_t z = get_varint(r);
            v->i = (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
            if (kind == ALL_INT) /* a difference */
                v->i = (int64_t)(prev += (uint64_t)v->i);
            v->d = (double)v->i;
        } else if (t == UTIL_METRIC_REAL) {
            v->d = get_real(r);
        } else if (t == UTIL_METRIC_TEXT) {
            uint64_t len = get_varint(r);
            if (r->bad || len > (uint64_t)(r->end - r->p)) {
                r->bad = 1;
                return;
            }
            memcpy(*text, r->p, len);
            (*text)[len] = '\0';
            v->text = *text;
            *text += len + 1;
            r->p += len;
        } else {
            r->bad = 1;
        }
    }
}

int leaguedb_metric_unpack(const void *blob, size_t size, int *n, int **ply,
                           util_metric_value **turn)
{
    *n = 0;
    *ply = NULL;
    *turn = NULL;
    in r = {blob, (const unsigned char *)blob + size, 0};
    if (get_byte(&r) != FORMAT)
        return LEAGUEDB_E_PARSE;
    uint64_t count = get_varint(&r);
    /* each value takes a byte at least: a count past the blob is corrupt */
    if (r.bad || count == 0 || count > size)
        return LEAGUEDB_E_PARSE;
    int cnt = (int)count;
    /* one block: the values, the plies, the texts (at most the blob's
     * bytes and a NUL each) */
    size_t pb = (sizeof(int) * count + 15) & ~(size_t)15, vb = sizeof(util_metric_value) * count;
    char *block = malloc(pb + vb + size + count);
    if (!block)
        return LEAGUEDB_E_NOMEM;
    int *pl = (int *)block; /* first: free(*ply) frees the block */
    util_metric_value *tv = (util_metric_value *)(block + pb);
    char *text = block + pb + vb;
    uint64_t first = get_varint(&r), step = get_varint(&r), at = first;
    for (int k = 0; k < cnt && !r.bad; k++) {
        if (k)
            at += step ? step : get_varint(&r);
        if (at > 100000000 || (k && !step && at <= (uint64_t)pl[k - 1]))
            r.bad = 1;
        pl[k] = (int)at;
    }
    int kind = get_byte(&r), d = kind == DECIMAL ? get_byte(&r) : 0;
    if (kind < ALL_INT || kind > DECIMAL || d < 0 || d > DECIMALS_MAX)
        r.bad = 1;
    get_values(&r, kind, d, cnt, tv, &text);
    if (r.bad || r.p != r.end || first == 0) {
        free(block);
        return LEAGUEDB_E_PARSE;
    }
    *n = cnt;
    *ply = pl;
    *turn = tv;
    return 0;
}
