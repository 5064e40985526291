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
 * Action", IEEE TCIAIG 2(4), 2010). The features also judge every child as
 * it is added: a progressive bias, and a minimax value backed up beside the
 * mean (implicit minimax backups); moves that end the game are proven and
 * the proofs backed up (MCTS-Solver). The tree under the moves played is
 * kept for the next turn. The answer is a proven win, else the root's most
 * visited move not proven lost. Stops at --move-time on the clock that
 * judges the bot, or after --playouts in --deterministic mode; docs/sdk.md,
 * "Writing an MCTS bot", walks through it.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loa/features.h"
#include "loa/loa.h"
#include "loa/playout.h"

#include "ab/eval.h"

#define MCTS_NODES (1 << 22) /* each of the two node pools: 96 MiB */
#define MCTS_PATH 160        /* longest path: the game ends at ply 150 */

enum { JUDGE_FEATURES, JUDGE_AB }; /* --judge: four features, loa-ab's evaluation */

typedef struct mcts_node {
    int32_t first;    /* first child in the pool; -1 until expanded */
    uint32_t visits;  /* playouts through this node */
    float value;      /* their results for the side that played `move`: win 1, draw 0.5 */
    float prior;      /* that side's chance after `move` by the features, 0..1 */
    float minimax;    /* the features' minimax value of the subtree for that
                         side (implicit minimax backups), 0..1 */
    loa_move move;    /* the move from the parent */
    uint8_t children; /* how many, at pool[first ...] */
    int8_t proven;    /* MCTS-Solver: +1 the side that played `move` wins
                         whatever follows, -1 it loses, 0 not proven */
} mcts_node;

typedef struct mcts {
    mcts_node *pool, *spare; /* the tree; the pool a reused subtree is copied to */
    int used, cutoff;
    int judge;                   /* JUDGE_*: what judges a position */
    double explore, bias, alpha; /* alpha: the weight of the minimax value */
    double scale;                /* evaluation points per unit of the logistic */
    double epsilon;              /* share of random plies in a playout, the rest greedy */
    int reuse;                   /* keep the subtree of the moves played between turns */
    loa_move last_best;          /* our previous answer, LOA_MOVE_NONE: no tree kept */
    uint32_t best_visits;        /* the chosen child's visits, 0: no search this turn */
    double best_value;           /* and its playouts' mean for us, 0..1 */
    loa_rng rng;
} mcts;

