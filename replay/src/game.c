/*
 * game.c - a game record (docs/record.md) read strictly and replayed with
 * the SDK into the page model of replay.h.
 *
 * Every position comes from loa_make_move() on the record's moves, each
 * checked legal first: the viewer never shows a position the rules could
 * not reach, and never re-implements a rule.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "game_impl.h"
#include "loa/board.h"
#include "loa/movegen.h"
#include "util/parse.h"
#include "util/text.h"

/* A field of obj that must be a string (or null when nullable): *out is the
 * string, NULL for null. */
static int get_string(const cJSON *obj, const char *key, const char *where, int nullable,
                      const char **out, char *err, size_t errsz)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (nullable && cJSON_IsNull(v)) {
        *out = NULL;
        return 0;
    }
    if (!cJSON_IsString(v) || !v->valuestring)
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"%s\" must be a string%s", where, key,
                         nullable ? " or null" : "");
    *out = v->valuestring;
    return 0;
}

/* A field that must be an integral number within lo..hi. */
static int get_int(const cJSON *obj, const char *key, const char *where, long long lo, long long hi,
                   long long *out, char *err, size_t errsz)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    /* cJSON keeps numbers as doubles: only integral values in range pass,
     * the range check first so the cast below is defined. */
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= (double)lo && v->valuedouble <= (double)hi) ||
        v->valuedouble != (double)(long long)v->valuedouble)
        return util_fail(REPLAY_E_FIELD, err, errsz,
                         "%s: \"%s\" must be an integer from %lld to %lld", where, key, lo, hi);
    *out = (long long)v->valuedouble;
    return 0;
}

static void board_text(const loa_board *b, char out[REPLAY_BOARD_LEN + 1])
{
    /* Rank 8 first, files a..h: the protocol's rows concatenated. */
    for (int r = 7, i = 0; r >= 0; r--)
        for (int f = 0; f < 8; f++)
            out[i++] = loa_board_square_char(b, LOA_SQUARE(f, r));
    out[REPLAY_BOARD_LEN] = '\0';
}

/* Plays move text `text` on *b as ply `n`, filling p. */
static int play(loa_board *b, const char *text, int n, const char *where, replay_ply *p, char *err,
                size_t errsz)
{
    loa_move m;
    if (loa_move_parse(text, &m) != 0)
        return util_fail(REPLAY_E_MOVE, err, errsz,
                         "%s: ply %d: '%.40s' is not a move (e2e3 or pass)", where, n, text);
    if (loa_board_status(b, 0) != LOA_ONGOING)
        return util_fail(REPLAY_E_INCONSISTENT, err, errsz,
                         "%s: ply %d: '%s' is played after the game was won", where, n, text);
    if (!loa_is_legal(b, m))
        return util_fail(REPLAY_E_ILLEGAL, err, errsz,
                         "%s: ply %d: '%s' is not a legal move of %s in its position", where, n,
                         text, b->side == LOA_BLACK ? "black" : "white");
    memset(p, 0, sizeof *p);
    p->ply = n;
    p->player = (int)b->side;
    p->pass = m == LOA_MOVE_PASS;
    p->from = p->pass ? -1 : LOA_MOVE_FROM(m);
    p->to = p->pass ? -1 : LOA_MOVE_TO(m);
    p->capture = !p->pass && (b->pieces[!b->side] & LOA_BIT(p->to)) != 0;
    loa_move_format(m, p->move);
    loa_move_format_olympiad(m, p->olympiad);
    loa_make_move(b, m, NULL);
    board_text(b, p->board);
    return 0;
}

/* A turn's "metrics" (optional): an object whose values are numbers or
 * strings (record_metrics.c writes them; a page shows them as they are). */
static int read_metrics(const cJSON *o, const char *where, replay_turn *t, char *err, size_t errsz)
{
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, "metrics"), *v;
    t->metrics = NULL;
    if (!m || cJSON_IsNull(m))
        return 0;
    if (!cJSON_IsObject(m))
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"metrics\" must be an object", where);
    cJSON_ArrayForEach(v, m) if (!cJSON_IsNumber(v) && !cJSON_IsString(v)) return util_fail(
        REPLAY_E_FIELD, err, errsz, "%s: metric \"%.64s\" must be a number or a string", where,
        v->string);
    t->metrics = m;
    return 0;
}

