/*
 * text.c - the replay as text for a terminal (loa-replay --text): the same
 * facts as the page, for users on ssh.
 */
#include <errno.h>
#include <string.h>

#include "game_impl.h"
#include "util/text.h"

/* Prints s with control characters and bytes a terminal would interpret
 * (ESC sequences from a hostile bot) shown as '?', except newlines when
 * keep_newlines (stderr tails keep their lines), and bidirectional controls
 * as "<U+202E>" (the pages' marker: they would reorder the line). */
void replay_print_safe(FILE *out, const char *s, int keep_newlines)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        unsigned bidi = util_bidi_control((const char *)p);
        if (bidi)
            fprintf(out, "<U+%04X>", bidi), p += 2;
        else if (*p == '\n' && keep_newlines)
            fputs("\n    ", out);
        else
            fputc(*p < 0x20 || *p == 0x7f ? '?' : *p, out);
    }
}

static void put_safe(FILE *out, const char *s, int keep_newlines)
{
    replay_print_safe(out, s, keep_newlines);
}

static const char *result_text(const replay_info *in)
{
    if (in->winner)
        return strcmp(in->winner, "black") == 0 ? "1-0 (black wins)" : "0-1 (white wins)";
    return strcmp(in->reason, "ply_limit") == 0 ? "1/2-1/2 (draw)" : "* (no result)";
}

static void header(const replay_game *g, FILE *out)
{
    const replay_info *in = &g->info;
    fputs("Black: ", out);
    put_safe(out, in->names[0], 0);
    fputs("\nWhite: ", out);
    put_safe(out, in->names[1], 0);
    fputs("\nSeed: ", out);
    put_safe(out, in->seed_text, 0);
    fprintf(out, "\nResult: %s, ", result_text(in));
    put_safe(out, in->reason, 0);
    fprintf(out, ", scores %d %d\nDetail: ", in->scores[0], in->scores[1]);
    put_safe(out, in->detail, 0);
    if (in->imported_from) {
        fputs("\nFrom: ", out);
        fputs(in->imported_from, out);
        fputs(" (times not recorded)", out);
    }
    fprintf(out, "\nPlies: %d", in->plies);
    if (in->opening_plies)
        fprintf(out, " (opening %d: %s)", in->opening_plies, in->opening);
    fputc('\n', out);
}

static void board(const char *b, FILE *out)
{
    for (int r = 0; r < 8; r++)
        fprintf(out, "  %d %.8s\n", 8 - r, b + 8 * r);
    fputs("    abcdefgh\n", out);
}

static void turn_facts(const replay_turn *t, FILE *out)
{
    /* the time the referee judged: CPU time in records of --time-mode cpu */
    long long judged = t->cpu_us >= 0 ? t->cpu_us : t->time_us;
    const char *over = t->late                                  ? " (late, within the margin)"
                       : judged > (long long)t->limit_ms * 1000 ? " (over the limit)"
                                                                : "";
    if (t->time_us < 0)
        fprintf(out, "Time: not recorded (limit %d ms)\n", t->limit_ms);
    else if (t->cpu_us >= 0)
        fprintf(out, "Time: %.3f ms of CPU of %d ms%s (wall clock %.3f ms)\n",
                (double)t->cpu_us / 1000.0, t->limit_ms, over, (double)t->time_us / 1000.0);
    else
        fprintf(out, "Time: %.3f ms of %d ms%s\n", (double)t->time_us / 1000.0, t->limit_ms, over);
    fputs("Output: ", out);
    if (t->output)
        put_safe(out, t->output, 0);
    else
        fputs("(none)", out);
    fputs("\nComment: ", out);
    put_safe(out, t->comment, 0);
    fputs("\nStderr:", out);
    if (*t->stderr_tail) {
        fputs("\n    ", out);
        put_safe(out, t->stderr_tail, 1);
        if (t->stderr_cut)
            fputs("\n    (cut by CodinGame's site: it keeps the start of a long stderr)", out);
    } else {
        fputs(" (none)", out);
    }
    fputc('\n', out);
}

static void one_ply(const replay_game *g, int n, FILE *out)
{
    const replay_info *in = &g->info;
    fprintf(out, "\nPosition after ply %d of %d\n", n, in->plies);
    board(replay_game_board(g, n), out);
    const replay_ply *p = replay_game_ply(g, n);
    if (p) {
        fprintf(out, "Move: %s%s%s%s by %s%s%s%s\n", p->move, p->pass ? "" : " (",
                p->pass ? "" : p->olympiad, p->pass ? "" : ")", p->player ? "white" : "black",
                p->capture ? ", capture" : "", p->opening ? ", opening" : "",
                p->has_turn && p->turn.random ? ", random" : "");
        if (p->has_turn)
            turn_facts(&p->turn, out);
    }
    if (n == in->plies && in->error_turn) {
        fprintf(out, "Last answer of %s, not a move (", in->error_player ? "white" : "black");
        put_safe(out, in->reason, 0);
        fputs("):\n", out);
        turn_facts(in->error_turn, out);
    }
}

static void all_plies(const replay_game *g, FILE *out)
{
    const replay_info *in = &g->info;
    fputs("\n  ply side  move  olympiad  time ms / limit  flags  comment\n", out);
    for (int n = 1; n <= in->plies; n++) {
        const replay_ply *p = replay_game_ply(g, n);
        fprintf(out, "  %3d %-5s %-5s %-8s", n, p->player ? "white" : "black", p->move,
                p->olympiad);
        if (p->has_turn && p->turn.time_us < 0)
            fprintf(out, "  %8s / %-5d", "-", p->turn.limit_ms);
        else if (p->has_turn)
            fprintf(out, "  %8.3f / %-5d", (double)p->turn.time_us / 1000.0, p->turn.limit_ms);
        else
            fprintf(out, "  %16s", "");
        fprintf(out, "  %s%s%s ", p->opening ? "O" : "-", p->capture ? "x" : "-",
                p->has_turn && p->turn.random ? "r" : "-");
        if (p->has_turn)
            put_safe(out, p->turn.comment, 0);
        fputc('\n', out);
    }
    fputs("  (flags: O opening, x capture, r random)\n", out);
    one_ply(g, in->plies, out);
}

int replay_text(const replay_game *g, int ply, FILE *out, char *err, size_t errsz)
{
    if (!g || !out)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_text: NULL argument");
    if (ply > g->info.plies)
        return util_fail(REPLAY_E_PLY, err, errsz, "%s: ply %d is beyond the game's %d plies",
                         g->source, ply, g->info.plies);
    header(g, out);
    if (ply < 0)
        all_plies(g, out);
    else
        one_ply(g, ply, out);
    if (ferror(out) || fflush(out) != 0)
        return util_fail(REPLAY_E_IO, err, errsz, "writing the text view failed: %s",
                         strerror(errno));
    return 0;
}
