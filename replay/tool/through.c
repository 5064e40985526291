/*
 * through.c - `loa-replay --through CMD --side SIDE GAME`: a bot run
 * through a recorded game by the referee (ref_through_run), a line a turn:
 * the ply, the recorded move, the bot's answer, its time against its
 * limit, the verdict and the bot's stderr of the turn.
 */
#include <string.h>

#include "ref/through.h"
#include "tool.h"
#include "util/text.h"

/* Where a turn's line goes. */
typedef struct through_out {
    FILE *out;
    int quiet;
} through_out;

static void put_move(FILE *out, loa_move m, int random, const char *line)
{
    char mv[LOA_MOVE_STRING_MAX], cut[25];
    if (m != LOA_MOVE_NONE) {
        fprintf(out, "%-10s",
                random ? strcat(loa_move_format(m, mv), "*") : loa_move_format(m, mv));
        return;
    }
    if (!line) {
        fprintf(out, "%-10s", "(none)");
        return;
    }
    snprintf(cut, sizeof cut, "%s", line);
    fputc('\'', out);
    replay_print_safe(out, cut, 0);
    fprintf(out, "'%*s", strlen(cut) < 8 ? (int)(8 - strlen(cut)) : 0, "");
}

/* One turn's line (ref_through_fn). */
static void on_turn(const ref_through_turn *t, void *user)
{
    const through_out *o = user;
    if (o->quiet)
        return;
    char rec[LOA_MOVE_STRING_MAX];
    fprintf(o->out, "%5d  %-8s  ", t->ply,
            t->recorded == LOA_MOVE_NONE ? "(fail)" : loa_move_format(t->recorded, rec));
    put_move(o->out, t->move, t->random, t->answer);
    fprintf(o->out, " %9.3f / %-5d %s", (double)t->time_us / 1000.0, t->limit_ms,
            ref_verdict_name(t->verdict));
    if (t->detail && t->detail[0]) {
        fputs(": ", o->out);
        replay_print_safe(o->out, t->detail, 0);
    }
    fputc('\n', o->out);
    if (t->stderr_len) {
        char tail[REF_STDERR_CAP + 1];
        size_t n = t->stderr_len < REF_STDERR_CAP ? t->stderr_len : REF_STDERR_CAP;
        memcpy(tail, t->stderr_tail, n);
        while (n && tail[n - 1] == '\n')
            n--;
        tail[n] = '\0';
        fputs("       stderr: ", o->out);
        replay_print_safe(o->out, tail, 1);
        fputc('\n', o->out);
    }
}

int tool_through_game(const replay_game *g, const tool_through *o, FILE *out, tool_tally *tally,
                      char *err, size_t errsz)
{
    tool_game t;
    int rc = tool_game_of(g, &t, err, errsz);
    if (rc)
        return rc;
    through_out to = {out, o->quiet};
    ref_through_config c;
    ref_through_config_init(&c);
    c.bot.command = o->command;
    c.side = o->side;
    c.seed = t.seed;
    c.limits = t.limits;
    c.time_mode = t.time_mode;
    c.moves = t.moves;
    c.plies = t.plies;
    c.opening_plies = t.opening_plies;
    c.random = t.random;
    c.failed_turn = t.failed_turn;
    c.from_ply = o->from_ply;
    c.on_turn = on_turn;
    c.user = &to;
    if (!o->quiet)
        fprintf(out, "  ply  recorded  answer      time ms / limit verdict\n");
    ref_through_summary s;
    char why[256];
    rc = ref_through_run(&c, &s, why, sizeof why);
    tool_game_free(&t);
    if (rc)
        return util_fail(REPLAY_E_IO, err, errsz, "running '%s': %s", o->command, why);
    tally->games++;
    tally->turns += s.turns;
    tally->same += s.same;
    tally->different += s.different;
    tally->faults += s.faults;
    if (!o->quiet) {
        fprintf(out, "%d turns: %d same, %d different, %d %s", s.turns, s.same, s.different,
                s.faults, s.faults == 1 ? "fault" : "faults");
        if (s.faults)
            fprintf(out, " (ply %d)", s.fault_ply);
        fputc('\n', out);
    }
    return 0;
}