/* One element of "plies": the bot's answer. */
static int read_turn(const cJSON *o, const char *where, replay_turn *t, int *player,
                     const char **move, char *err, size_t errsz)
{
    long long v = 0;
    int rc;
    if (!cJSON_IsObject(o))
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s must be an object", where);
    if ((rc = get_int(o, "player", where, 0, 1, &v, err, errsz)) != 0)
        return rc;
    *player = (int)v;
    if ((rc = get_string(o, "output", where, 1, &t->output, err, errsz)) != 0 ||
        (rc = get_string(o, "move", where, 1, move, err, errsz)) != 0 ||
        (rc = get_string(o, "comment", where, 0, &t->comment, err, errsz)) != 0 ||
        (rc = get_string(o, "stderr", where, 0, &t->stderr_tail, err, errsz)) != 0)
        return rc;
    /* null: not measured (a game imported from CodinGame, whose files hold
     * no times) */
    t->time_us = -1;
    const cJSON *tu = cJSON_GetObjectItemCaseSensitive(o, "time_us");
    if (!cJSON_IsNull(tu) &&
        (rc = get_int(o, "time_us", where, 0, INT64_C(1) << 52, &t->time_us, err, errsz)) != 0)
        return rc;
    /* optional: records before the time modes have neither */
    t->cpu_us = -1;
    const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(o, "cpu_us");
    if (cpu && !cJSON_IsNull(cpu)) {
        if ((rc = get_int(o, "cpu_us", where, 0, INT64_C(1) << 52, &v, err, errsz)) != 0)
            return rc;
        t->cpu_us = v;
    }
    const cJSON *late = cJSON_GetObjectItemCaseSensitive(o, "late");
    if (late && !cJSON_IsBool(late))
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"late\" must be true or false", where);
    t->late = cJSON_IsTrue(late);
    const cJSON *cut = cJSON_GetObjectItemCaseSensitive(o, "stderr_cut");
    if (cut && !cJSON_IsBool(cut))
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"stderr_cut\" must be true or false",
                         where);
    t->stderr_cut = cJSON_IsTrue(cut);
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(o, "random");
    if (!cJSON_IsBool(r))
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"random\" must be true or false", where);
    t->random = cJSON_IsTrue(r);
    return read_metrics(o, where, t, err, errsz);
}

