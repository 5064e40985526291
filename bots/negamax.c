/*
 * loa-negamax - a bot of the strength typical of public CodinGame LOA bots,
 * the yardstick for loa-ab: iterative-deepening negamax with alpha-beta to
 * a depth limit (default 4), no transposition table, and an evaluation from
 *   - the number of groups of each side (loa_group_count),
 *   - concentration: the summed distance of the checkers to their centre of
 *     mass,
 *   - the distance of the centre of mass from the board's centre.
 * Stops at --depth or when --move-time runs out (keeping the last finished
 * depth), whichever comes first.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "loa/loa.h"

#define NM_WIN 100000
#define NM_INF 1000000

typedef struct nm_search {
    int64_t deadline_us;
    int stop;
    long nodes;
} nm_search;

static void usage(FILE *out)
{
    fputs("Usage: loa-negamax [options]\n"
          "Lines of Action bot for the CodinGame protocol: iterative-deepening negamax with\n"
          "alpha-beta on groups, concentration and centre of mass.\n"
          "\n"
          "  -d, --depth=N       deepest iteration (default 4)\n"
          "  -t, --move-time=MS  stop searching after MS per turn (default 90;\n"
          "                      first turn 500)\n"
          "  -s, --seed=N        seed of the move-order shuffle that breaks ties\n"
          "                      (default: from the clock)\n"
          "  -D, --deterministic no clock: always search to --depth (with --seed, the\n"
          "                      same turns give the same moves)\n"
          "  -h, --help          show this help\n",
          out);
}

/* One side's score: -40 per group, -(summed king-step distance to the
 * centre of mass), -5 per square between the centre of mass and the centre. */
static int nm_side(loa_bitboard own)
{
    int n = 0, sf = 0, sr = 0;
    for (loa_bitboard b = own; b;) {
        int s = loa_pop_lsb(&b);
        n++, sf += LOA_FILE(s), sr += LOA_RANK(s);
    }
    int cf = (sf + n / 2) / n, cr = (sr + n / 2) / n, spread = 0;
    for (loa_bitboard b = own; b;) {
        int s = loa_pop_lsb(&b);
        int df = abs(LOA_FILE(s) - cf), dr = abs(LOA_RANK(s) - cr);
        spread += df > dr ? df : dr;
    }
    int off = abs(2 * cf - 7) + abs(2 * cr - 7);
    return -40 * loa_group_count(own) - 4 * spread - 5 * off / 2;
}

static int nm_eval(const loa_board *b)
{
    return nm_side(b->pieces[b->side]) - nm_side(b->pieces[b->side ^ 1]);
}

static int negamax(nm_search *s, const loa_board *b, int depth, int alpha, int beta, int ply)
{
    if ((++s->nodes & 255) == 0 && loa_now_us() >= s->deadline_us)
        s->stop = 1;
    if (s->stop)
        return 0;
    if (depth == 0)
        return nm_eval(b);
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    if (n == 0)
        mv[n++] = LOA_MOVE_PASS;
    int best = -NM_INF;
    for (int i = 0; i < n; i++) {
        loa_board child = *b;
        loa_make_move(&child, mv[i], NULL);
        int v;
        loa_status st = loa_board_status(&child, LOA_MAX_PLIES);
        if (st == LOA_DRAW)
            v = 0;
        else if (st != LOA_ONGOING) /* the side that just moved is b->side */
            v = (st == LOA_BLACK_WINS) == (b->side == LOA_BLACK) ? NM_WIN - ply : -NM_WIN + ply;
        else
            v = -negamax(s, &child, depth - 1, -beta, -alpha, ply + 1);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

/* Best move at one depth, the previous best tried first; LOA_MOVE_NONE if
 * the time ran out. */
static loa_move nm_root(nm_search *s, const loa_board *b, loa_move *mv, int n, int depth)
{
    int alpha = -NM_INF;
    loa_move best = LOA_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        loa_board child = *b;
        loa_make_move(&child, mv[i], NULL);
        int v;
        loa_status st = loa_board_status(&child, LOA_MAX_PLIES);
        if (st == LOA_DRAW)
            v = 0;
        else if (st != LOA_ONGOING)
            v = (st == LOA_BLACK_WINS) == (b->side == LOA_BLACK) ? NM_WIN : -NM_WIN;
        else
            v = -negamax(s, &child, depth - 1, -NM_INF, -alpha, 1);
        if (s->stop)
            return LOA_MOVE_NONE;
        if (v > alpha) {
            alpha = v;
            best = mv[i];
            /* keep the best first for the next iteration */
            loa_move m = mv[i];
            for (int j = i; j > 0; j--)
                mv[j] = mv[j - 1];
            mv[0] = m;
        }
    }
    return best;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {{"depth", required_argument, NULL, 'd'},
                                          {"move-time", required_argument, NULL, 't'},
                                          {"seed", required_argument, NULL, 's'},
                                          {"deterministic", no_argument, NULL, 'D'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
    int max_depth = 4, move_ms = 90, deterministic = 0, ch;
    int64_t seed = loa_wall_us();
    while ((ch = getopt_long(argc, argv, "d:t:s:Dh", longs, NULL)) != -1) {
        char *end;
        long v;
        switch (ch) {
        case 'd':
        case 't':
            v = strtol(optarg, &end, 10);
            if (end == optarg || *end || v < 1 || v > 100000) {
                fprintf(stderr, "loa-negamax: bad value '%s' for -%c\n", optarg, ch);
                return 2;
            }
            *(ch == 'd' ? &max_depth : &move_ms) = (int)v;
            break;
        case 's':
            seed = strtoll(optarg, &end, 10);
            if (end == optarg || *end) {
                fprintf(stderr, "loa-negamax: bad seed '%s'\n", optarg);
                return 2;
            }
            break;
        case 'D': deterministic = 1; break;
        case 'h': usage(stdout); return 0;
        default: return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "loa-negamax: unexpected argument '%s' (see --help)\n", argv[optind]);
        return 2;
    }

    loa_jrandom rng;
    loa_jrandom_seed(&rng, seed);
    loa_turn turn;
    loa_turn_init(&turn);
    int rc;
    while ((rc = loa_turn_read(stdin, &turn)) == LOA_OK) {
        int64_t t0 = loa_now_us();
        nm_search s = {deterministic ? INT64_MAX
                                     : t0 + (turn.turns_read == 1 ? 500 : move_ms) * 1000LL,
                       0, 0};
        loa_move mv[LOA_MAX_MOVES];
        int n = loa_generate_moves(&turn.board, mv), depth = 0;
        for (int i = n - 1; i > 0; i--) { /* shuffle: equal scores are broken at random */
            int j = loa_jrandom_next_int(&rng, i + 1);
            loa_move m = mv[i];
            mv[i] = mv[j], mv[j] = m;
        }
        loa_move best = n ? mv[0] : LOA_MOVE_PASS;
        for (int d = 1; d <= max_depth && n > 1; d++) {
            loa_move m = nm_root(&s, &turn.board, mv, n, d);
            if (m == LOA_MOVE_NONE)
                break;
            best = m, depth = d;
        }
        fprintf(stderr, "loa-negamax: depth %d nodes %ld time %lld us\n", depth, s.nodes,
                (long long)(loa_now_us() - t0));
        if (loa_turn_write(stdout, best, NULL) != LOA_OK)
            return 1;
    }
    if (rc != LOA_E_EOF) {
        fprintf(stderr, "loa-negamax: bad input: %s\n", turn.error);
        return 1;
    }
    return 0;
}
