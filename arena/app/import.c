/*
 * import.c - the league `loa-arena import` writes (app/import.h): the
 * players named, the contestant found, each game placed in its slot of a
 * gauntlet's schedule, then stored (store/store.h) with its record, the
 * standings, pages and index written as after a league's run.
 */
#include "app/import.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "app/import_impl.h"
#include "app/league_pages.h"
#include "app/tasks.h"
#include "core/digest.h"
#include "core/error.h"
#include "league/record.h"
#include "league/schedule.h"
#include "leaguedb/leaguedb.h"
#include "loa/notation.h"
#include "report/replay_page.h"
#include "store/store.h"
#include "util/parse.h"
#include "util/text.h"

/* The players: raw CodinGame names, and their bot names; beyond what a
 * league holds, the opponents met least are one bot (others). */
typedef struct players {
    const char *raw[ARENA_MAX_BOTS]; /* NULL: the others' bot */
    char name[ARENA_MAX_BOTS][ARENA_NAME_MAX + 1];
    int n;
    const char **grouped; /* the raw names played as the others' bot (malloc'd) */
    int ngrouped, others; /* others: its index, -1 until made */
} players;

/* raw as a valid bot name in out (ARENA_NAME_MAX + 1 bytes): control
 * characters '?', cut on a character boundary, no space at either end,
 * "?" for an empty one. */
static void bot_name(const char *raw, char *out)
{
    while (*raw == ' ')
        raw++;
    size_t n = 0;
    for (; raw[n] && n < ARENA_NAME_MAX; n++) {
        unsigned char c = (unsigned char)raw[n];
        out[n] = c < 0x20 || c == 0x7f ? '?' : (char)c;
    }
    if (raw[n]) /* cut: not inside a UTF-8 character */
        while (n > 0 && ((unsigned char)raw[n] & 0xC0) == 0x80)
            n--;
    while (n > 0 && out[n - 1] == ' ')
        n--;
    if (n == 0)
        out[n++] = '?';
    out[n] = '\0';
}

static int is_me(const arena_import_opts *o, const char *s)
{
    for (int i = 0; i < o->nme; i++)
        if (strcmp(o->me[i], s) == 0)
            return 1;
    return 0;
}

/* Adds a player named base, made unique ("name~2", ...), for raw. */
static int add_player(players *p, const char *raw, const char *base)
{
    p->raw[p->n] = raw;
    snprintf(p->name[p->n], sizeof p->name[0], "%s", base);
    for (int k = 2;; k++) {
        int taken = 0;
        for (int i = 0; i < p->n; i++)
            taken |= strcmp(p->name[i], p->name[p->n]) == 0;
        if (!taken)
            break;
        char suffix[16];
        int m = snprintf(suffix, sizeof suffix, "~%d", k);
        snprintf(p->name[p->n], sizeof p->name[0], "%.*s%s", ARENA_NAME_MAX - m, base, suffix);
    }
    return p->n++;
}

/* The player index of raw name s (the contestant's names are player 0),
 * added when new; -1 when the league is full. */
static int player_of(players *p, const arena_import_opts *o, const char *s)
{
    if (is_me(o, s))
        return 0;
    for (int i = 1; i < p->n; i++)
        if (p->raw[i] && strcmp(p->raw[i], s) == 0)
            return i;
    for (int i = 0; i < p->ngrouped; i++)
        if (strcmp(p->grouped[i], s) == 0) {
            char base[ARENA_NAME_MAX + 1];
            snprintf(base, sizeof base, "others (%d players)", p->ngrouped);
            if (p->others < 0 && p->n < ARENA_MAX_BOTS)
                p->others = add_player(p, NULL, base);
            return p->others;
        }
    if (p->n == ARENA_MAX_BOTS)
        return -1;
    char base[ARENA_NAME_MAX + 1];
    bot_name(s, base);
    return add_player(p, s, base);
}

/* An opponent and its games. */
typedef struct met {
    const char *name;
    int games, first;
} met;

static int by_games(const void *a, const void *b)
{
    const met *x = a, *y = b;
    return x->games != y->games ? y->games - x->games : x->first - y->first;
}

/* When set's games meet more opponents than a league holds beside the
 * contestant, p->grouped gets those met least (ties: met last): one bot
 * plays them all, so that every game is kept. Returns 0 or ARENA_E_NOMEM. */
