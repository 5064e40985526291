/*
 * analysis_file_read.c - the analysis file, "loa-analysis" version 1
 * (replay/analysis.h, docs/analysis.md), read strictly against its game.
 * Every position is rebuilt here with the SDK from the game's moves, so a
 * best move, a line or a connecting move the file names is checked by the
 * rules, never trusted. Its writer is analysis_file_write.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "loa/board.h"
#include "loa/notation.h"
#include "replay/analysis.h"
#include "util/error.h"
#include "util/file.h"
#include "util/json.h"
#include "util/text.h"

#include "analysis_file_fields.h"
#include "analysis_file_impl.h"

/* Largest |score| of an evaluation, and most plies of a proven end: bounds
 * that only refuse nonsense (loa-ab's evaluations stay within a few
 * thousand, its proven ends within 64 plies). */
#define EVAL_SCORE_MAX 1000000
#define END_PLIES_MAX 10000

/* The positions after 0..plies plies of g, with the SDK (boards[plies + 1],
 * the caller's). Returns 0 or REPLAY_E_INCONSISTENT (a move the SDK
 * refuses: cannot happen for a game replay_game_parse() accepted). */
static int game_boards(const replay_game *g, loa_board *boards, char *err, size_t errsz)
{
    const replay_info *in = replay_game_info(g);
    loa_board_init(&boards[0]);
    for (int n = 1; n <= in->plies; n++) {
        loa_move m;
        boards[n] = boards[n - 1];
        if (loa_move_parse(replay_game_ply(g, n)->move, &m) != 0 || !loa_is_legal(&boards[n], m))
            return util_fail(REPLAY_E_INCONSISTENT, err, errsz, "%s: ply %d does not replay",
                             in->source, n);
        loa_make_move(&boards[n], m, NULL);
    }
    return 0;
}

int replay_connecting_moves(const loa_board *b, loa_move *first)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv), count = 0;
    loa_sort_moves(mv, n);
    *first = LOA_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        loa_board c = *b;
        loa_make_move(&c, mv[i], NULL);
        loa_status st = loa_board_status(&c, 0);
        if (st == (b->side == LOA_BLACK ? LOA_BLACK_WINS : LOA_WHITE_WINS)) {
            if (!count++)
                *first = LOA_MOVE_SQUARES(mv[i]);
        }
    }
    return count;
}

/* The line text of a position: legal moves from b, at most
 * REPLAY_ANALYSIS_PV_MAX, none after the game ends. */
static int read_pv(const replay_field_reader *r, const char *text, const char *where,
                   const loa_board *b0, replay_position *p)
{
    loa_board b = *b0;
    p->pv_len = 0;
    const char *s = text;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        char word[LOA_MOVE_STRING_MAX];
        size_t n = strcspn(s, " ");
        loa_move m;
        if (n >= sizeof word || (memcpy(word, s, n), word[n] = '\0', loa_move_parse(word, &m) != 0))
            return util_fail(REPLAY_E_MOVE, r->err, r->errsz,
                             "%s: %s: \"pv\" holds '%.*s', not a move", r->src, where,
                             (int)(n < 20 ? n : 20), s);
        if (p->pv_len >= REPLAY_ANALYSIS_PV_MAX || loa_board_status(&b, 0) != LOA_ONGOING ||
            !loa_is_legal(&b, m))
            return util_fail(REPLAY_E_ILLEGAL, r->err, r->errsz,
                             "%s: %s: \"pv\" move %d '%s' is not legal there", r->src, where,
                             p->pv_len + 1, word);
        p->pv[p->pv_len++] = m == LOA_MOVE_PASS ? m : LOA_MOVE_SQUARES(m);
        loa_make_move(&b, m, NULL);
        s += n;
    }
    return 0;
}

/* A position's evaluation: "eval" (its kind, an end exactly where the
 * game ends), "score" within the kind's bounds, "win" (exact for proven,
 * final and absent evaluations), the end's score the game's. Into p; *st
 * is the position's status. */
