/*
 * loa-mcts - Monte Carlo tree search on the SDK: the other starting point
 * beside loa-negamax (docs/bots.md; docs/sdk.md, "Writing an MCTS bot").
 *
 * Each iteration walks down the tree from the root by UCT (the child with
 * the best mean result plus an exploration bonus: L. Kocsis, C. Szepesvari,
 * "Bandit based Monte-Carlo planning", ECML 2006), adds the children of the
 * leaf it reaches, plays the game on with random moves (loa_playout) and
 * adds the result to every node on its way. Random LOA games seldom connect
 * before the 150-ply draw, so a playout stops after --cutoff plies and the
 * SDK's features judge the position instead, as MC-LOA does (M. H. M.
 * Winands, Y. Bjornsson, J.-T. Saito, "Monte Carlo tree search in Lines of
 * Action", IEEE TCIAIG 2(4), 2010). The answer is the root's most visited
 * move. Stops at --move-time, or after --playouts in --deterministic mode.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "loa/features.h"
#include "loa/loa.h"
#include "loa/playout.h"

#define MCTS_NODES (1 << 22) /* the tree's node pool: 64 MiB */
#define MCTS_PATH 160        /* longest path: the game ends at ply 150 */
#define EVAL_SCALE 120.0     /* feature points per unit of the logistic */

typedef struct mcts_node {
    int32_t first;    /* first child in the pool; -1 until expanded */
    uint32_t visits;  /* playouts through this node */
    float value;      /* their results for the side that played `move`: win 1, draw 0.5 */
    loa_move move;    /* the move from the parent */
    uint8_t children; /* how many, at pool[first ...] */
} mcts_node;

typedef struct mcts {
    mcts_node *pool;
    int used, cutoff;
    double explore;
    loa_rng rng;
} mcts;

static void usage(FILE *out)
{
    fputs("Usage: loa-mcts [options]\n"
          "Lines of Action bot for the CodinGame protocol: Monte Carlo tree search (UCT)\n"
          "with random playouts cut short and judged by the SDK's evaluation features.\n"
          "\n"
          "  -t, --move-time=MS  search MS per turn (default 100; first turn 500)\n"
          "      --cutoff=N      random plies per playout before the features judge the\n"
          "                      position (default 2; 0: judge at once; 150: play every\n"
          "                      playout to the end of the game)\n"
          "      --explore=C     UCT exploration constant (default 0.7)\n"
          "      --playouts=N    with --deterministic: playouts per turn (default 5000)\n"
          "  -s, --seed=N        seed of the playouts (default: from the clock)\n"
          "  -D, --deterministic no clock: --playouts per turn (with --seed, the same\n"
          "                      turns give the same moves)\n"
          "  -q, --quiet         no search line on stderr\n"
          "  -h, --help          show this help\n",
          out);
}

/* One side's position in feature points (loa/features.h): a group fewer is
 * worth 32, a square of surplus distance 8, as loa-ab weighs them. */
static double side_score(loa_bitboard bb)
{
    int n = loa_popcount(bb);
    return -8.0 * loa_concentration(bb) - 8.0 * loa_euler4(bb) +
           2.0 * loa_centralisation(bb, NULL) / n - loa_bounding_area(bb);
}

/* The result of a playout for black: 1 won, 0 lost, 0.5 drawn, and for a
 * playout cut short the chance the features give black. */
static double result_for_black(loa_status st, const loa_board *b)
{
    if (st == LOA_ONGOING)
        return 1 / (1 + exp(-(side_score(b->pieces[LOA_BLACK]) - side_score(b->pieces[LOA_WHITE])) /
                            EVAL_SCALE));
    return st == LOA_BLACK_WINS ? 1 : st == LOA_WHITE_WINS ? 0 : 0.5;
}

/* Gives node the moves of b as children, in random order (so that the
 * first unvisited one UCT takes is a random one); a pass when there is
 * none. Leaves it a leaf when the pool is full. */
