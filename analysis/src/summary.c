/*
 * summary.c - one analysed game as text (analysis.h, docs/analysis.md):
 *
 *   a.json: loa-random (black) vs loa-ab (white), 0-1 connected, 41 plies
 *     black loa-random, lost: 3 inaccuracies, 2 mistakes, 9 blunders, 0 missed wins
 *       worst: ply 13 f1d3 (best b1b4): 61% -> 12% (blunder)
 *     white loa-ab: 0 inaccuracies, 0 mistakes, 0 blunders, 0 missed wins
 *
 * Names come from bots: control characters are written as '?'.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"

/* Writes s with control characters as '?' (a bot's name cannot drive the
 * terminal). */
static void put_clean(FILE *out, const char *s)
{
    for (; *s; s++)
        fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, out);
}

static const char *plural(int n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

static void side_line(FILE *out, const replay_game *g, const replay_analysis *a, int side,
                      int marks)
{
    const replay_info *in = replay_game_info(g);
    replay_side_summary s = replay_analysis_side(a, g, side);
    fprintf(out, "  %s ", side ? "white" : "black");
    put_clean(out, in->names[side]);
    fprintf(out, "%s: %d %s, %d %s, %d %s, %d %s\n", s.lost ? ", lost" : "",
            s.marks[REPLAY_MARK_INACCURACY],
            plural(s.marks[REPLAY_MARK_INACCURACY], "inaccuracy", "inaccuracies"),
            s.marks[REPLAY_MARK_MISTAKE],
            plural(s.marks[REPLAY_MARK_MISTAKE], "mistake", "mistakes"),
            s.marks[REPLAY_MARK_BLUNDER],
            plural(s.marks[REPLAY_MARK_BLUNDER], "blunder", "blunders"),
            s.marks[REPLAY_MARK_MISSED_WIN],
            plural(s.marks[REPLAY_MARK_MISSED_WIN], "missed win", "missed wins"));
    if (s.lost && s.worst) {
        const replay_judgement *j = &a->moves[s.worst - 1];
        char best[LOA_MOVE_STRING_MAX] = "-";
        if (a->positions[s.worst - 1].best != LOA_MOVE_NONE)
            loa_move_format(a->positions[s.worst - 1].best, best);
        fprintf(out, "    worst: ply %d %s (best %s): %.0f%% -> %.0f%%%s%s%s\n", s.worst,
                replay_game_ply(g, s.worst)->move, best, j->before * 100, j->after * 100,
                j->mark ? " (" : "", j->mark ? replay_mark_name(j->mark) : "", j->mark ? ")" : "");
    }
    if (!marks)
        return;
    for (int n = 1; n <= a->plies; n++) {
        const replay_judgement *j = &a->moves[n - 1];
        const replay_ply *p = replay_game_ply(g, n);
        if (p->player != side || !j->mark)
            continue;
        char best[LOA_MOVE_STRING_MAX] = "-", eval[32];
        if (a->positions[n - 1].best != LOA_MOVE_NONE)
            loa_move_format(a->positions[n - 1].best, best);
        fprintf(out, "    ply %3d %s%-4s best %s (%s): %.0f%% -> %.0f%%\n", n, p->move,
                replay_mark_symbol(j->mark), best,
                replay_eval_text(&a->positions[n - 1], eval, sizeof eval), j->before * 100,
                j->after * 100);
    }
}

int analysis_summary_game(FILE *out, const char *label, const replay_game *g,
                          const replay_analysis *a, int marks)
{
    const replay_info *in = replay_game_info(g);
    if (!out || !in || !a)
        return ANALYSIS_E_INVAL;
    put_clean(out, label ? label : in->source);
    fputs(": ", out);
    put_clean(out, in->names[0]);
    fputs(" (black) vs ", out);
    put_clean(out, in->names[1]);
    fprintf(out, " (white), %s %s, %d plies\n",
            in->winner ? (strcmp(in->winner, "black") == 0 ? "1-0" : "0-1")
            : strcmp(in->reason, "ply_limit") == 0 ? "1/2-1/2"
                                                   : "*",
            in->reason, in->plies);
    for (int s = 0; s < 2; s++)
        side_line(out, g, a, s, marks);
    return ferror(out) ? ANALYSIS_E_IO : 0;
}