static int read_eval(const replay_field_reader *r, const cJSON *o, const char *where,
                     const loa_board *b, const replay_game *g, replay_position *p,
                     loa_status *st_out)
{
    long long v = 0;
    const char *s = "";
    int rc;
    if ((rc = replay_field_str(r, o, "eval", where, 0, &s)))
        return rc;
    int kind = -1;
    for (int k = 0; k < (int)(sizeof kind_names / sizeof kind_names[0]); k++)
        if (strcmp(s, kind_names[k]) == 0)
            kind = k;
    if (kind < 0)
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz,
                         "%s: %s: \"eval\" '%.20s' is not none, cp, win, loss or end", r->src,
                         where, s);
    p->eval = (replay_eval_kind)kind;
    loa_status st = *st_out = loa_board_status(b, replay_game_info(g)->max_plies);
    if ((st != LOA_ONGOING) != (kind == REPLAY_EVAL_END))
        return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                         "%s: %s: \"eval\" is %s, yet the game %s there", r->src, where, s,
                         st == LOA_ONGOING ? "goes on" : "is over");
    long long lo = kind == REPLAY_EVAL_CP                                ? -EVAL_SCORE_MAX
                   : kind == REPLAY_EVAL_WIN || kind == REPLAY_EVAL_LOSS ? 1
                   : kind == REPLAY_EVAL_END                             ? -1
                                                                         : 0;
    long long hi = kind == REPLAY_EVAL_CP                                ? EVAL_SCORE_MAX
                   : kind == REPLAY_EVAL_WIN || kind == REPLAY_EVAL_LOSS ? END_PLIES_MAX
                   : kind == REPLAY_EVAL_END                             ? 1
                                                                         : 0;
    if ((rc = replay_field_int(r, o, "score", where, lo, hi, &v)))
        return rc;
    p->score = (int)v;
    if ((rc = replay_field_chance(r, o, "win", where, &p->win)))
        return rc;
    /* proven and final chances are exact, never a probability */
    double exact = kind == REPLAY_EVAL_WIN    ? 1
                   : kind == REPLAY_EVAL_LOSS ? 0
                   : kind == REPLAY_EVAL_END  ? (p->score > 0   ? 1
                                                 : p->score < 0 ? 0
                                                                : 0.5)
                   : kind == REPLAY_EVAL_NONE ? 0.5
                                              : p->win;
    if (p->win != exact)
        return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                         "%s: %s: \"win\" must be %g for eval %s", r->src, where, exact,
                         kind_names[kind]);
    if (kind == REPLAY_EVAL_END) {
        loa_color winner = st == LOA_BLACK_WINS ? LOA_BLACK : LOA_WHITE;
        int want = st == LOA_DRAW ? 0 : winner == b->side ? 1 : -1;
        if (p->score != want)
            return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                             "%s: %s: \"score\" %d of the end is not the game's (%d)", r->src,
                             where, p->score, want);
    }
    return 0;
}

static int read_position(const replay_field_reader *r, const cJSON *o, int n, const loa_board *b,
                         const replay_game *g, replay_position *p)
{
    char where[48];
    snprintf(where, sizeof where, "positions[%d]", n);
    if (!cJSON_IsObject(o))
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz, "%s: %s must be an object", r->src,
                         where);
    long long v = 0;
    const char *s = "", *pv = "";
    int rc;
    if ((rc = replay_field_int(r, o, "ply", where, n, n, &v)) ||
        (rc = replay_field_str(r, o, "to_move", where, 0, &s)))
        return rc;
    if (strcmp(s, b->side == LOA_BLACK ? "black" : "white") != 0)
        return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                         "%s: %s: \"to_move\" is %.10s, not the game's", r->src, where, s);
    loa_status st = LOA_ONGOING;
    if ((rc = read_eval(r, o, where, b, g, p, &st)))
        return rc;
    int kind = (int)p->eval;
    int over = kind == REPLAY_EVAL_END || kind == REPLAY_EVAL_NONE;
    if ((rc = replay_field_move(r, o, "best", where, over, b, &p->best)))
        return rc;
    if (!over && p->best == LOA_MOVE_NONE)
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz,
                         "%s: %s: an evaluated position needs a \"best\" move", r->src, where);
    if ((rc = replay_field_str(r, o, "pv", where, 0, &pv)) || (rc = read_pv(r, pv, where, b, p)))
        return rc;
    if (p->pv_len && p->pv[0] != p->best)
        return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                         "%s: %s: the line does not start with the best move", r->src, where);
    if ((rc = replay_field_int(r, o, "depth", where, 0, 10000, &v)))
        return rc;
    p->depth = (int)v;
    if ((rc = replay_field_int(r, o, "nodes", where, 0, (long long)1 << 52, &p->nodes)) ||
        (rc = replay_field_bool(r, o, "lowerbound", where, &p->lower_bound)) ||
        (rc = replay_field_int(r, o, "connecting", where, 0, LOA_MAX_MOVES, &v)) ||
        (rc = replay_field_move(r, o, "connect", where, 1, b, &p->connect)))
        return rc;
    p->connecting = (int)v;
    loa_move first = LOA_MOVE_NONE;
    int count = st == LOA_ONGOING ? replay_connecting_moves(b, &first) : 0;
    if (count != p->connecting || first != p->connect)
        return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                         "%s: %s: the position has %d connecting moves, not %d (or another first)",
                         r->src, where, count, p->connecting);
    return 0;
}