static void expand(mcts *m, int node, const loa_board *b)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    if (n == 0)
        mv[n++] = LOA_MOVE_PASS;
    if (m->used + n > MCTS_NODES)
        return;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)loa_rng_below(&m->rng, (uint32_t)i + 1);
        loa_move t = mv[i];
        mv[i] = mv[j], mv[j] = t;
    }
    m->pool[node].first = m->used;
    m->pool[node].children = (uint8_t)n;
    for (int i = 0; i < n; i++)
        m->pool[m->used++] = (mcts_node){-1, 0, 0, mv[i], 0};
}

/* UCT: an unvisited child first, else the best mean plus the bonus. */
static int select_child(const mcts *m, int parent)
{
    const mcts_node *p = &m->pool[parent];
    double log_n = log((double)p->visits), best = -1;
    int pick = p->first;
    for (int i = p->first; i < p->first + p->children; i++) {
        const mcts_node *c = &m->pool[i];
        if (c->visits == 0)
            return i;
        double u = c->value / c->visits + m->explore * sqrt(log_n / c->visits);
        if (u > best)
            best = u, pick = i;
    }
    return pick;
}

/* One iteration from the root position: select, expand, play out, back up. */
static void iterate(mcts *m, const loa_board *root)
{
    int path[MCTS_PATH], depth = 0, node = 0;
    loa_board b = *root;
    loa_status st = LOA_ONGOING;
    path[depth++] = 0;
    for (;;) {
        if (m->pool[node].first < 0) {
            if (m->pool[node].visits == 0 || depth == MCTS_PATH - 1)
                break; /* a new leaf: play out from it */
            expand(m, node, &b);
            if (m->pool[node].first < 0)
                break; /* the pool is full */
        }
        node = select_child(m, node);
        loa_move mv = m->pool[node].move;
        loa_make_move(&b, mv, NULL);
        st = loa_board_status_after(&b, mv != LOA_MOVE_PASS && (mv & LOA_MOVE_CAPTURE),
                                    LOA_MAX_PLIES);
        path[depth++] = node;
        if (st != LOA_ONGOING)
            break; /* the game ended in the tree: an exact result */
    }
    if (st == LOA_ONGOING)
        st = loa_playout(&b, &m->rng, m->cutoff);
    double black = result_for_black(st, &b);
    /* node k's move was played by the side to move at the root when k is
     * odd in the path (root, its children, grandchildren, ...) */
    for (int k = 0; k < depth; k++) {
        mcts_node *n = &m->pool[path[k]];
        int by_root_side = k % 2 == 1;
        int by_black = by_root_side == (root->side == LOA_BLACK);
        n->visits++;
        n->value += (float)(by_black ? black : 1 - black);
    }
}

/* The move to play in b: a win at once if there is one, else the most
 * visited child of the root after the search. */
static loa_move search(mcts *m, const loa_board *b, int64_t deadline_us, long max_playouts,
                       long *playouts)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    *playouts = 0;
    m->used = 0;
    for (int i = 0; i < n; i++) {
        loa_board c = *b;
        loa_make_move(&c, mv[i], NULL);
        if (loa_board_status(&c, LOA_MAX_PLIES) ==
            (b->side == LOA_BLACK ? LOA_BLACK_WINS : LOA_WHITE_WINS))
            return mv[i];
    }
    if (n <= 1)
        return n ? mv[0] : LOA_MOVE_PASS;
    m->used = 1;
    m->pool[0] = (mcts_node){-1, 0, 0, LOA_MOVE_NONE, 0};
    while (*playouts < max_playouts && ((*playouts & 63) || loa_now_us() < deadline_us)) {
        iterate(m, b);
        ++*playouts;
    }
    const mcts_node *root = &m->pool[0];
    int best = root->first;
    for (int i = root->first; root->first >= 0 && i < root->first + root->children; i++)
        if (m->pool[i].visits > m->pool[best].visits)
            best = i;
    return best >= 0 ? m->pool[best].move : mv[0];
}

