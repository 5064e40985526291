/*
 * loa-openings - makes an opening suite for leagues (loa-arena --openings):
 * distinct sequences of N plies from the initial position, each leading to
 * a roughly balanced position, one per line, moves separated by spaces.
 *
 *   loa-openings [--plies N] [--count K] [--depth D] [--margin S] [--seed X]
 *
 * How: sequences of N uniformly random legal plies are drawn from a
 * java.util.Random-compatible generator seeded with X (so the suite is a
 * pure function of the options); a sequence is kept when no position on
 * the way is won, its final position was not kept before (Zobrist key: two
 * move orders reaching one position are one opening), and loa-ab's search
 * (bots/ab) to depth D from that position scores it within +-S (the score
 * scale of loa-ab: about 100 per unit of its evaluation; a won game is
 * 30000). Each search starts from a cleared table: the result does not
 * depend on the order of work. Stops after K openings, or when 1000 draws
 * in a row found nothing new (the space is exhausted).
 *
 * Output: a comment header naming the command and options, then the
 * openings. Exit status 0, or 2 for bad options.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ab/search.h"
#include "loa/loa.h"

#define DEFAULT_PLIES 4
#define DEFAULT_COUNT 2000
#define DEFAULT_DEPTH 4
#define DEFAULT_MARGIN 60
#define DEFAULT_SEED 1
#define TT_MB 4         /* a depth-4 search fills a fraction of this */
#define MAX_MISSES 1000 /* draws in a row with nothing new: stop */

