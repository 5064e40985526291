/*
 * analysis.c - a game's analysis as a value (replay/analysis.h): making and
 * freeing it, its words (marks, evaluations), a side's summary, its path.
 * The file itself is analysis_file_read.c's and analysis_file_write.c's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/analysis.h"

replay_analysis *replay_analysis_new(int plies)
{
    if (plies < 0 || plies > REPLAY_PLIES_MAX)
        return NULL;
    replay_analysis *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->plies = plies;
    a->positions = calloc((size_t)plies + 1, sizeof *a->positions);
    a->moves = calloc(plies ? (size_t)plies : 1, sizeof *a->moves);
    if (!a->positions || !a->moves) {
        replay_analysis_free(a);
        return NULL;
    }
    for (int n = 0; n <= plies; n++)
        a->positions[n].win = 0.5;
    return a;
}

void replay_analysis_free(replay_analysis *a)
{
    if (!a)
        return;
    free(a->positions);
    free(a->moves);
    free(a);
}

const char *replay_mark_name(replay_mark m)
{
    switch (m) {
    case REPLAY_MARK_INACCURACY: return "inaccuracy";
    case REPLAY_MARK_MISTAKE: return "mistake";
    case REPLAY_MARK_BLUNDER: return "blunder";
    case REPLAY_MARK_MISSED_WIN: return "missed_win";
    default: return NULL;
    }
}

const char *replay_mark_symbol(replay_mark m)
{
    /* the chess annotation symbols (lichess writes them the same way); a
     * missed win has none in chess */
    switch (m) {
    case REPLAY_MARK_INACCURACY: return "?!";
    case REPLAY_MARK_MISTAKE: return "?";
    case REPLAY_MARK_BLUNDER: return "??";
    case REPLAY_MARK_MISSED_WIN: return "miss";
    default: return "";
    }
}

char *replay_eval_text(const replay_position *p, char *buf, size_t size)
{
    if (!buf || !size)
        return buf;
    switch (p ? p->eval : REPLAY_EVAL_NONE) {
    case REPLAY_EVAL_CP: snprintf(buf, size, "%.0f%%", floor(p->win * 100 + 0.5)); break;
    case REPLAY_EVAL_WIN: snprintf(buf, size, "wins in %d", (p->score + 1) / 2); break;
    case REPLAY_EVAL_LOSS: snprintf(buf, size, "loses in %d", (p->score + 1) / 2); break;
    case REPLAY_EVAL_END:
        snprintf(buf, size, "%s", p->score > 0 ? "won" : p->score < 0 ? "lost" : "drawn");
        break;
    default: snprintf(buf, size, "-"); break;
    }
    return buf;
}

replay_side_summary replay_analysis_side(const replay_analysis *a, const replay_game *g, int side)
{
    replay_side_summary s;
    memset(&s, 0, sizeof s);
    const replay_info *in = replay_game_info(g);
    if (!a || !in || side < 0 || side > 1)
        return s;
    s.lost = in->winner && strcmp(in->winner, side ? "black" : "white") == 0;
    for (int n = 1; n <= a->plies && n <= in->plies; n++) {
        const replay_ply *p = replay_game_ply(g, n);
        const replay_judgement *j = &a->moves[n - 1];
        if (!p || p->player != side || !j->judged)
            continue;
        if (j->mark >= REPLAY_MARK_NONE && j->mark < REPLAY_MARK_COUNT)
            s.marks[j->mark]++;
        if (j->drop > s.worst_drop) {
            s.worst_drop = j->drop;
            s.worst = n;
        }
    }
    return s;
}

char *replay_analysis_path(const char *path)
{
    if (!path)
        return NULL;
    size_t len = strlen(path);
    if (len > 5 && (strcmp(path + len - 5, ".json") == 0 || strcmp(path + len - 5, ".html") == 0))
        len -= 5;
    static const char ext[] = ".analysis.json";
    char *out = malloc(len + sizeof ext);
    if (!out)
        return NULL;
    memcpy(out, path, len);
    memcpy(out + len, ext, sizeof ext);
    return out;
}