static void usage(FILE *out)
{
    fputs("Usage: loa-mcts [options]\n"
          "Lines of Action bot for the CodinGame protocol: Monte Carlo tree search (UCT)\n"
          "with random playouts cut short and judged by the SDK's evaluation features,\n"
          "proven wins and losses backed up (MCTS-Solver), a progressive bias from the\n"
          "features, and the tree kept between turns.\n"
          "\n"
          "  -t, --move-time=MS  search MS per turn (default 100), on the clock that\n"
          "                      judges the bot (LOA_TIME_MODE, loa/timer.h)\n"
          "      --first-time=MS search MS on the first turn (default 500; CodinGame\n"
          "                      allows 1000)\n"
          "      --cutoff=N      random plies per playout before the features judge the\n"
          "                      position (default 2; 0: judge at once; 150: play every\n"
          "                      playout to the end of the game)\n"
          "      --epsilon=E     share of random plies in a playout; the others play the\n"
          "                      move nearest the mover's centre of mass and the centre,\n"
          "                      captures first (default 1: all random)\n"
          "      --explore=C     UCT exploration constant (default 0.1)\n"
          "      --bias=W        weight of the features' progressive bias (default 1.0;\n"
          "                      0: none)\n"
          "      --minimax=A     weight of the features' minimax value beside the\n"
          "                      playouts' mean (implicit minimax backups; default 0.4)\n"
          "      --judge=J       what judges a position (playouts cut short, priors):\n"
          "                      features (default: four SDK features) or ab (loa-ab's\n"
          "                      evaluation, bots/ab/eval.c)\n"
          "      --scale=S       evaluation points per unit of the logistic that turns a\n"
          "                      judged position into a chance (default 120: a group\n"
          "                      joined, about 32, is worth 0.57 against 0.43)\n"
          "      --no-reuse      start every turn with a new tree\n"
          "      --playouts=N    with --deterministic: playouts per turn (default 5000)\n"
          "  -s, --seed=N        seed of the playouts (default: from the clock)\n"
          "  -D, --deterministic no clock: --playouts per turn (with --seed, the same\n"
          "                      turns give the same moves)\n"
          "  -q, --quiet         no search line on stderr (the metrics lines stay)\n"
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

/* The chance of colour c in b (ongoing) by the judge: the four features,
 * or loa-ab's evaluation (bots/ab/eval.h: the features it weighs, with
 * mobility and the side to move's bonus; MC-LOA judges with MIA's). */
static double chance_of(const mcts *m, const loa_board *b, int c)
{
    double d = m->judge == JUDGE_AB ? ((int)b->side == c ? 1 : -1) * (double)eval_board(b)
                                    : side_score(b->pieces[c]) - side_score(b->pieces[1 - c]);
    return 1 / (1 + exp(-d / m->scale));
}

/* The result of a playout for black: 1 won, 0 lost, 0.5 drawn, and for a
 * playout cut short the chance the features give black. */
static double result_for_black(const mcts *m, loa_status st, const loa_board *b)
{
    if (st == LOA_ONGOING)
        return chance_of(m, b, LOA_BLACK);
    return st == LOA_BLACK_WINS ? 1 : st == LOA_WHITE_WINS ? 0 : 0.5;
}

/* The playout policy's move in b: the best by a cheap score of the move
 * alone (MC-LOA weighs moves by capture and centre: Winands et al. 2010):
 * a square nearer the mover's centre of mass is worth 8 (loa-ab's
 * concentration weight), a point of the centralisation table a quarter,
 * a capture 8; ties at random. LOA_MOVE_PASS when there is no move. */
static loa_move greedy_move(const loa_board *b, loa_rng *rng)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    if (n == 0)
        return LOA_MOVE_PASS;
    int com = loa_com_square(loa_com_of(b->pieces[b->side]));
    int best = INT_MIN, pick = 0;
    for (int i = 0; i < n; i++) {
        int from = LOA_MOVE_FROM(mv[i]), to = LOA_MOVE_TO(mv[i]);
        int score = 32 * (loa_distance(from, com) - loa_distance(to, com)) +
                    (loa_centre_table[to] - loa_centre_table[from]) +
                    (mv[i] & LOA_MOVE_CAPTURE ? 32 : 0);
        score = score * 8 + (int)loa_rng_below(rng, 8); /* ties at random */
        if (score > best)
            best = score, pick = i;
    }
    return mv[pick];
}

/* Plays up to `plies` plies on *b as loa_playout does, each a random move
 * with probability epsilon, else greedy_move's (epsilon-greedy playouts). */
static loa_status play_out(mcts *m, loa_board *b, int plies)
{
    if (m->epsilon >= 1)
        return loa_playout(b, &m->rng, plies);
    uint32_t random_below = (uint32_t)(m->epsilon * 65536);
    for (int k = 0; k < plies; k++) {
        loa_move mv = loa_rng_below(&m->rng, 65536) < random_below ? loa_random_move(b, &m->rng)
                                                                   : greedy_move(b, &m->rng);
        loa_make_move(b, mv, NULL);
        loa_status st = loa_board_status_after(b, mv != LOA_MOVE_PASS && (mv & LOA_MOVE_CAPTURE),
                                               LOA_MAX_PLIES);
        if (st != LOA_ONGOING)
            return st;
    }
    return LOA_ONGOING;
}

/* Gives node (b its position) the moves of b as children, each judged by
 * the features (its prior) and, when it ends the game, proven; a pass when
 * there is none. Children are shuffled, so that equal priors are taken in
 * random order. Leaves it a leaf when the pool is full. */
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
    int me = b->side;
    loa_status won = me == LOA_BLACK ? LOA_BLACK_WINS : LOA_WHITE_WINS;
    m->pool[node].first = m->used;
    m->pool[node].children = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        loa_board c = *b;
        loa_make_move(&c, mv[i], NULL);
        loa_status st =
            loa_board_status_after(&c, mv[i] != LOA_MOVE_PASS && (mv[i] & LOA_MOVE_CAPTURE),
                                   LOA_MAX_PLIES);
        int proven = st == LOA_ONGOING || st == LOA_DRAW ? 0 : st == won ? 1 : -1;
        float p = proven ? (proven > 0) : (float)chance_of(m, &c, me);
        m->pool[m->used++] = (mcts_node){-1, 0, 0, p, p, mv[i], 0, (int8_t)proven};
    }
}