/* The mark the thresholds give a drop. */
static replay_mark mark_of(const replay_analysis *a, double drop)
{
    for (int m = REPLAY_MARK_BLUNDER; m >= REPLAY_MARK_INACCURACY; m--)
        if (drop >= a->thresholds[m])
            return (replay_mark)m;
    return REPLAY_MARK_NONE;
}

static int read_judgement(const replay_field_reader *r, const cJSON *o, int n, const replay_game *g,
                          const replay_analysis *a, replay_judgement *j)
{
    char where[48];
    snprintf(where, sizeof where, "moves[%d]", n - 1);
    if (!cJSON_IsObject(o))
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz, "%s: %s must be an object", r->src,
                         where);
    long long v = 0;
    const char *s = "";
    int rc;
    if ((rc = replay_field_int(r, o, "ply", where, n, n, &v)) ||
        (rc = replay_field_str(r, o, "move", where, 0, &s)))
        return rc;
    if (strcmp(s, replay_game_ply(g, n)->move) != 0)
        return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                         "%s: %s: \"move\" '%.20s' is not the game's", r->src, where, s);
    if ((rc = replay_field_bool(r, o, "judged", where, &j->judged)) ||
        (rc = replay_field_chance(r, o, "before", where, &j->before)) ||
        (rc = replay_field_chance(r, o, "after", where, &j->after)) ||
        (rc = replay_field_chance(r, o, "drop", where, &j->drop)) ||
        (rc = replay_field_str(r, o, "mark", where, 1, &s)))
        return rc;
    j->mark = REPLAY_MARK_NONE;
    for (int m = REPLAY_MARK_INACCURACY; s && m < REPLAY_MARK_COUNT; m++)
        if (strcmp(s, replay_mark_name((replay_mark)m)) == 0)
            j->mark = (replay_mark)m;
    if (s && j->mark == REPLAY_MARK_NONE)
        return util_fail(
            REPLAY_E_FIELD, r->err, r->errsz,
            "%s: %s: \"mark\" '%.20s' is not inaccuracy, mistake, blunder or missed_win", r->src,
            where, s);
    const replay_position *p = &a->positions[n - 1];
    if (!j->judged && (j->mark || j->drop > 0))
        return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                         "%s: %s: a move not judged has a mark or a drop", r->src, where);
    if (j->mark == REPLAY_MARK_MISSED_WIN && p->eval != REPLAY_EVAL_WIN && !p->connecting)
        return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                         "%s: %s: a missed win where no win was proven or connecting", r->src,
                         where);
    if (j->judged && j->mark != REPLAY_MARK_MISSED_WIN && j->mark != mark_of(a, j->drop))
        return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                         "%s: %s: the mark is not the one the thresholds give a drop of %g", r->src,
                         where, j->drop);
    return 0;
}

