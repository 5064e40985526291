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
#include "replay/analysis.h"
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
    if (t->metrics) { /* metrics.js draws them */
        cJSON *m = cJSON_Duplicate(t->metrics, 1);
        if (!m || !cJSON_AddItemToObject(o, "metrics", m)) {
            cJSON_Delete(m);
            *ok = 0;
        }
    }
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

/* The viewer's entry of position p, side (0 black, 1 white) to move: its
 * evaluation, its chance for black, its best move and line. */
static void fill_position(cJSON *e, const replay_position *p, int side, int *ok)
{
    char text[32], buf[LOA_MOVE_STRING_MAX], line[REPLAY_ANALYSIS_PV_MAX * 5 + 1] = "";
    static const char *const kinds[] = {"none", "cp", "win", "loss", "end"};
    add_str(e, "eval", kinds[p->eval], ok);
    add_num(e, "score", p->score, ok);
    add_num(e, "black", side ? 1 - p->win : p->win, ok);
    add_str(e, "text", replay_eval_text(p, text, sizeof text), ok);
    add_str(e, "to_move", side ? "white" : "black", ok);
    int has = p->best != LOA_MOVE_NONE;
    add_str(e, "best", has ? loa_move_format(p->best, buf) : NULL, ok);
    add_num(e, "from", has && p->best != LOA_MOVE_PASS ? LOA_MOVE_FROM(p->best) : -1, ok);
    add_num(e, "to", has && p->best != LOA_MOVE_PASS ? LOA_MOVE_TO(p->best) : -1, ok);
    for (int i = 0; i < p->pv_len; i++) {
        if (i)
            strcat(line, " ");
        strcat(line, loa_move_format(p->pv[i], buf));
    }
    add_str(e, "pv", line, ok);
    add_num(e, "depth", p->depth, ok);
    add_num(e, "connecting", p->connecting, ok);
    add_str(e, "connect", p->connect != LOA_MOVE_NONE ? loa_move_format(p->connect, buf) : NULL,
            ok);
}

/* The analysis in the page model (docs/replay.md, "page data"): per
 * position black's winning chance and the words for it, the best move and
 * line; per ply the judgement and its mark; per side the summary. */
static cJSON *analysis_json(const replay_game *g, const replay_analysis *a, int *ok)
{
    cJSON *o = cJSON_CreateObject(), *pos = cJSON_CreateArray(), *mv = cJSON_CreateArray();
    cJSON *players = cJSON_CreateArray(), *th = cJSON_CreateObject();
    if (!o || !pos || !mv || !players || !th) {
        cJSON_Delete(o), cJSON_Delete(pos), cJSON_Delete(mv), cJSON_Delete(players),
            cJSON_Delete(th);
        *ok = 0;
        return NULL;
    }
    add_str(o, "engine", a->engine, ok);
    add_str(o, "limit", a->limit, ok);
    add_num(o, "limit_value", (double)a->limit_value, ok);
    for (int m = REPLAY_MARK_INACCURACY; m <= REPLAY_MARK_BLUNDER; m++)
        add_num(th, replay_mark_name((replay_mark)m), a->thresholds[m], ok);
    add_item(o, "thresholds", th, ok);
    for (int n = 0; n <= a->plies; n++) {
        const replay_position *p = &a->positions[n];
        /* the side to move after n plies: the next mover, or the other
         * side after the last ply */
        int side = n < a->plies ? replay_game_ply(g, n + 1)->player
                   : a->plies   ? !replay_game_ply(g, n)->player
                                : 0;
        cJSON *e = cJSON_CreateObject();
        if (!e || !cJSON_AddItemToArray(pos, e)) {
            cJSON_Delete(e);
            *ok = 0;
            continue;
        }
        fill_position(e, p, side, ok);
    }
    add_item(o, "positions", pos, ok);
    for (int n = 1; n <= a->plies; n++) {
        const replay_judgement *j = &a->moves[n - 1];
        cJSON *e = cJSON_CreateObject();
        if (!e || !cJSON_AddItemToArray(mv, e)) {
            cJSON_Delete(e);
            *ok = 0;
            continue;
        }
        add_bool(e, "judged", j->judged, ok);
        add_num(e, "before", j->before, ok);
        add_num(e, "after", j->after, ok);
        add_num(e, "drop", j->drop, ok);
        add_str(e, "mark", replay_mark_name(j->mark), ok);
        add_str(e, "symbol", replay_mark_symbol(j->mark), ok);
    }
    add_item(o, "moves", mv, ok);
    for (int s = 0; s < 2; s++) {
        replay_side_summary sum = replay_analysis_side(a, g, s);
        cJSON *e = cJSON_CreateObject();
        if (!e || !cJSON_AddItemToArray(players, e)) {
            cJSON_Delete(e);
            *ok = 0;
            continue;
        }
        for (int m = REPLAY_MARK_INACCURACY; m < REPLAY_MARK_COUNT; m++)
            add_num(e, replay_mark_name((replay_mark)m), sum.marks[m], ok);
        add_num(e, "worst", sum.worst, ok);
        add_num(e, "worst_drop", sum.worst_drop, ok);
        add_bool(e, "lost", sum.lost, ok);
    }
    add_item(o, "players", players, ok);
    return o;
}

