/* fault_report.c - the error line of a game lost by a bot's fault, and the
 * loa-referee command that replays it (report/fault_report.h). */
#include "report/fault_report.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "util/buf.h"

/* Longest stderr line shown, bytes. */
#define LINE_SHOWN 200

/* Hands b's text to *out: 0, or ARENA_E_NOMEM (*out NULL). */
static int take(util_buf *b, char **out)
{
    return (*out = util_buf_take(b)) ? 0 : ARENA_E_NOMEM;
}

void arena_fault_stderr_tail(const ref_game *g, int side, int lines, char *buf, size_t size)
{
    buf[0] = '\0';
    const char *tail = NULL;
    for (int i = ref_game_ply_count(g) - 1; i >= 0 && !tail; i--) {
        const ref_ply *p = ref_game_ply(g, i);
        if (p && p->player == side && p->stderr_tail && p->stderr_tail[0])
            tail = p->stderr_tail;
    }
    if (!tail)
        return;
    /* The start of each of the last `lines` non-empty lines, oldest first. */
    const char *start[16];
    size_t len[16];
    int n = 0;
    if (lines > 16)
        lines = 16;
    const char *end = tail + strlen(tail);
    while (end > tail && n < lines) {
        while (end > tail && (end[-1] == '\n' || end[-1] == '\r'))
            end--;
        if (end == tail)
            break;
        const char *b = end;
        while (b > tail && b[-1] != '\n')
            b--;
        start[n] = b;
        len[n] = (size_t)(end - b);
        n++;
        end = b;
    }
    size_t used = 0;
    for (int k = n - 1; k >= 0; k--) {
        char line[LINE_SHOWN * 4 + 8];
        size_t m = 0;
        for (size_t i = 0; i < len[k] && i < LINE_SHOWN; i++) {
            unsigned char c = (unsigned char)start[k][i];
            if (c == '\t')
                m += (size_t)snprintf(line + m, sizeof line - m, "\\t");
            else if (c == '\r')
                m += (size_t)snprintf(line + m, sizeof line - m, "\\r");
            else if (c < 0x20 || c == 0x7f)
                m += (size_t)snprintf(line + m, sizeof line - m, "\\x%02x", c);
            else
                line[m++] = (char)c;
        }
        line[m] = '\0';
        int w = snprintf(buf + used, size - used, "%s%s%s", k == n - 1 ? "" : " | ", line,
                         len[k] > LINE_SHOWN ? "..." : "");
        if (w < 0 || (size_t)w >= size - used)
            return; /* cut at the buffer's end */
        used += (size_t)w;
    }
}

int arena_fault_replay_command(const arena_game_record *r, const ref_game *g,
                               const arena_settings *s, const char *bin_dir, char **out)
{
    if (!r || !g || !s || !out || r->black < 0 || r->black >= s->bot_count || r->white < 0 ||
        r->white >= s->bot_count)
        return ARENA_E_INVAL;
    util_buf b = {0};
    if (bin_dir) {
        char *path = malloc(strlen(bin_dir) + sizeof "/loa-referee");
        if (!path)
            return ARENA_E_NOMEM;
        sprintf(path, "%s/loa-referee", bin_dir);
        util_buf_shell_quoted(&b, path);
        free(path);
    } else {
        util_buf_str(&b, "loa-referee");
    }
    util_buf_str(&b, " -p1 ");
    util_buf_shell_quoted(&b, ref_game_player_command(g, 0));
    util_buf_str(&b, " -p2 ");
    util_buf_shell_quoted(&b, ref_game_player_command(g, 1));
    const char *cwd[2] = {s->bots[r->black].cwd, s->bots[r->white].cwd};
    static const char *const cwd_opt[2] = {" --black-cwd ", " --white-cwd "};
    for (int c = 0; c < 2; c++)
        if (cwd[c]) {
            util_buf_str(&b, cwd_opt[c]);
            util_buf_shell_quoted(&b, cwd[c]);
        }
    util_buf_printf(&b, " -d seed=%lld", (long long)r->seed);
    const loa_move *open = NULL;
    int k = ref_game_opening(g, &open);
    if (k > 0 && open) {
        char text[REF_OPENING_TEXT_MAX];
        util_buf_str(&b, " --opening ");
        util_buf_shell_quoted(&b, ref_opening_format(open, k, text, sizeof text));
    }
    util_buf_printf(&b, " --first-turn-ms %d --turn-ms %d --max-plies %d", s->limits.first_turn_ms,
                    s->limits.turn_ms, s->limits.max_plies);
    if (s->time_mode == REF_TIME_CPU) {
        util_buf_str(&b, " --time-mode cpu");
        if (s->limits.wall_cap_ms)
            util_buf_printf(&b, " --wall-cap %d", s->limits.wall_cap_ms);
        if (s->cpu_method != REF_CPU_AUTO)
            util_buf_printf(&b, " --cpu-method %s", ref_cpu_method_name(s->cpu_method));
    }
    if (s->limits.time_margin_ms)
        util_buf_printf(&b, " --time-margin %d", s->limits.time_margin_ms);
    return take(&b, out);
}

int arena_fault_report(const arena_game_record *r, const ref_game *g, const arena_settings *s,
                       const char *bin_dir, char **out)
{
    if (!r || !g || !s || !out || r->fault < 0 || r->fault > 1 || r->black < 0 ||
        r->black >= s->bot_count || r->white < 0 || r->white >= s->bot_count)
        return ARENA_E_INVAL;
    const char *who = s->bots[r->fault == 0 ? r->black : r->white].name;
    char tail[1024];
    arena_fault_stderr_tail(g, r->fault, ARENA_FAULT_STDERR_LINES, tail, sizeof tail);
    char *replay = NULL;
    int rc = arena_fault_replay_command(r, g, s, bin_dir, &replay);
    if (rc)
        return rc;
    util_buf b = {0};
    util_buf_printf(&b, "game %d (%s - %s): %s (%s) %s: %s; stderr of %s: %s; replay: ", r->id,
                    s->bots[r->black].name, s->bots[r->white].name, who,
                    r->fault == 0 ? "black" : "white", ref_reason_name(r->reason), r->detail, who,
                    tail[0] ? tail : "none");
    util_buf_str(&b, replay);
    free(replay);
    return take(&b, out);
}