/* UCT with a progressive bias (the prior, fading with the visits: G. M. J.-B.
 * Chaslot et al., "Progressive strategies for Monte-Carlo tree search",
 * 2008; MC-LOA uses one): a child proven won at once; proven lost ones
 * never while another is left; an unvisited child before the others, the
 * best prior first. */
static int select_child(const mcts *m, int parent)
{
    const mcts_node *p = &m->pool[parent];
    double log_n = log((double)p->visits + 1), best = -1e9, best_new = -1;
    int pick = -1, pick_new = -1;
    for (int i = p->first; i < p->first + p->children; i++) {
        const mcts_node *c = &m->pool[i];
        if (c->proven > 0)
            return i;
        if (c->proven < 0)
            continue;
        if (c->visits == 0) {
            if (c->prior > best_new)
                best_new = c->prior, pick_new = i;
            continue;
        }
        double q = (1 - m->alpha) * c->value / c->visits + m->alpha * c->minimax;
        double u = q + m->explore * sqrt(log_n / c->visits) + m->bias * c->prior / (c->visits + 1);
        if (u > best)
            best = u, pick = i;
    }
    if (pick_new >= 0)
        return pick_new;
    return pick >= 0 ? pick : p->first; /* every child lost: any */
}

/* MCTS-Solver (M. H. M. Winands, Y. Bjornsson, J.-T. Saito, "Monte-Carlo
 * tree search solver", CG 2008): from the leaf up, a node whose child is
 * proven won is proven lost (its opponent moves there), and a node whose
 * children are all proven lost is proven won. */
static void back_up_proofs(mcts *m, const int *path, int depth)
{
    for (int k = depth - 1; k > 0; k--) {
        const mcts_node *c = &m->pool[path[k]];
        mcts_node *p = &m->pool[path[k - 1]];
        if (c->proven > 0) {
            p->proven = -1;
            continue;
        }
        if (c->proven == 0)
            return;
        for (int i = p->first; i < p->first + p->children; i++)
            if (m->pool[i].proven >= 0)
                return;
        p->proven = 1;
    }
}

/* One iteration from the root position: select, expand, play out (or take
 * a proof), back up. */