/* The page model as JSON (docs/replay.md, "page data"). */
/* The legal moves of the side to move in b, in byte order (what its input
 * lists: ref_turn_input), as the page's turn.legal: two characters a move,
 * its squares a1 = 'A' .. h8 = '/' in the base64 alphabet (half the bytes
 * of "e2e3" words); "" when the side must pass. The page writes the input
 * from it, the board before the ply and the previous move (replay.js,
 * turnInput; docs/replay.md). */
static void add_legal(cJSON *turn, const loa_board *b, int *ok)
{
    static const char sq64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    loa_move mv[LOA_MAX_MOVES];
    char codes[2 * LOA_MAX_MOVES + 1];
    int n = loa_generate_moves_cg(b, mv);
    loa_sort_moves(mv, n);
    for (int i = 0; i < n; i++) {
        codes[2 * i] = sq64[LOA_MOVE_FROM(mv[i])];
        codes[2 * i + 1] = sq64[LOA_MOVE_TO(mv[i])];
    }
    codes[2 * n] = '\0';
    if (turn)
        add_str(turn, "legal", codes, ok);
}

/* Every ply of g into the array plies, each bot's turn with the legal
 * moves it was given; *b ends as the position after the last ply. */
static void add_plies(const replay_game *g, cJSON *plies, loa_board *b, int *ok)
{
    loa_board_init(b);
    for (int n = 1; n <= g->info.plies; n++) {
        const replay_ply *rp = replay_game_ply(g, n);
        cJSON *p = ply_json(rp, ok);
        if (!p || !cJSON_AddItemToArray(plies, p)) {
            cJSON_Delete(p);
            *ok = 0;
        } else if (rp->has_turn) {
            add_legal(cJSON_GetObjectItemCaseSensitive(p, "turn"), b, ok);
        }
        loa_make_move(b, rp->pass ? LOA_MOVE_PASS : LOA_MOVE_MAKE(rp->from, rp->to), NULL);
    }
}

static cJSON *game_json(const replay_game *g, const replay_analysis *a, int *ok)
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
    loa_board b;
    add_plies(g, plies, &b, ok);
    add_item(o, "plies", plies, ok);
    if (in->error_turn) {
        cJSON *e = turn_json(in->error_turn, ok);
        if (e)
            add_str(e, "color", in->error_player ? "white" : "black", ok);
        add_legal(e, &b, ok);
        add_item(o, "error", e, ok);
    } else {
        add_str(o, "error", NULL, ok);
    }
    char *cmd = replay_game_command(g);
    if (!cmd)
        *ok = 0;
    add_str(o, "command", cmd ? cmd : "", ok);
    free(cmd);
    if (a)
        add_item(o, "analysis", analysis_json(g, a, ok), ok);
    else
        add_str(o, "analysis", NULL, ok);
    return o;
}

/* The page of g (with its analysis a, or NULL) from template tpl:
 * replay.html (self-contained) or game.html (a league's: the viewer and
 * style beside its index). */