/* The players' summaries must be those of the judgements. */
static int check_players(const replay_field_reader *r, const cJSON *players, const replay_game *g,
                         const replay_analysis *a)
{
    if (!cJSON_IsArray(players) || cJSON_GetArraySize(players) != 2)
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz,
                         "%s: \"players\" must be an array of 2 objects", r->src);
    for (int s = 0; s < 2; s++) {
        const cJSON *o = cJSON_GetArrayItem(players, s);
        char where[32];
        snprintf(where, sizeof where, "players[%d]", s);
        if (!cJSON_IsObject(o))
            return util_fail(REPLAY_E_FIELD, r->err, r->errsz, "%s: %s must be an object", r->src,
                             where);
        replay_side_summary sum = replay_analysis_side(a, g, s);
        long long v = 0;
        int rc;
        for (int m = REPLAY_MARK_INACCURACY; m < REPLAY_MARK_COUNT; m++) {
            if ((rc = replay_field_int(r, o, replay_mark_name((replay_mark)m), where, 0,
                                       REPLAY_PLIES_MAX, &v)))
                return rc;
            if (v != sum.marks[m])
                return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                                 "%s: %s: %lld %s, but its moves have %d", r->src, where, v,
                                 replay_mark_name((replay_mark)m), sum.marks[m]);
        }
        const cJSON *w = replay_field_item(o, "worst");
        if (!(cJSON_IsNull(w) ? sum.worst == 0
                              : cJSON_IsNumber(w) && w->valuedouble == (double)sum.worst))
            return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                             "%s: %s: \"worst\" is not the ply of its largest drop (%d)", r->src,
                             where, sum.worst);
    }
    return 0;
}

/* "game": the plies of g, move by move (not another game's analysis). */
static int read_game(const replay_field_reader *r, const cJSON *root, const replay_game *g)
{
    const replay_info *in = replay_game_info(g);
    const char *s = "";
    long long v = 0;
    int rc;
    const cJSON *game = replay_field_item(root, "game");
    if (!cJSON_IsObject(game))
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz, "%s: \"game\" must be an object",
                         r->src);
    if ((rc = replay_field_int(r, game, "plies", "game", 0, REPLAY_PLIES_MAX, &v)))
        return rc;
    if ((rc = replay_field_str(r, game, "moves", "game", 0, &s)))
        return rc;
    const char *t = s;
    int same = v == in->plies;
    for (int n = 1; same && n <= in->plies; n++) {
        const char *m = replay_game_ply(g, n)->move;
        size_t k = strlen(m);
        same = strncmp(t, m, k) == 0 && (t[k] == ' ' || (t[k] == '\0' && n == in->plies));
        if (same) /* never past the text's end */
            t += k + (t[k] == ' ');
    }
    if (!same || *t)
        return util_fail(REPLAY_E_INCONSISTENT, r->err, r->errsz,
                         "%s: the analysis of another game (its plies are not those of %s)", r->src,
                         in->source);
    return 0;
}

/* "engine", "scale" and "thresholds": how the positions were judged. */
static int read_engine(const replay_field_reader *r, const cJSON *root, replay_analysis *a)
{
    const char *s = "";
    int rc;
    const cJSON *engine = replay_field_item(root, "engine");
    if (!cJSON_IsObject(engine))
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz, "%s: \"engine\" must be an object",
                         r->src);
    if ((rc = replay_field_str(r, engine, "command", "engine", 0, &s)))
        return rc;
    snprintf(a->engine, sizeof a->engine, "%s", s);
    if ((rc = replay_field_str(r, engine, "limit", "engine", 0, &s)))
        return rc;
    if (strcmp(s, "depth") && strcmp(s, "nodes") && strcmp(s, "movetime"))
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz,
                         "%s: engine: \"limit\" must be depth, nodes or movetime", r->src);
    snprintf(a->limit, sizeof a->limit, "%s", s);
    if ((rc = replay_field_int(r, engine, "value", "engine", 1, (long long)1 << 52,
                               &a->limit_value)))
        return rc;
    const cJSON *scale = replay_field_item(root, "scale");
    if (!cJSON_IsNumber(scale) || !(scale->valuedouble > 0 && scale->valuedouble < 1e9))
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz,
                         "%s: \"scale\" must be a positive number", r->src);
    a->scale = scale->valuedouble;
    const cJSON *th = replay_field_item(root, "thresholds");
    if (!cJSON_IsObject(th))
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz, "%s: \"thresholds\" must be an object",
                         r->src);
    for (int m = REPLAY_MARK_INACCURACY; m <= REPLAY_MARK_BLUNDER; m++)
        if ((rc = replay_field_chance(r, th, replay_mark_name((replay_mark)m), "thresholds",
                                      &a->thresholds[m])))
            return rc;
    if (!(a->thresholds[1] <= a->thresholds[2] && a->thresholds[2] <= a->thresholds[3]))
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz,
                         "%s: the thresholds must grow from inaccuracy to blunder", r->src);
    return 0;
}