static void iterate(mcts *m, const loa_board *root)
{
    int path[MCTS_PATH], depth = 0, node = 0;
    loa_board b = *root;
    loa_status st = LOA_ONGOING;
    path[depth++] = 0;
    while (!m->pool[node].proven || node == 0) {
        if (m->pool[node].first < 0) {
            if ((m->pool[node].visits == 0 && node != 0) || depth == MCTS_PATH - 1)
                break; /* a new leaf: play out from it */
            expand(m, node, &b);
            if (m->pool[node].first < 0)
                break; /* the pool is full */
        }
        node = select_child(m, node);
        loa_move mv = m->pool[node].move;
        loa_make_move(&b, mv, NULL);
        path[depth++] = node;
        if (m->pool[node].proven)
            break;
        st = loa_board_status_after(&b, mv != LOA_MOVE_PASS && (mv & LOA_MOVE_CAPTURE),
                                    LOA_MAX_PLIES);
        if (st != LOA_ONGOING)
            break; /* the game ended in the tree (a draw: proofs are wins) */
    }
    /* r: the result for the side that played the leaf's move */
    const mcts_node *leaf = &m->pool[path[depth - 1]];
    double r;
    if (leaf->proven)
        r = leaf->proven > 0;
    else {
        int mover = 1 - b.side; /* the side that played the leaf's move */
        if (st == LOA_ONGOING)
            st = play_out(m, &b, m->cutoff);
        double black = result_for_black(m, st, &b);
        r = mover == LOA_BLACK ? black : 1 - black;
    }
    for (int k = depth - 1; k >= 0; k--, r = 1 - r) {
        mcts_node *n = &m->pool[path[k]];
        n->visits++;
        n->value += (float)r;
        if (n->first >= 0) { /* the opponent's best reply sets its value */
            float best = 0;
            for (int i = n->first; i < n->first + n->children; i++)
                if (m->pool[i].minimax > best)
                    best = m->pool[i].minimax;
            n->minimax = 1 - best;
        }
    }
    back_up_proofs(m, path, depth);
}
/* The child of node whose move is mv, or -1. */
static int child_with(const mcts *m, int node, loa_move mv)
{
    const mcts_node *p = &m->pool[node];
    for (int i = p->first; p->first >= 0 && i < p->first + p->children; i++)
        if (LOA_MOVE_SQUARES(m->pool[i].move) == LOA_MOVE_SQUARES(mv) ||
            (mv == LOA_MOVE_PASS && m->pool[i].move == LOA_MOVE_PASS))
            return i;
    return -1;
}

/* Makes the subtree at node the whole tree (copied to the spare pool, which
 * becomes the pool; children stay contiguous). */
static void keep_subtree(mcts *m, int node)
{
    mcts_node *src = m->pool, *dst = m->spare;
    dst[0] = src[node];
    int used = 1;
    for (int i = 0; i < used; i++) {
        if (dst[i].first < 0)
            continue;
        int from = dst[i].first, n = dst[i].children;
        memcpy(&dst[used], &src[from], sizeof *dst * (size_t)n);
        dst[i].first = used;
        used += n;
    }
    m->pool = dst;
    m->spare = src;
    m->used = used;
}

/* The root for position b: the tree of the last search moved down our
 * answer and the opponent's reply (last), when it is there; else new. */
static void root_for(mcts *m, const loa_board *b, loa_move last)
{
    int node = -1;
    if (m->reuse && m->last_best != LOA_MOVE_NONE && last != LOA_MOVE_NONE) {
        int mine = child_with(m, 0, m->last_best);
        node = mine >= 0 ? child_with(m, mine, last) : -1;
    }
    if (node > 0 && m->pool[node].first >= 0 && !m->pool[node].proven) {
        keep_subtree(m, node);
        m->pool[0].move = LOA_MOVE_NONE;
        return;
    }
    (void)b;
    m->used = 1;
    m->pool[0] = (mcts_node){-1, 0, 0, 0.5f, 0.5f, LOA_MOVE_NONE, 0, 0};
}

/* The move to play in b (last: the opponent's move before it, from the
 * turn): a win at once if there is one, else the search's: a child proven
 * won, else the most visited child not proven lost. */
static loa_move search(mcts *m, const loa_board *b, loa_move last, int64_t deadline_us,
                       long max_playouts, long *playouts)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    *playouts = 0;
    m->best_visits = 0;
    loa_move prev = m->last_best;
    m->last_best = LOA_MOVE_NONE; /* no tree is kept unless one is searched */
    for (int i = 0; i < n; i++) {
        loa_board c = *b;
        loa_make_move(&c, mv[i], NULL);
        if (loa_board_status(&c, LOA_MAX_PLIES) ==
            (b->side == LOA_BLACK ? LOA_BLACK_WINS : LOA_WHITE_WINS))
            return mv[i];
    }
    if (n <= 1)
        return n ? mv[0] : LOA_MOVE_PASS;
    m->last_best = prev;
    root_for(m, b, last);
    while (*playouts < max_playouts && ((*playouts & 63) || loa_now_us() < deadline_us) &&
           m->pool[0].proven == 0) {
        iterate(m, b);
        ++*playouts;
    }
    const mcts_node *root = &m->pool[0];
    int best = -1;
    for (int i = root->first; root->first >= 0 && i < root->first + root->children; i++) {
        const mcts_node *c = &m->pool[i];
        if (c->proven > 0) {
            best = i;
            break;
        }
        /* not proven lost before proven lost (all lost: the longest
         * resistance, which drew the most visits), then the most visited */
        int worse = best >= 0 && (m->pool[best].proven < 0) != (c->proven < 0)
                        ? c->proven < 0
                        : best >= 0 && c->visits <= m->pool[best].visits;
        if (!worse)
            best = i;
    }
    m->last_best = best >= 0 ? m->pool[best].move : LOA_MOVE_NONE;
    if (best >= 0 && m->pool[best].visits) {
        m->best_visits = m->pool[best].visits;
        m->best_value = m->pool[best].value / m->pool[best].visits;
    }
    return best >= 0 ? m->pool[best].move : mv[0];
}

