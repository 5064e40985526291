/*
 * page.c - a game's replay page: the page model as JSON data (cJSON) in
 * the embedded template replay/page/replay.html. Boards come from the SDK
 * (game.c); the page's JavaScript only draws them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "assets.h"
#include "game_impl.h"
#include "util/file.h"
#include "util/text.h"

/* cJSON's Add* functions return NULL on out of memory: *ok records it so
 * that the whole object is checked once. */
static void add_str(cJSON *o, const char *k, const char *v, int *ok)
{
    if (!(v ? cJSON_AddStringToObject(o, k, v) : cJSON_AddNullToObject(o, k)))
        *ok = 0;
}

static void add_num(cJSON *o, const char *k, double v, int *ok)
{
    if (!cJSON_AddNumberToObject(o, k, v))
        *ok = 0;
}

static void add_bool(cJSON *o, const char *k, int v, int *ok)
{
    if (!cJSON_AddBoolToObject(o, k, v))
        *ok = 0;
}

static cJSON *turn_json(const replay_turn *t, int *ok)
{
    cJSON *o = cJSON_CreateObject();
    if (!o) {
        *ok = 0;
        return NULL;
    }
    add_str(o, "output", t->output, ok);
    add_str(o, "comment", t->comment, ok);
    add_str(o, "stderr", t->stderr_tail, ok);
    add_bool(o, "stderr_cut", t->stderr_cut, ok);
    add_bool(o, "random", t->random, ok);
    if (t->time_us >= 0)
        add_num(o, "time_us", (double)t->time_us, ok);
    else
        add_str(o, "time_us", NULL, ok); /* not measured: null */
    if (t->cpu_us >= 0)
        add_num(o, "cpu_us", (double)t->cpu_us, ok);
    add_bool(o, "late", t->late, ok);
    add_num(o, "limit_ms", t->limit_ms, ok);
    return o;
}

static void add_item(cJSON *o, const char *k, cJSON *item, int *ok)
{
    if (!item || !cJSON_AddItemToObject(o, k, item)) {
        cJSON_Delete(item);
        *ok = 0;
    }
}

static cJSON *ply_json(const replay_ply *p, int *ok)
{
    cJSON *o = cJSON_CreateObject();
    if (!o) {
        *ok = 0;
        return NULL;
    }
    add_num(o, "ply", p->ply, ok);
    add_str(o, "color", p->player ? "white" : "black", ok);
    add_str(o, "move", p->move, ok);
    add_str(o, "olympiad", p->olympiad, ok);
    add_num(o, "from", p->from, ok);
    add_num(o, "to", p->to, ok);
    add_bool(o, "pass", p->pass, ok);
    add_bool(o, "capture", p->capture, ok);
    add_bool(o, "opening", p->opening, ok);
    add_str(o, "board", p->board, ok);
    if (p->has_turn)
        add_item(o, "turn", turn_json(&p->turn, ok), ok);
    else
        add_str(o, "turn", NULL, ok);
    return o;
}

static const char *result_token(const replay_info *in)
{
    if (in->winner)
        return strcmp(in->winner, "black") == 0 ? "1-0" : "0-1";
    return strcmp(in->reason, "ply_limit") == 0 ? "1/2-1/2" : "*";
}