int main(int argc, char **argv)
{
    enum { OPT_CUTOFF = 256, OPT_EXPLORE, OPT_PLAYOUTS };
    static const struct option longs[] = {{"move-time", required_argument, NULL, 't'},
                                          {"cutoff", required_argument, NULL, OPT_CUTOFF},
                                          {"explore", required_argument, NULL, OPT_EXPLORE},
                                          {"playouts", required_argument, NULL, OPT_PLAYOUTS},
                                          {"seed", required_argument, NULL, 's'},
                                          {"deterministic", no_argument, NULL, 'D'},
                                          {"quiet", no_argument, NULL, 'q'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
    static mcts m = {NULL, 0, 2, 0.7, {{0}}};
    long move_ms = 100, playouts_max = 5000;
    int deterministic = 0, quiet = 0, ch;
    uint64_t seed = (uint64_t)loa_wall_us();
    while ((ch = getopt_long(argc, argv, "t:s:Dqh", longs, NULL)) != -1) {
        char *end;
        errno = 0;
        long long v = ch == OPT_EXPLORE ? 0 : strtoll(optarg ? optarg : "", &end, 10);
        double x = ch == OPT_EXPLORE ? strtod(optarg, &end) : 0;
        int bad = optarg && (end == optarg || *end || errno);
        switch (ch) {
        case 't': bad |= v < 1 || v > 100000, move_ms = (long)v; break;
        case OPT_CUTOFF: bad |= v < 0 || v > LOA_MAX_PLIES, m.cutoff = (int)v; break;
        case OPT_EXPLORE: bad |= !(x >= 0 && x <= 100), m.explore = x; break;
        case OPT_PLAYOUTS: bad |= v < 1 || v > 100000000, playouts_max = (long)v; break;
        case 's': seed = (uint64_t)v; break; /* signed 64 bits, as the arena's {seed} */
        case 'D': deterministic = 1; break;
        case 'q': quiet = 1; break;
        case 'h': usage(stdout); return 0;
        default: return 2;
        }
        for (const struct option *o = longs; bad && o->name; o++)
            if (o->val == ch) {
                fprintf(stderr, "loa-mcts: bad value '%s' for --%s\n", optarg, o->name);
                return 2;
            }
    }
    if (optind < argc) {
        fprintf(stderr, "loa-mcts: unexpected argument '%s' (see --help)\n", argv[optind]);
        return 2;
    }
    m.pool = (mcts_node *)malloc(sizeof *m.pool * MCTS_NODES);
    if (!m.pool) {
        fprintf(stderr, "loa-mcts: out of memory\n");
        return 1;
    }
    loa_rng_seed(&m.rng, seed);
    loa_turn turn;
    loa_turn_init(&turn);
    int rc;
    while ((rc = loa_turn_read(stdin, &turn)) == LOA_OK) {
        int64_t t0 = loa_now_us();
        int64_t budget = (turn.turns_read == 1 ? 500 : move_ms) * 1000LL;
        long playouts;
        loa_move best = search(&m, &turn.board, deterministic ? INT64_MAX : t0 + budget,
                               deterministic ? playouts_max : LONG_MAX, &playouts);
        if (!quiet)
            fprintf(stderr, "loa-mcts: playouts %ld nodes %d time %.1f ms\n", playouts, m.used,
                    (double)(loa_now_us() - t0) / 1000);
        char comment[32];
        snprintf(comment, sizeof comment, "%ld playouts", playouts);
        if (loa_turn_write(stdout, best, comment) != LOA_OK)
            return 1;
    }
    free(m.pool);
    if (rc != LOA_E_EOF) {
        fprintf(stderr, "loa-mcts: bad input: %s\n", turn.error);
        return 1;
    }
    return 0;
}