/* What the program was asked for beside the search's own settings. */
typedef struct run_opts {
    long move_ms, first_ms, playouts_max;
    int deterministic, quiet;
    uint64_t seed;
} run_opts;

/* Reads the options into *m and *o. Returns 0 to play, 1 when --help was
 * printed, 2 on a bad option (said on stderr). */
static int parse_options(int argc, char **argv, mcts *m, run_opts *o)
{
    enum {
        OPT_CUTOFF = 256,
        OPT_EXPLORE,
        OPT_BIAS,
        OPT_MINIMAX,
        OPT_NO_REUSE,
        OPT_PLAYOUTS,
        OPT_JUDGE,
        OPT_FIRST_TIME,
        OPT_SCALE,
        OPT_EPSILON
    };
    static const struct option longs[] = {{"move-time", required_argument, NULL, 't'},
                                          {"cutoff", required_argument, NULL, OPT_CUTOFF},
                                          {"explore", required_argument, NULL, OPT_EXPLORE},
                                          {"bias", required_argument, NULL, OPT_BIAS},
                                          {"minimax", required_argument, NULL, OPT_MINIMAX},
                                          {"no-reuse", no_argument, NULL, OPT_NO_REUSE},
                                          {"judge", required_argument, NULL, OPT_JUDGE},
                                          {"first-time", required_argument, NULL, OPT_FIRST_TIME},
                                          {"scale", required_argument, NULL, OPT_SCALE},
                                          {"epsilon", required_argument, NULL, OPT_EPSILON},
                                          {"playouts", required_argument, NULL, OPT_PLAYOUTS},
                                          {"seed", required_argument, NULL, 's'},
                                          {"deterministic", no_argument, NULL, 'D'},
                                          {"quiet", no_argument, NULL, 'q'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
    int ch;
    while ((ch = getopt_long(argc, argv, "t:s:Dqh", longs, NULL)) != -1) {
        char *end;
        errno = 0;
        int real = ch == OPT_EXPLORE || ch == OPT_BIAS || ch == OPT_MINIMAX || ch == OPT_SCALE ||
                   ch == OPT_EPSILON;
        if (ch == OPT_JUDGE) { /* a word, not a number */
            m->judge = strcmp(optarg, "ab") == 0 ? JUDGE_AB : JUDGE_FEATURES;
            if (m->judge == JUDGE_FEATURES && strcmp(optarg, "features") != 0) {
                fprintf(stderr, "loa-mcts: bad value '%s' for --judge (features or ab)\n", optarg);
                return 2;
            }
            continue;
        }
        long long v = real ? 0 : strtoll(optarg ? optarg : "", &end, 10);
        double x = real ? strtod(optarg, &end) : 0;
        int bad = optarg && (end == optarg || *end || errno);
        switch (ch) {
        case 't': bad |= v < 1 || v > 100000, o->move_ms = (long)v; break;
        case OPT_FIRST_TIME: bad |= v < 1 || v > 100000, o->first_ms = (long)v; break;
        case OPT_CUTOFF: bad |= v < 0 || v > LOA_MAX_PLIES, m->cutoff = (int)v; break;
        case OPT_EXPLORE: bad |= !(x >= 0 && x <= 100), m->explore = x; break;
        case OPT_BIAS: bad |= !(x >= 0 && x <= 100), m->bias = x; break;
        case OPT_MINIMAX: bad |= !(x >= 0 && x <= 1), m->alpha = x; break;
        case OPT_EPSILON: bad |= !(x >= 0 && x <= 1), m->epsilon = x; break;
        case OPT_SCALE: bad |= !(x >= 1 && x <= 10000), m->scale = x; break;
        case OPT_NO_REUSE: m->reuse = 0; break;
        case OPT_PLAYOUTS: bad |= v < 1 || v > 100000000, o->playouts_max = (long)v; break;
        case 's': o->seed = (uint64_t)v; break; /* signed 64 bits, as the arena's {seed} */
        case 'D': o->deterministic = 1; break;
        case 'q': o->quiet = 1; break;
        case 'h': usage(stdout); return 1;
        default: return 2;
        }
        for (const struct option *l = longs; bad && l->name; l++)
            if (l->val == ch) {
                fprintf(stderr, "loa-mcts: bad value '%s' for --%s\n", optarg, l->name);
                return 2;
            }
    }
    if (optind < argc) {
        fprintf(stderr, "loa-mcts: unexpected argument '%s' (see --help)\n", argv[optind]);
        return 2;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static mcts m = {.cutoff = 2,
                     .judge = JUDGE_FEATURES,
                     .explore = 0.1,
                     .bias = 1.0,
                     .alpha = 0.4,
                     .scale = 120,
                     .epsilon = 1,
                     .reuse = 1,
                     .last_best = LOA_MOVE_NONE};
    run_opts o = {100, 500, 5000, 0, 0, (uint64_t)loa_wall_us()};
    int rc = parse_options(argc, argv, &m, &o);
    if (rc)
        return rc == 1 ? 0 : 2;
    m.pool = (mcts_node *)malloc(sizeof *m.pool * MCTS_NODES);
    m.spare = (mcts_node *)malloc(sizeof *m.spare * MCTS_NODES);
    if (!m.pool || !m.spare) {
        fprintf(stderr, "loa-mcts: out of memory\n");
        return 1;
    }
    loa_rng_seed(&m.rng, o.seed);
    loa_turn turn;
    loa_turn_init(&turn);
    while ((rc = loa_turn_read(stdin, &turn)) == LOA_OK) {
        int64_t t0 = loa_now_us();
        int64_t budget = (turn.turns_read == 1 ? o.first_ms : o.move_ms) * 1000LL;
        long playouts;
        loa_move best =
            search(&m, &turn.board, turn.last_move, o.deterministic ? INT64_MAX : t0 + budget,
                   o.deterministic ? o.playouts_max : LONG_MAX, &playouts);
        if (!o.quiet)
            fprintf(stderr, "loa-mcts: playouts %ld nodes %d time %.1f ms\n", playouts, m.used,
                    (double)(loa_now_us() - t0) / 1000);
        /* the search's metrics for the arena (docs/metrics.md), one write */
        char best_line[96] = "";
        if (m.best_visits)
            snprintf(best_line, sizeof best_line,
                     "[PDATA][%d] best_visits = %u\n[PDATA][%d] best_value = %.3f\n",
                     turn.turns_read, (unsigned)m.best_visits, turn.turns_read, m.best_value);
        fprintf(stderr, "[PDATA][%d] playouts = %ld\n[PDATA][%d] tree = %d\n%s", turn.turns_read,
                playouts, turn.turns_read, m.used, best_line);
        char comment[32];
        snprintf(comment, sizeof comment, "%ld playouts", playouts);
        if (loa_turn_write(stdout, best, comment) != LOA_OK)
            return 1;
    }
    free(m.pool);
    free(m.spare);
    if (rc != LOA_E_EOF) {
        fprintf(stderr, "loa-mcts: bad input: %s\n", turn.error);
        return 1;
    }
    return 0;
}