static int page_html(const replay_game *g, const replay_analysis *a, const char *tpl, char **html,
                     size_t *len, char *err, size_t errsz)
{
    if (!g || !html)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_html: NULL argument");
    *html = NULL;
    if (a && a->plies != g->info.plies)
        return util_fail(REPLAY_E_INVAL, err, errsz, "%s: an analysis of %d plies for a game of %d",
                         g->source, a->plies, g->info.plies);
    int ok = 1;
    cJSON *data = game_json(g, a, &ok);
    if (!ok || !data) {
        cJSON_Delete(data);
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory building the page of %s",
                         g->source);
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
    return page_html(g, NULL, "replay.html", html, len, err, errsz);
}

int replay_html_analysed(const replay_game *g, const replay_analysis *a, char **html, size_t *len,
                         char *err, size_t errsz)
{
    return page_html(g, a, "replay.html", html, len, err, errsz);
}

static int write_page(const replay_game *g, const replay_analysis *a, const char *tpl,
                      const char *path, char *err, size_t errsz)
{
    if (!g || !path)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_write_html: NULL argument");
    char *html;
    size_t len;
    int rc = page_html(g, a, tpl, &html, &len, err, errsz);
    if (rc != 0)
        return rc;
    if (util_write_file_atomic(path, html, len) != 0)
        rc = util_fail(REPLAY_E_IO, err, errsz, "cannot write %s: %s", path, strerror(errno));
    free(html);
    return rc;
}

/* The analysis of g beside a page at path (*a NULL when there is none of
 * this game: one that cannot be read, or is another game's, is left out;
 * the page is still right, and loa-replay and loa-analyse say why).
 * Returns 0 or REPLAY_E_NOMEM. */
static int analysis_beside(const replay_game *g, const char *path, replay_analysis **a, char *err,
                           size_t errsz)
{
    char *apath = replay_analysis_path(path);
    char why[256];
    *a = NULL;
    if (!apath)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    if (replay_analysis_load(g, apath, a, why, sizeof why) != 0)
        *a = NULL;
    free(apath);
    return 0;
}

/* The page of g from tpl at path, with the analysis beside it when there is
 * one of this game: a page written again (loa-arena --html, a league's
 * pages) keeps it. */
static int write_page_beside(const replay_game *g, const char *tpl, const char *path, char *err,
                             size_t errsz)
{
    if (!g || !path)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_write_html: NULL argument");
    replay_analysis *a = NULL;
    int rc = analysis_beside(g, path, &a, err, errsz);
    if (rc == 0)
        rc = write_page(g, a, tpl, path, err, errsz);
    replay_analysis_free(a);
    return rc;
}

int replay_league_game_html(const replay_game *g, const char *path, char **html, size_t *len,
                            char *err, size_t errsz)
{
    if (!g || !path || !html)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_league_game_html: NULL argument");
    replay_analysis *a = NULL;
    int rc = analysis_beside(g, path, &a, err, errsz);
    if (rc == 0)
        rc = page_html(g, a, "game.html", html, len, err, errsz);
    replay_analysis_free(a);
    return rc;
}

int replay_write_html_analysed(const replay_game *g, const replay_analysis *a, const char *path,
                               char *err, size_t errsz)
{
    return write_page(g, a, "replay.html", path, err, errsz);
}

int replay_write_html(const replay_game *g, const char *path, char *err, size_t errsz)
{
    return write_page_beside(g, "replay.html", path, err, errsz);
}

int replay_write_league_html(const replay_game *g, const char *path, char *err, size_t errsz)
{
    return write_page_beside(g, "game.html", path, err, errsz);
}

int replay_write_record_html(const cJSON *record, const char *source, const char *path, char *err,
                             size_t errsz)
{
    if (!record || !path)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_write_record_html: NULL argument");
    replay_game *g;
    int rc = replay_game_from_record(record, source ? source : path, &g, err, errsz);
    if (rc == 0) {
        rc = replay_write_html(g, path, err, errsz);
        replay_game_free(g);
    }
    return rc;
}