static int group_opponents(const imp_set *set, const arena_import_opts *o, players *p)
{
    met *m = malloc(sizeof *m * (size_t)(set->n + 1));
    int n = 0;
    if (!m)
        return ARENA_E_NOMEM;
    for (int i = 0; i < set->n; i++) {
        const replay_info *in = replay_game_info(set->v[i].g);
        const char *opp = in->names[is_me(o, in->names[0]) ? 1 : 0];
        int k = 0;
        while (k < n && strcmp(m[k].name, opp) != 0)
            k++;
        if (k == n)
            m[n++] = (met){opp, 0, i};
        m[k].games++;
    }
    int keep = ARENA_MAX_BOTS - 2; /* the contestant and the others' bot beside them */
    if (n > ARENA_MAX_BOTS - 1) {
        qsort(m, (size_t)n, sizeof *m, by_games);
        p->grouped = malloc(sizeof *p->grouped * (size_t)(n - keep));
        if (!p->grouped) {
            free(m);
            return ARENA_E_NOMEM;
        }
        for (int k = keep; k < n; k++)
            p->grouped[p->ngrouped++] = m[k].name;
    }
    free(m);
    return 0;
}

/* The name in the most games (ties: the first seen). */
static const char *most_seen(const imp_set *set)
{
    const char *best = NULL;
    int best_n = 0;
    for (int i = 0; i < set->n; i++)
        for (int c = 0; c < 2; c++) {
            const char *s = replay_game_info(set->v[i].g)->names[c];
            int k = 0;
            for (int j = 0; j < set->n; j++) {
                const replay_info *in = replay_game_info(set->v[j].g);
                k += strcmp(in->names[0], s) == 0 || strcmp(in->names[1], s) == 0;
            }
            if (k > best_n)
                best = s, best_n = k;
        }
    return best;
}

/* Every --me name in at least one of set's games: a name in none is a typo,
 * refused before the league is touched (its games would all be refused).
 * Returns 0 or ARENA_E_CONFIG with err naming it and the likeliest name. */
static int me_seen(const imp_set *set, const arena_import_opts *o, char *err, size_t errsz)
{
    for (int k = 0; k < o->nme; k++) {
        int seen = 0;
        for (int i = 0; i < set->n && !seen; i++) {
            const replay_info *in = replay_game_info(set->v[i].g);
            seen = strcmp(in->names[0], o->me[k]) == 0 || strcmp(in->names[1], o->me[k]) == 0;
        }
        if (!seen)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--me '%s' plays in none of the %d games (the name in the most: "
                             "'%s'); nothing changed",
                             o->me[k], set->n, most_seen(set));
    }
    return 0;
}

/* Names every game's players; a game without the contestant, or with it
 * on both sides, is refused on report and dropped from set. */
static int name_players(imp_set *set, arena_import_opts *o, players *p, FILE *report,
                        arena_import_result *res, char *err, size_t errsz)
{
    if (o->nme == 0)
        return 0;
    p->raw[0] = o->me[0];
    bot_name(o->me[0], p->name[0]);
    p->n = 1;
    p->others = -1;
    int kept = 0, old = set->old;
    for (int i = 0; i < set->n; i++) {
        imp_game *x = &set->v[i];
        const replay_info *in = replay_game_info(x->g);
        int mine[2] = {is_me(o, in->names[0]), is_me(o, in->names[1])};
        if (mine[0] == mine[1]) {
            fprintf(report, "refused: %s: %s plays %s\n", x->source, p->name[0],
                    mine[0] ? "both sides" : "neither side");
            res->refused++;
            free(x->source);
            replay_game_free(x->g);
            set->old -= i < old; /* one of the league's own games dropped */
            continue;
        }
        set->v[kept++] = *x;
    }
    set->n = kept;
    if (group_opponents(set, o, p))
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    for (int i = 0; i < set->n; i++) {
        imp_game *x = &set->v[i];
        const replay_info *in = replay_game_info(x->g);
        x->black = player_of(p, o, in->names[0]);
        x->white = player_of(p, o, in->names[1]);
        if (x->black < 0 || x->white < 0) /* cannot be: group_opponents made room */
            return util_fail(ARENA_E_CONFIG, err, errsz, "%s: more than %d players", x->source,
                             ARENA_MAX_BOTS);
    }
    return 0;
}

/* The league's settings: a gauntlet of p's players, games per pairing
 * enough for the most games of one colour against one opponent. */