static int read_root(const replay_field_reader *r, const cJSON *root, const replay_game *g,
                     replay_analysis *a, loa_board *boards)
{
    const replay_info *in = replay_game_info(g);
    const char *s = "";
    long long v = 0;
    int rc;
    if (!cJSON_IsObject(root) || replay_field_str(r, root, "format", "top", 0, &s) ||
        strcmp(s, REPLAY_ANALYSIS_FORMAT) != 0)
        return util_fail(REPLAY_E_FORMAT, r->err, r->errsz,
                         "%s: not an analysis (\"format\" is not \"%s\")", r->src,
                         REPLAY_ANALYSIS_FORMAT);
    if (replay_field_int(r, root, "version", "top", REPLAY_ANALYSIS_VERSION,
                         REPLAY_ANALYSIS_VERSION, &v))
        return util_fail(REPLAY_E_FORMAT, r->err, r->errsz,
                         "%s: \"version\" is not %d (the one this viewer reads)", r->src,
                         REPLAY_ANALYSIS_VERSION);
    if ((rc = read_game(r, root, g)) || (rc = read_engine(r, root, a)))
        return rc;
    const cJSON *pos = replay_field_item(root, "positions"), *mv = replay_field_item(root, "moves");
    if (!cJSON_IsArray(pos) || cJSON_GetArraySize(pos) != in->plies + 1)
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz,
                         "%s: \"positions\" must be an array of %d objects (plies + 1)", r->src,
                         in->plies + 1);
    if (!cJSON_IsArray(mv) || cJSON_GetArraySize(mv) != in->plies)
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz,
                         "%s: \"moves\" must be an array of %d objects (one a ply)", r->src,
                         in->plies);
    if ((rc = game_boards(g, boards, r->err, r->errsz)))
        return rc;
    int n = 0;
    const cJSON *o;
    cJSON_ArrayForEach(o, pos)
    {
        if ((rc = read_position(r, o, n, &boards[n], g, &a->positions[n])))
            return rc;
        n++;
    }
    n = 1;
    cJSON_ArrayForEach(o, mv)
    {
        if ((rc = read_judgement(r, o, n, g, a, &a->moves[n - 1])))
            return rc;
        n++;
    }
    return check_players(r, replay_field_item(root, "players"), g, a);
}

int replay_analysis_parse(const replay_game *g, const char *text, size_t len, const char *source,
                          replay_analysis **out, char *err, size_t errsz)
{
    if (!g || !text || !out)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_analysis_parse: NULL argument");
    *out = NULL;
    replay_field_reader r = {source ? source : "analysis", err, errsz};
    if (util_utf8_check(text, len) != len)
        return util_fail(REPLAY_E_JSON, err, errsz, "%s: not UTF-8 text", r.src);
    cJSON *root;
    char why[200];
    if (util_json_parse(text, len, &root, why, sizeof why) != 0)
        return util_fail(REPLAY_E_JSON, err, errsz, "%s: %s", r.src, why);
    const replay_info *in = replay_game_info(g);
    replay_analysis *a = replay_analysis_new(in->plies);
    loa_board *boards = malloc(((size_t)in->plies + 1) * sizeof *boards);
    int rc = !a || !boards
                 ? util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory reading %s", r.src)
                 : read_root(&r, root, g, a, boards);
    free(boards);
    cJSON_Delete(root);
    if (rc) {
        replay_analysis_free(a);
        return rc;
    }
    *out = a;
    return 0;
}

int replay_analysis_load(const replay_game *g, const char *path, replay_analysis **out, char *err,
                         size_t errsz)
{
    if (!g || !path || !out)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_analysis_load: NULL argument");
    *out = NULL;
    char *text = NULL;
    size_t len = 0;
    int rc = util_read_file(path, REPLAY_ANALYSIS_FILE_MAX, &text, &len);
    if (rc == UTIL_E_RANGE)
        return util_fail(REPLAY_E_TOO_BIG, err, errsz, "%s: larger than %u bytes", path,
                         REPLAY_ANALYSIS_FILE_MAX);
    if (rc == UTIL_E_NOMEM)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "%s: out of memory", path);
    if (rc != 0) {
        int e = errno;
        rc = util_fail(REPLAY_E_IO, err, errsz, "cannot read %s: %s", path, strerror(e));
        errno = e;
        return rc;
    }
    rc = replay_analysis_parse(g, text, len, path, out, err, errsz);
    free(text);
    return rc;
}