/* The players, seed, limits and result. */
static int read_header(replay_game *g, char *err, size_t errsz)
{
    const cJSON *root = g->root;
    replay_info *in = &g->info;
    const char *src = g->source, *s = "";
    long long v = 0;
    int rc;
    if ((rc = get_string(root, "format", src, 0, &s, err, errsz)) != 0 ||
        strcmp(s, "loa-arena-record") != 0)
        return util_fail(REPLAY_E_FORMAT, err, errsz, "%s: \"format\" is not \"loa-arena-record\"",
                         src);
    if (get_int(root, "version", src, 1, 1, &v, err, errsz) != 0)
        return util_fail(REPLAY_E_FORMAT, err, errsz,
                         "%s: \"version\" is not 1 (the schema this viewer reads)", src);
    int64_t seed;
    if ((rc = get_string(root, "seed_text", src, 0, &in->seed_text, err, errsz)) != 0)
        return rc;
    if (util_parse_i64(in->seed_text, INT64_MIN, INT64_MAX, &seed) != 0)
        return util_fail(REPLAY_E_FIELD, err, errsz,
                         "%s: \"seed_text\" must be a 64-bit integer in decimal", src);
    /* a record written from a CodinGame file keeps where it came from */
    const cJSON *im = cJSON_GetObjectItemCaseSensitive(root, "import");
    const cJSON *from = cJSON_IsObject(im) ? cJSON_GetObjectItemCaseSensitive(im, "from") : NULL;
    if (!in->imported_from && cJSON_IsString(from))
        in->imported_from = from->valuestring;
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(root, "start_time");
    in->start_time = cJSON_IsString(st) ? st->valuestring : "";
    const cJSON *lim = cJSON_GetObjectItemCaseSensitive(root, "limits");
    if (!cJSON_IsObject(lim))
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"limits\" must be an object", src);
    char where[300];
    snprintf(where, sizeof where, "%s: limits", src);
    if ((rc = get_int(lim, "first_turn_ms", where, 1, 86400000, &v, err, errsz)) != 0)
        return rc;
    in->first_turn_ms = (int)v;
    if ((rc = get_int(lim, "turn_ms", where, 1, 86400000, &v, err, errsz)) != 0)
        return rc;
    in->turn_ms = (int)v;
    if ((rc = get_int(lim, "max_plies", where, 1, 1000000, &v, err, errsz)) != 0)
        return rc;
    in->max_plies = (int)v;
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(root, "players");
    if (!cJSON_IsArray(pl) || cJSON_GetArraySize(pl) != 2)
        return util_fail(REPLAY_E_FIELD, err, errsz,
                         "%s: \"players\" must be an array of 2 objects", src);
    for (int i = 0; i < 2; i++) {
        const cJSON *p = cJSON_GetArrayItem(pl, i);
        snprintf(where, sizeof where, "%s: players[%d]", src, i);
        if (!cJSON_IsObject(p))
            return util_fail(REPLAY_E_FIELD, err, errsz, "%s must be an object", where);
        if ((rc = get_string(p, "name", where, 0, &in->names[i], err, errsz)) != 0 ||
            (rc = get_string(p, "command", where, 1, &in->commands[i], err, errsz)) != 0)
            return rc;
    }
    const cJSON *res = cJSON_GetObjectItemCaseSensitive(root, "result");
    if (!cJSON_IsObject(res))
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"result\" must be an object", src);
    snprintf(where, sizeof where, "%s: result", src);
    if ((rc = get_string(res, "winner", where, 1, &in->winner, err, errsz)) != 0 ||
        (rc = get_string(res, "reason", where, 0, &in->reason, err, errsz)) != 0 ||
        (rc = get_string(res, "fault", where, 1, &in->fault, err, errsz)) != 0 ||
        (rc = get_string(res, "detail", where, 0, &in->detail, err, errsz)) != 0)
        return rc;
    const cJSON *sc = cJSON_GetObjectItemCaseSensitive(res, "scores");
    for (int i = 0; i < 2; i++) {
        const cJSON *x =
            cJSON_IsArray(sc) && cJSON_GetArraySize(sc) == 2 ? cJSON_GetArrayItem(sc, i) : NULL;
        if (!cJSON_IsNumber(x) ||
            (x->valuedouble != -1 && x->valuedouble != 0 && x->valuedouble != 1))
            return util_fail(REPLAY_E_FIELD, err, errsz,
                             "%s: \"scores\" must be 2 integers among -1, 0, 1", where);
        in->scores[i] = (int)x->valuedouble;
    }
    return 0;
}