static int league_settings(const imp_set *set, const players *p, const char *dir, arena_settings *s,
                           char *err, size_t errsz)
{
    arena_settings_init(s);
    int *count = calloc((size_t)p->n * 2, sizeof *count), most = 1;
    if (!count)
        return ARENA_E_NOMEM;
    for (int i = 0; i < set->n; i++) {
        const imp_game *x = &set->v[i];
        int opp = x->black == 0 ? x->white : x->black;
        int k = ++count[opp * 2 + (x->black != 0)];
        most = k > most ? k : most;
    }
    free(count);
    s->format = ARENA_FORMAT_GAUNTLET;
    s->games = most * 2;
    s->gauntlet_bot = strdup(p->name[0]);
    s->out_dir = strdup(dir);
    if (!s->gauntlet_bot || !s->out_dir)
        return ARENA_E_NOMEM;
    for (int i = 0; i < p->n; i++) {
        int rc = arena_settings_add_bot(s, p->name[i], ARENA_IMPORT_COMMAND, NULL, err, errsz);
        if (rc)
            return rc;
    }
    return 0;
}

/* Game x's record for the store: its slot (id, colours) and its result
 * from the replayed game. */
static int game_record(const arena_settings *s, const imp_game *x, int id, arena_game_record *r,
                       char *err, size_t errsz)
{
    arena_game_spec spec;
    if (arena_schedule_spec(s, id, &spec) || spec.black != x->black || spec.white != x->white)
        return util_fail(ARENA_E_INVAL, err, errsz, "%s: no slot %d in the schedule", x->source,
                         id);
    arena_record_from_spec(r, &spec);
    const replay_info *in = replay_game_info(x->g);
    if (util_parse_i64(in->seed_text, INT64_MIN, INT64_MAX, &r->seed))
        r->seed = 0;
    r->winner = in->winner ? strcmp(in->winner, "white") == 0 : -1;
    r->fault = in->fault ? strcmp(in->fault, "white") == 0 : -1;
    r->scores[0] = in->scores[0], r->scores[1] = in->scores[1];
    r->reason = ref_reason_from_name(in->reason);
    r->plies = in->plies;
    snprintf(r->detail, sizeof r->detail, "%s", in->detail ? in->detail : "");
    loa_move m[LOA_MAX_PLIES + 1];
    int n = 0;
    for (int k = 1; k <= in->plies && n < LOA_MAX_PLIES + 1; k++)
        if (loa_move_parse(replay_game_ply(x->g, k)->move, &m[n]) == 0)
            n++;
    r->moves_hash = arena_moves_hash(m, n);
    return 0;
}

/* The schedule id of each game: the k-th game of a pairing and colours in
 * round k. ids[i] for set->v[i]. */
static int place(const imp_set *set, const arena_settings *s, int *ids, char *err, size_t errsz)
{
    int pairings = arena_pairing_count(s->format, s->bot_count);
    int *pair_of = calloc((size_t)s->bot_count, sizeof *pair_of);
    int *next = calloc((size_t)s->bot_count * 2, sizeof *next);
    int rc = pair_of && next ? 0 : ARENA_E_NOMEM;
    for (int p = 0; rc == 0 && p < pairings; p++) {
        int a, b;
        if (arena_league_pairing(s, p, &a, &b) == 0)
            pair_of[a == 0 ? b : a] = p;
    }
    for (int i = 0; rc == 0 && i < set->n; i++) {
        const imp_game *x = &set->v[i];
        int opp = x->black == 0 ? x->white : x->black, swap = x->black != 0;
        int round = next[opp * 2 + swap]++;
        ids[i] = (round * pairings + pair_of[opp]) * 2 + swap;
        arena_game_spec spec;
        if (arena_schedule_spec(s, ids[i], &spec) == 0 && spec.black != x->black)
            ids[i] ^= 1; /* the pairing's first bot is the opponent */
    }
    free(pair_of);
    free(next);
    return rc ? util_fail(rc, err, errsz, "out of memory") : 0;
}

/* Stores every game of set in st, and the replay page of each game the
 * contestant (bot 0) lost: the triage's links. Every page is an fsync'd
 * file or two (util_write_file_atomic), most of an import's time on a busy
 * disk; `loa-arena --html DIR` writes the others, `loa-arena serve DIR`
 * serves them all. */
static int store_games(arena_store *st, const imp_set *set, const int *ids, const char *dir,
                       char *err, size_t errsz)
{
    const arena_settings *s = arena_store_settings(st);
    for (int i = 0; i < set->n; i++) {
        arena_game_record r;
        const cJSON *record = replay_game_record(set->v[i].g);
        int rc = game_record(s, &set->v[i], ids[i], &r, err, errsz);
        if (rc == 0)
            rc = arena_store_put(st, &r, record, err, errsz);
        if (rc)
            return rc;
        char perr[512];
        int lost = r.winner >= 0 && (r.winner == 0 ? r.black : r.white) != 0;
        if (lost && arena_replay_page_write(dir, ids[i], record, perr, sizeof perr))
            fprintf(stderr, "loa-arena: warning: %s\n", perr);
    }
    return 0;
}