/* Strict decimal within lo..hi (bots do not use the project's util). */
static int parse_num(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    if (!s || !*s)
        return -1;
    long long v = strtoll(s, &end, 10);
    if (*end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

typedef struct seen_set { /* open addressing on Zobrist keys */
    uint64_t *keys;
    size_t cap, used; /* kept at most half full: probes stay short, never loop */
} seen_set;

static int seen_add(seen_set *s, uint64_t key)
{
    key |= 1; /* 0 marks an empty slot */
    size_t i = (size_t)(key % s->cap);
    while (s->keys[i]) {
        if (s->keys[i] == key)
            return 0;
        i = (i + 1) % s->cap;
    }
    s->keys[i] = key;
    s->used++;
    return 1;
}

/* The options (all within their bounds once parsed). */
typedef struct gen_options {
    long long plies, count, depth, margin, seed;
} gen_options;

/* argv into *o (defaults set here). Returns 1 to go on, or 0 with *status
 * (--help: 0; a bad option or argument: 2). */
static int parse_args(int argc, char **argv, gen_options *o, int *status)
{
    static const struct option opts[] = {{"plies", required_argument, NULL, 'n'},
                                         {"count", required_argument, NULL, 'k'},
                                         {"depth", required_argument, NULL, 'd'},
                                         {"margin", required_argument, NULL, 'm'},
                                         {"seed", required_argument, NULL, 's'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    *o = (gen_options){DEFAULT_PLIES, DEFAULT_COUNT, DEFAULT_DEPTH, DEFAULT_MARGIN, DEFAULT_SEED};
    int c;
    *status = 2;
    while ((c = getopt_long(argc, argv, "n:k:d:m:s:h", opts, NULL)) != -1) {
        int bad = 0;
        switch (c) {
        case 'n': bad = parse_num(optarg, 1, 20, &o->plies); break;
        case 'k': bad = parse_num(optarg, 1, 1000000, &o->count); break;
        case 'd': bad = parse_num(optarg, 1, 12, &o->depth); break;
        case 'm': bad = parse_num(optarg, 0, SEARCH_WIN, &o->margin); break;
        case 's': bad = parse_num(optarg, INT64_MIN, INT64_MAX, &o->seed); break;
        case 'h':
            puts("Usage: loa-openings [--plies N (4)] [--count K (2000)] [--depth D (4)]\n"
                 "                    [--margin S (60)] [--seed X (1)]\n"
                 "Prints K distinct openings of N random plies whose position loa-ab scores\n"
                 "within +-S at depth D, one per line, for loa-arena --openings.");
            return *status = 0, 0;
        default: return 0;
        }
        if (bad) {
            fprintf(stderr, "loa-openings: --%s '%s': out of range or not a number\n",
                    opts[c == 'n'   ? 0
                         : c == 'k' ? 1
                         : c == 'd' ? 2
                         : c == 'm' ? 3
                                    : 4]
                        .name,
                    optarg);
            return 0;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "loa-openings: unexpected argument '%s'\n", argv[optind]);
        return 0;
    }
    return 1;
}

/* One draw: `plies` uniformly random legal plies from the initial position
 * into line, the position reached into *b. Returns 1, or 0 when a position
 * on the way is won (the draw is refused). */
static int draw_line(loa_jrandom *rng, int plies, loa_move *line, loa_board *b)
{
    int ok = 1;
    loa_board_init(b);
    for (int i = 0; i < plies && ok; i++) {
        loa_move mv[LOA_MAX_MOVES];
        int n = loa_generate_moves_cg(b, mv);
        line[i] = n ? mv[loa_jrandom_next_int(rng, n)] : LOA_MOVE_PASS;
        loa_make_move(b, line[i], NULL);
        ok = loa_board_status(b, LOA_MAX_PLIES) == LOA_ONGOING;
    }
    return ok;
}

/* Draws until o->count openings are printed, MAX_MISSES draws in a row
 * found nothing new, or seen is half full. Returns the openings printed. */
static long long make_openings(const gen_options *o, search_ctx *ctx, seen_set *seen)
{
    loa_jrandom rng;
    loa_jrandom_seed(&rng, o->seed);
    long long kept = 0, misses = 0;
    while (kept < o->count && misses < MAX_MISSES && seen->used < seen->cap / 2) {
        loa_board b;
        loa_move line[20];
        if (!draw_line(&rng, (int)o->plies, line, &b) || !seen_add(seen, loa_zobrist_key(&b))) {
            misses++;
            continue;
        }
        search_clear(ctx);
        search_limits lim = {.max_depth = (int)o->depth};
        search_result r = search_run(ctx, &b, lim);
        if (r.score > o->margin || r.score < -o->margin) {
            misses++;
            continue;
        }
        misses = 0;
        for (int i = 0; i < o->plies; i++) {
            char m[LOA_MOVE_STRING_MAX];
            printf("%s%s", i ? " " : "", loa_move_format(line[i], m));
        }
        putchar('\n');
        kept++;
    }
    return kept;
}

int main(int argc, char **argv)
{
    gen_options o;
    int status;
    if (!parse_args(argc, argv, &o, &status))
        return status;
    search_ctx ctx;
    if (search_init(&ctx, TT_MB) != 0) {
        fprintf(stderr, "loa-openings: out of memory\n");
        return 1;
    }
    /* Positions refused for their score are remembered too (not searched
     * twice): room for many times the count. */
    size_t cap = (size_t)o.count * 16 + 4096;
    seen_set seen = {calloc(cap, sizeof(uint64_t)), cap, 0};
    if (!seen.keys) {
        fprintf(stderr, "loa-openings: out of memory\n");
        return 1;
    }
    printf("# loa-openings --plies %lld --count %lld --depth %lld --margin %lld --seed %lld\n"
           "# %lld-ply openings from the initial position, each reaching a distinct position\n"
           "# that loa-ab scores within +-%lld at depth %lld (see bots/tools/openings.c).\n",
           o.plies, o.count, o.depth, o.margin, o.seed, o.plies, o.margin, o.depth);
    long long kept = make_openings(&o, &ctx, &seen);
    if (kept < o.count)
        fprintf(stderr, "loa-openings: only %lld openings found\n", kept);
    free(seen.keys);
    search_free(&ctx);
    return fflush(stdout) == 0 ? 0 : 1;
}
