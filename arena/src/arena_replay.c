/* arena_replay.c - the error line of a game lost by a bot's fault, and the
 * loa-referee command that replays it (arena_replay.h). */
#include "arena_replay.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena_error.h"
#include "util/file.h"
#include "util/text.h"
#ifdef LOA_HAVE_REPLAY
#include "replay/league.h"
#include "replay/replay.h"
#endif

/* Longest stderr line shown, bytes. */
#define LINE_SHOWN 200

/* A growing string; on out of memory it stops growing and says so. */
typedef struct strbuf {
    char *s;
    size_t len, cap;
    int oom;
} strbuf;

static void sb_add(strbuf *b, const char *text, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->len + n + 1) * 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->len, text, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void sb_puts(strbuf *b, const char *text)
{
    sb_add(b, text, strlen(text));
}

static void sb_printf(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void sb_printf(strbuf *b, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        sb_add(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* Appends s quoted (arena_shell_quote). */
static void sb_quoted(strbuf *b, const char *s)
{
    char *q = arena_shell_quote(s);
    if (!q) {
        b->oom = 1;
        return;
    }
    sb_puts(b, q);
    free(q);
}

static int sb_finish(strbuf *b, char **out)
{
    if (b->oom || !b->s) {
        free(b->s);
        *out = NULL;
        return ARENA_E_NOMEM;
    }
    *out = b->s;
    return 0;
}


void arena_stderr_tail(const ref_game *g, int side, int lines, char *buf, size_t size)
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

int arena_replay_command(const arena_game_record *r, const ref_game *g, const arena_settings *s,
                         const char *bin_dir, char **out)
{
    if (!r || !g || !s || !out || r->black < 0 || r->black >= s->bot_count || r->white < 0 ||
        r->white >= s->bot_count)
        return ARENA_E_INVAL;
    strbuf b = {0};
    if (bin_dir) {
        char *path = malloc(strlen(bin_dir) + sizeof "/loa-referee");
        if (!path)
            return ARENA_E_NOMEM;
        sprintf(path, "%s/loa-referee", bin_dir);
        sb_quoted(&b, path);
        free(path);
    } else {
        sb_puts(&b, "loa-referee");
    }
    sb_puts(&b, " -p1 ");
    sb_quoted(&b, ref_game_player_command(g, 0));
    sb_puts(&b, " -p2 ");
    sb_quoted(&b, ref_game_player_command(g, 1));
    const char *cwd[2] = {s->bots[r->black].cwd, s->bots[r->white].cwd};
    static const char *const cwd_opt[2] = {" --black-cwd ", " --white-cwd "};
    for (int c = 0; c < 2; c++)
        if (cwd[c]) {
            sb_puts(&b, cwd_opt[c]);
            sb_quoted(&b, cwd[c]);
        }
    sb_printf(&b, " -d seed=%lld", (long long)r->seed);
    const loa_move *open = NULL;
    int k = ref_game_opening(g, &open);
    if (k > 0 && open) {
        char text[REF_OPENING_TEXT_MAX];
        sb_puts(&b, " --opening ");
        sb_quoted(&b, ref_opening_format(open, k, text, sizeof text));
    }
    sb_printf(&b, " --first-turn-ms %d --turn-ms %d --max-plies %d", s->first_turn_ms,
              s->turn_ms, s->max_plies);
    if (s->time_mode == REF_TIME_CPU) {
        sb_puts(&b, " --time-mode cpu");
        if (s->wall_cap_ms)
            sb_printf(&b, " --wall-cap %d", s->wall_cap_ms);
        if (s->cpu_method != REF_CPU_AUTO)
            sb_printf(&b, " --cpu-method %s", ref_cpu_method_name(s->cpu_method));
    }
    if (s->time_margin_ms)
        sb_printf(&b, " --time-margin %d", s->time_margin_ms);
    return sb_finish(&b, out);
}

int arena_error_report(const arena_game_record *r, const ref_game *g, const arena_settings *s,
                       const char *bin_dir, char **out)
{
    if (!r || !g || !s || !out || r->fault < 0 || r->fault > 1 || r->black < 0 ||
        r->black >= s->bot_count || r->white < 0 || r->white >= s->bot_count)
        return ARENA_E_INVAL;
    const char *who = s->bots[r->fault == 0 ? r->black : r->white].name;
    char tail[1024];
    arena_stderr_tail(g, r->fault, ARENA_STDERR_LINES, tail, sizeof tail);
    char *replay = NULL;
    int rc = arena_replay_command(r, g, s, bin_dir, &replay);
    if (rc)
        return rc;
    strbuf b = {0};
    sb_printf(&b, "game %d (%s - %s): %s (%s) %s: %s; stderr of %s: %s; replay: ", r->id,
              s->bots[r->black].name, s->bots[r->white].name, who,
              r->fault == 0 ? "black" : "white", ref_reason_name(r->reason), r->detail, who,
              tail[0] ? tail : "none");
    sb_puts(&b, replay);
    free(replay);
    return sb_finish(&b, out);
}

int arena_write_page(const char *dir, int id, const cJSON *record, char *err, size_t errsz)
{
#ifdef LOA_HAVE_REPLAY
    if (!record)
        return replay_write_index(dir, err, errsz);
    char path[PATH_MAX + 32], source[32];
    snprintf(path, sizeof path, "%s/games/%06d.html", dir, id);
    snprintf(source, sizeof source, "game %d", id);
    char *text = cJSON_PrintUnformatted(record);
    if (!text)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    replay_game *g = NULL;
    int rc = replay_game_parse(text, strlen(text), source, &g, err, errsz);
    cJSON_free(text);
    if (rc == 0) {
        char *games = util_path_join(dir, "games");
        if (!games || util_mkdirs(games) != 0)
            rc = util_fail(REPLAY_E_IO, err, errsz, "cannot create %s/games", dir);
        free(games);
    }
    if (rc == 0)
        rc = replay_write_html(g, path, err, errsz);
    replay_game_free(g);
    return rc;
#else
    (void)dir, (void)id, (void)record, (void)err, (void)errsz;
    return 0;
#endif
}