/* The league of set written into o->dir: a new one, the previous moved
 * into DIR/previous-<UTC time>/ by the store. */
static int write_league(const arena_import_opts *o, const imp_set *set, const players *p, FILE *out,
                        char *err, size_t errsz)
{
    arena_settings s;
    int *ids = calloc((size_t)set->n + 1, sizeof *ids);
    int rc = ids ? league_settings(set, p, o->dir, &s, err, errsz) : ARENA_E_NOMEM;
    if (rc == 0)
        rc = place(set, &s, ids, err, errsz);
    arena_store *st = NULL;
    int mode = leaguedb_exists(o->dir) ? ARENA_STORE_FRESH : ARENA_STORE_RESUME;
    if (rc == 0)
        rc = arena_store_open(o->dir, &s, NULL, mode, arena_warn_stderr, NULL, &st, err, errsz);
    if (rc == 0)
        rc = store_games(st, set, ids, o->dir, err, errsz);
    /* the whole standings go to standings.json and --standings: printed
     * here, the contestant's lines alone */
    FILE *quiet = rc == 0 ? fopen("/dev/null", "w") : NULL;
    if (rc == 0 && (!quiet || arena_task_report(arena_store_settings(st), st, -1, NULL, 1, quiet)))
        rc = util_fail(ARENA_E_IO, err, errsz, "cannot write the standings of %s", o->dir);
    if (quiet)
        fclose(quiet);
    if (rc == 0)
        rc = arena_import_contestant(arena_store_settings(st), st, out, err, errsz);
    char perr[1024];
    if (rc == 0 && arena_task_index(st, o->dir, perr, sizeof perr))
        fprintf(stderr, "loa-arena: warning: no index page: %s\n", perr);
    arena_store_close(st);
    arena_settings_clear(&s);
    free(ids);
    return rc == ARENA_E_NOMEM && !err[0] ? util_fail(rc, err, errsz, "out of memory") : rc;
}

static const char *name_of(const void *p, int i)
{
    return ((const players *)p)->name[i];
}

/* Orders the new games by game id after the league's own (which keep
 * their order), so that an import's ids do not depend on file names. */
static int by_game_id(const void *a, const void *b)
{
    long long x = ((const imp_game *)a)->game_id, y = ((const imp_game *)b)->game_id;
    return (x > y) - (x < y);
}

int arena_import(const arena_import_opts *o, FILE *out, FILE *report, arena_import_result *res,
                 char *err, size_t errsz)
{
    memset(res, 0, sizeof *res);
    err[0] = '\0';
    imp_set set = {0};
    arena_import_opts opts = *o;
    char *me = NULL;
    players *p = calloc(1, sizeof *p);
    int rc = p ? imp_read_league(o->dir, &set, err, errsz) : ARENA_E_NOMEM;
    if (rc == 0)
        rc = imp_read_files(o, &set, report, res, err, errsz);
    int fresh = set.n - set.old, renamed = 0, had = set.old;
    /* new games, or --me given again (its names may have changed): the
     * players named anew */
    if (rc == 0 && (fresh > 0 || (o->nme > 0 && set.n > 0))) {
        qsort(set.v + set.old, (size_t)fresh, sizeof *set.v, by_game_id);
        if (opts.nme == 0 && (me = strdup(most_seen(&set))))
            opts.me[opts.nme++] = me;
        rc = !opts.nme ? ARENA_E_NOMEM : me_seen(&set, &opts, err, errsz);
        if (rc == 0)
            rc = name_players(&set, &opts, p, report, res, err, errsz);
        char *key = rc == 0 ? imp_players_key(p->n, name_of, p) : NULL;
        /* other players, or some of the league's games not the contestant's */
        renamed = (key && (!set.players || strcmp(key, set.players) != 0)) || set.old < had;
        free(key);
    }
    fresh = set.n - set.old;
    res->added = fresh;
    res->games = set.n;
    res->renamed = renamed && fresh == 0;
    if (p && p->n)
        snprintf(res->me, sizeof res->me, "%s", p->name[0]);
    if (rc == 0 && (fresh > 0 || renamed) && set.n > 0)
        rc = write_league(&opts, &set, p, out, err, errsz);
    imp_set_free(&set);
    free(me);
    if (p)
        free(p->grouped);
    free(p);
    return rc == ARENA_E_NOMEM && !err[0] ? util_fail(rc, err, errsz, "out of memory") : rc;
}
