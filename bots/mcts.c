/*
 * loa-mcts - Monte Carlo tree search on the SDK: the other starting point
 * beside loa-negamax (docs/bots.md; docs/sdk.md, "Writing an MCTS bot").
 *
 * Each iteration walks down the tree from the root by UCT (the child with
 * the best mean result plus an exploration bonus: L. Kocsis, C. Szepesvari,
 * "Bandit based Monte-Carlo planning", ECML 2006), adds the children of the
 * leaf it reaches, plays the game on (half the plies random, half the
 * best move by a cheap score: epsilon-greedy playouts, MC-LOA's kind) and
 * adds the result to every node on its way. Random LOA games seldom connect
 * before the 150-ply draw, so a playout stops after --cutoff plies and an
 * evaluation judges the position instead, as MC-LOA does with MIA's (M. H.
 * M. Winands, Y. Bjornsson, J.-T. Saito, "Monte Carlo tree search in Lines
 * of Action", IEEE TCIAIG 2(4), 2010): loa-ab's (bots/ab/eval.c, --judge
 * ab, the default), or four of the SDK's features (--judge features). It
 * also judges every child as it is added: a progressive bias, and a minimax value backed up beside the
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"

#include "mcts/mcts.h"

static void usage(FILE *out)
{
    fputs("Usage: loa-mcts [options]\n"
          "Lines of Action bot for the CodinGame protocol: Monte Carlo tree search (UCT)\n"
          "with epsilon-greedy playouts cut short and judged by loa-ab's evaluation,\n"
          "proven wins and losses backed up (MCTS-Solver), a progressive bias and\n"
          "implicit minimax backups from that evaluation, and the tree kept between\n"
          "turns.\n"
          "\n"
          "  -t, --move-time=MS  search MS per turn (default 100), on the clock that\n"
          "                      judges the bot (LOA_TIME_MODE, loa/timer.h)\n"
          "      --first-time=MS search MS on the first turn (default 500; CodinGame\n"
          "                      allows 1000)\n"
          "      --cutoff=N      plies per playout before the judge (--judge) rates the\n"
          "                      position (default 2; 0: judge at once; 150: play every\n"
          "                      playout to the end of the game)\n"
          "      --epsilon=E     share of random plies in a playout; the others play the\n"
          "                      move nearest the mover's centre of mass and the centre,\n"
          "                      captures first (default 0.5; 1: all random)\n"
          "      --explore=C     UCT exploration constant (default 0.1)\n"
          "      --bias=W        weight of the judge's progressive bias (default 1.0;\n"
          "                      0: none)\n"
          "      --minimax=A     weight of the judge's minimax value beside the\n"
          "                      playouts' mean (implicit minimax backups; default 0.4)\n"
          "      --judge=J       what judges a position (playouts cut short, priors):\n"
          "                      ab (default: loa-ab's evaluation, bots/ab/eval.c) or\n"
          "                      features (four SDK features)\n"
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
                     .judge = JUDGE_AB,
                     .explore = 0.1,
                     .bias = 1.0,
                     .alpha = 0.4,
                     .scale = 120,
                     .epsilon = 0.5,
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
            mcts_search(&m, &turn.board, turn.last_move, o.deterministic ? INT64_MAX : t0 + budget,
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