/* Splits the optional "opening" into moves; *count of them in out[]. */
static int read_opening(replay_game *g, const char ***moves, int *count, char **buf, char *err,
                        size_t errsz)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(g->root, "opening");
    *moves = NULL;
    *count = 0;
    *buf = NULL;
    g->info.opening = "";
    if (!o || cJSON_IsNull(o))
        return 0;
    if (!cJSON_IsString(o))
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"opening\" must be a string of moves",
                         g->source);
    g->info.opening = o->valuestring;
    size_t len = strlen(o->valuestring);
    *buf = malloc(len + 1);
    *moves = malloc(sizeof **moves * (len / 2 + 1));
    if (!*buf || !*moves)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "%s: out of memory", g->source);
    memcpy(*buf, o->valuestring, len + 1);
    for (char *save = NULL, *t = strtok_r(*buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        (*moves)[(*count)++] = t;
    return 0;
}

/* A record's plies being replayed: the position, the plies filled so far,
 * each side's turns seen (its first turn has its own limit). */
typedef struct replay_walk {
    loa_board b;
    int n;
    int seen[2];
} replay_walk;

/* How many leading "moves" repeat the opening: "moves" may or may not
 * (docs/record.md leaves the opening out of "plies"); it does when it is
 * longer than the bots' turns by exactly the opening, the opening being
 * its prefix. nop or 0. */
static int opening_repeated(const cJSON *mv, const cJSON *pl, const char **op, int nop)
{
    int nmoves = cJSON_GetArraySize(mv), turn_moves = 0;
    if (nop == 0 || nmoves < nop)
        return 0;
    for (const cJSON *t = pl->child; t; t = t->next)
        turn_moves += cJSON_IsString(cJSON_GetObjectItemCaseSensitive(t, "move"));
    if (nmoves != turn_moves + nop)
        return 0;
    for (int i = 0; i < nop; i++) {
        const cJSON *m = cJSON_GetArrayItem(mv, i);
        if (!cJSON_IsString(m) || strcmp(m->valuestring, op[i]) != 0)
            return 0;
    }
    return nop;
}

/* Plays the opening's nop moves op[] as the first plies. */
static int play_opening(replay_game *g, replay_walk *w, const char **op, int nop, char *err,
                        size_t errsz)
{
    char where[300];
    snprintf(where, sizeof where, "%s: opening", g->source);
    for (int i = 0; i < nop; i++, w->n++) {
        int rc = play(&w->b, op[i], w->n + 1, where, &g->plies[w->n], err, errsz);
        if (rc != 0)
            return rc;
        g->plies[w->n].opening = 1;
    }
    return 0;
}

/* Reads turn t (plies[i - skip]) into the ply just played, moves[i]
 * (move): the bot's answer, which must be that ply's side and move. */
static int attach_turn(replay_game *g, replay_walk *w, const cJSON *t, int i, int skip,
                       const char *move, char *err, size_t errsz)
{
    char where[300];
    snprintf(where, sizeof where, "%s: plies[%d]", g->source, i - skip);
    int player = 0;
    const char *tm = NULL;
    replay_ply *p = &g->plies[w->n];
    int rc = read_turn(t, where, &p->turn, &player, &tm, err, errsz);
    if (rc != 0)
        return rc;
    if (player != p->player || !tm || strcmp(tm, move) != 0)
        return util_fail(REPLAY_E_INCONSISTENT, err, errsz,
                         "%s: player %d, move '%.40s' does not match moves[%d] '%s' by %s", where,
                         player, tm ? tm : "null", i, move, p->player ? "white" : "black");
    p->has_turn = 1;
    p->turn.limit_ms = w->seen[player]++ ? g->info.turn_ms : g->info.first_turn_ms;
    return 0;
}

/* Plays "moves" from moves[skip], attaching to each the next turn of
 * "plies" from *turn; *turn is left at the first turn not attached. */
static int play_moves(replay_game *g, replay_walk *w, const cJSON *mv, int skip, const cJSON **turn,
                      char *err, size_t errsz)
{
    int nmoves = cJSON_GetArraySize(mv);
    char where[300];
    for (int i = skip; i < nmoves; i++, w->n++) {
        const cJSON *m = cJSON_GetArrayItem(mv, i);
        if (!cJSON_IsString(m))
            return util_fail(REPLAY_E_FIELD, err, errsz, "%s: moves[%d] must be a string",
                             g->source, i);
        snprintf(where, sizeof where, "%s: moves[%d]", g->source, i);
        int rc = play(&w->b, m->valuestring, w->n + 1, where, &g->plies[w->n], err, errsz);
        if (rc != 0)
            return rc;
        if (!*turn)
            continue; /* a record may lack turns (hand-written): moves alone replay */
        if ((rc = attach_turn(g, w, *turn, i, skip, m->valuestring, err, errsz)) != 0)
            return rc;
        *turn = (*turn)->next;
    }
    return 0;
}

/* Turn t, plies[index], left after the last move: the answer that ended
 * the game without a move. */
static int read_error_turn(replay_game *g, const replay_walk *w, const cJSON *t, int index,
                           char *err, size_t errsz)
{
    int player = 0;
    const char *tm = NULL;
    char where[300];
    snprintf(where, sizeof where, "%s: plies[%d]", g->source, index);
    int rc = read_turn(t, where, &g->error_turn, &player, &tm, err, errsz);
    if (rc != 0)
        return rc;
    if (tm || t->next || player != (int)w->b.side)
        return util_fail(REPLAY_E_INCONSISTENT, err, errsz,
                         "%s: a turn after the last move must be the side to move's, without a "
                         "move, and the last",
                         where);
    g->error_turn.limit_ms = w->seen[player] ? g->info.turn_ms : g->info.first_turn_ms;
    g->info.error_turn = &g->error_turn;
    g->info.error_player = player;
    return 0;
}

/* Plays the opening and the moves, attaching each bot turn to its ply. */
static int replay_moves(replay_game *g, char *err, size_t errsz)
{
    const char *src = g->source;
    const cJSON *mv = cJSON_GetObjectItemCaseSensitive(g->root, "moves");
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(g->root, "plies");
    if (!cJSON_IsArray(mv))
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"moves\" must be an array of strings",
                         src);
    if (!cJSON_IsArray(pl))
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"plies\" must be an array of objects",
                         src);
    const char **op;
    char *opbuf;
    int nop, rc = read_opening(g, &op, &nop, &opbuf, err, errsz);
    int nmoves = cJSON_GetArraySize(mv), nturns = cJSON_GetArraySize(pl);
    if (rc == 0 &&
        (nmoves > REPLAY_PLIES_MAX || nturns > REPLAY_PLIES_MAX + 1 || nop > REPLAY_PLIES_MAX))
        rc = util_fail(REPLAY_E_TOO_BIG, err, errsz, "%s: more than %d plies", src,
                       REPLAY_PLIES_MAX);
    int skip = rc == 0 ? opening_repeated(mv, pl, op, nop) : 0;
    if (rc == 0 && !(g->plies = calloc((size_t)(nop + nmoves - skip) + 1, sizeof *g->plies)))
        rc = util_fail(REPLAY_E_NOMEM, err, errsz, "%s: out of memory", src);
    replay_walk w = {.n = 0};
    loa_board_init(&w.b);
    board_text(&w.b, g->info.start_board);
    if (rc == 0)
        rc = play_opening(g, &w, op, nop, err, errsz);
    free(op);
    free(opbuf);
    g->info.opening_plies = nop;
    const cJSON *t = pl->child;
    if (rc == 0)
        rc = play_moves(g, &w, mv, skip, &t, err, errsz);
    if (rc != 0)
        return rc;
    g->info.plies = w.n;
    return t ? read_error_turn(g, &w, t, nmoves - skip, err, errsz) : 0;
}