/* The page model as JSON (docs/replay.md, "page data"). */
static cJSON *game_json(const replay_game *g, int *ok)
{
    const replay_info *in = &g->info;
    cJSON *o = cJSON_CreateObject(), *players = cJSON_CreateArray(), *plies = cJSON_CreateArray();
    cJSON *limits = cJSON_CreateObject(), *result = cJSON_CreateObject(), *scores;
    scores = cJSON_CreateIntArray(in->scores, 2);
    if (!o || !players || !plies || !limits || !result || !scores) {
        cJSON_Delete(o), cJSON_Delete(players), cJSON_Delete(plies);
        cJSON_Delete(limits), cJSON_Delete(result), cJSON_Delete(scores);
        *ok = 0;
        return NULL;
    }
    add_str(o, "source", in->source, ok);
    for (int i = 0; i < 2; i++) {
        cJSON *p = cJSON_CreateObject();
        if (!p || !cJSON_AddItemToArray(players, p)) {
            cJSON_Delete(p);
            *ok = 0;
            continue;
        }
        add_str(p, "color", i ? "white" : "black", ok);
        add_str(p, "name", in->names[i], ok);
        add_str(p, "command", in->commands[i], ok);
    }
    add_item(o, "players", players, ok);
    add_str(o, "seed", in->seed_text, ok);
    add_str(o, "start_time", in->start_time, ok);
    add_str(o, "imported_from", in->imported_from, ok);
    add_num(limits, "first_turn_ms", in->first_turn_ms, ok);
    add_num(limits, "turn_ms", in->turn_ms, ok);
    add_num(limits, "max_plies", in->max_plies, ok);
    add_item(o, "limits", limits, ok);
    add_str(result, "winner", in->winner, ok);
    add_str(result, "reason", in->reason, ok);
    add_str(result, "fault", in->fault, ok);
    add_str(result, "detail", in->detail, ok);
    add_str(result, "token", result_token(in), ok);
    add_item(result, "scores", scores, ok);
    add_item(o, "result", result, ok);
    add_str(o, "opening", in->opening, ok);
    add_num(o, "opening_plies", in->opening_plies, ok);
    add_str(o, "start_board", in->start_board, ok);
    for (int n = 1; n <= in->plies; n++) {
        cJSON *p = ply_json(replay_game_ply(g, n), ok);
        if (!p || !cJSON_AddItemToArray(plies, p)) {
            cJSON_Delete(p);
            *ok = 0;
        }
    }
    add_item(o, "plies", plies, ok);
    if (in->error_turn) {
        cJSON *e = turn_json(in->error_turn, ok);
        if (e)
            add_str(e, "color", in->error_player ? "white" : "black", ok);
        add_item(o, "error", e, ok);
    } else {
        add_str(o, "error", NULL, ok);
    }
    char *cmd = replay_game_command(g);
    if (!cmd)
        *ok = 0;
    add_str(o, "command", cmd ? cmd : "", ok);
    free(cmd);
    return o;
}

/* The page of g from template tpl: replay.html (self-contained) or
 * game.html (a league's: the viewer and style beside its index). */
static int page_html(const replay_game *g, const char *tpl, char **html, size_t *len, char *err,
                     size_t errsz)
{
    if (!g || !html)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_html: NULL argument");
    *html = NULL;
    int ok = 1;
    cJSON *data = game_json(g, &ok);
    if (!ok || !data) {
        cJSON_Delete(data);
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory building the page of %s", g->source);
    }
    const replay_info *in = &g->info;
    char title[512];
    snprintf(title, sizeof title, "%.200s vs %.200s, seed %s: %s", in->names[0], in->names[1],
             in->seed_text, result_token(in));
    int rc = replay_render(tpl, title, data, html, len, err, errsz);
    cJSON_Delete(data);
    return rc;
}

int replay_html(const replay_game *g, char **html, size_t *len, char *err, size_t errsz)
{
    return page_html(g, "replay.html", html, len, err, errsz);
}

static int write_page(const replay_game *g, const char *tpl, const char *path, char *err,
                      size_t errsz)
{
    if (!g || !path)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_write_html: NULL argument");
    char *html;
    size_t len;
    int rc = page_html(g, tpl, &html, &len, err, errsz);
    if (rc != 0)
        return rc;
    if (util_write_file_atomic(path, html, len) != 0)
        rc = util_fail(REPLAY_E_IO, err, errsz, "cannot write %s: %s", path, strerror(errno));
    free(html);
    return rc;
}

int replay_write_html(const replay_game *g, const char *path, char *err, size_t errsz)
{
    return write_page(g, "replay.html", path, err, errsz);
}

int replay_write_league_html(const replay_game *g, const char *path, char *err, size_t errsz)
{
    return write_page(g, "game.html", path, err, errsz);
}

int replay_write_record_html(const cJSON *record, const char *source, const char *path, char *err,
                             size_t errsz)
{
    if (!record || !path)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_write_record_html: NULL argument");
    /* Through the text, so that a record in memory gets exactly the checks
     * of a record on disk. */
    char *text = cJSON_PrintUnformatted(record);
    if (!text)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory writing %s", path);
    replay_game *g;
    int rc = replay_game_parse(text, strlen(text), source ? source : path, &g, err, errsz);
    cJSON_free(text);
    if (rc == 0) {
        rc = replay_write_html(g, path, err, errsz);
        replay_game_free(g);
    }
    return rc;
}
