/*
 * suite.c - where a lost game enters a test suite (analysis.h, issue 34):
 * the position before the loser's worst move, as the analysis found it,
 * else a fixed number of plies before the end with the loser to move. The
 * openings file itself is loa-analyse's (main.c): one line a game, the
 * moves from the start, as loa-arena --openings reads them.
 */
#include "analysis/analysis.h"

int analysis_suite_cut(const replay_game *g, const replay_analysis *a, int side, int before)
{
    const replay_info *in = replay_game_info(g);
    if (!in || side < 0 || side > 1 || before < 0)
        return -1;
    if (a && a->plies == in->plies) {
        replay_side_summary s = replay_analysis_side(a, g, side);
        if (s.worst)
            return s.worst - 1 >= 1 ? s.worst - 1 : -1;
    }
    /* the side to move after k plies is the mover of ply k + 1 */
    int k = in->plies - before;
    if (k > in->plies - 1)
        k = in->plies - 1;
    if (k >= 0 && k < in->plies && replay_game_ply(g, k + 1)->player != side)
        k--;
    return k >= 1 ? k : -1;
}