int replay_game_build(cJSON *root, const char *text, size_t len, const char *source,
                      replay_game **out, char *err, size_t errsz)
{
    *out = NULL;
    replay_game *g = calloc(1, sizeof *g);
    if (!g || !(g->source = strdup(source))) {
        free(g);
        cJSON_Delete(root);
        return util_fail(REPLAY_E_NOMEM, err, errsz, "%s: out of memory", source);
    }
    g->root = root;
    g->info.source = g->source;
    int rc = replay_import_root(&g->root, text, len, source, &g->info.imported_from, err, errsz);
    if (rc == 0)
        rc = read_header(g, err, errsz);
    if (rc == 0)
        rc = replay_moves(g, err, errsz);
    if (rc != 0) {
        replay_game_free(g);
        return rc;
    }
    *out = g;
    return 0;
}

void replay_game_free(replay_game *g)
{
    if (!g)
        return;
    cJSON_Delete(g->root);
    free(g->plies);
    free(g->source);
    free(g);
}

const replay_info *replay_game_info(const replay_game *g)
{
    return g ? &g->info : NULL;
}

const replay_ply *replay_game_ply(const replay_game *g, int n)
{
    return g && n >= 1 && n <= g->info.plies ? &g->plies[n - 1] : NULL;
}

const char *replay_game_board(const replay_game *g, int n)
{
    if (!g || n < 0 || n > g->info.plies)
        return NULL;
    return n == 0 ? g->info.start_board : g->plies[n - 1].board;
}
