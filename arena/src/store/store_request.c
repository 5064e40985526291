/* store_request.c - changes asked of a league by a process without its
 * run lock: judged against the league and the changes waiting, the bots
 * copied, then queued in one transaction (store/store.h). */
#include "store/store_impl.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/text.h"
#include "league/command.h"
#include "league/settings_check.h"
#include "store/fingerprint.h"
#include "store/snapshot.h"
#include "util/text.h"

/* One change as it will be queued. */
typedef struct ask {
    const arena_change *c;
    int skip;                 /* done or waiting already */
    char *bot;                /* its bot's league.json entry (ADD, REPLACE) */
    arena_snapshot_info copy; /* its copy (copy.dir "" when none): removed
                                 when the change is not queued */
} ask;

/* What the request works on: the league as it stands, the changes that
 * wait, and the league the asked changes make (to judge them). */
typedef struct req {
    const char *dir;
    arena_store *st;
    leaguedb *db; /* writable: the queue */
    arena_settings now;
    int64_t seen;                          /* the last waiting change read */
    unsigned char waiting[ARENA_MAX_BOTS]; /* [bot of now]: a waiting change adds it */
    const char *bin;
    arena_warn_fn note;
    void *user;
} req;

/* A note of the request (what was copied, what is done already). */
#define notef(r, ...) arena_store_warnf((r)->note, (r)->user, __VA_ARGS__)

/* The changes waiting, applied to r->now (so that what is asked now is
 * judged against the league they make). */
static int apply_waiting(const leaguedb_change *c, void *user)
{
    req *r = user;
    arena_settings one;
    char why[256];
    int b = arena_settings_find_bot(&r->now, c->name);
    r->seen = c->seq;
    if (strcmp(c->op, "retire") == 0) {
        if (b >= 0)
            r->now.bots[b].retired = 1;
        return 0;
    }
    int rc = arena_store_bot_of_json(c->bot, &one, why, sizeof why);
    if (rc == 0 && b < 0 && strcmp(c->op, "add") == 0 &&
        (rc = arena_settings_add_bot(&r->now, one.bots[0].name, one.bots[0].command,
                                     one.bots[0].cwd, why, sizeof why)) == 0)
        r->waiting[r->now.bot_count - 1] = 1;
    else if (rc == 0 && b >= 0 && strcmp(c->op, "replace") == 0)
        rc = arena_set_string(&r->now.bots[b].command, one.bots[0].command);
    arena_settings_clear(&one);
    return arena_error_kind(rc) == ARENA_E_NOMEM ? rc : 0; /* a malformed row: the arena drops it */
}

/* The hashes of fingerprint fp, sorted, joined: two builds with the same
 * files under other names (a copy and its original) give the same text. */
static char *hashes(const cJSON *fp)
{
    const char *v[ARENA_WORDS_MAX];
    int n = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, fp) if (cJSON_IsString(e) && n < ARENA_WORDS_MAX) v[n++] = e->valuestring;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(v[j], v[j - 1]) < 0; j--) {
            const char *t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    char *out = malloc((size_t)n * 65 + 1);
    if (out) {
        out[0] = '\0';
        for (int i = 0; i < n; i++)
            strcat(strcat(out, v[i]), " ");
    }
    return out;
}

/* 1 when the build c names is the one bot b plays now (its fingerprint's
 * files, by content): replacing it would change nothing. */
static int same_build(const req *r, int b, const arena_change *c)
{
    const cJSON *fps = arena_store_fingerprints(r->st);
    const cJSON *old = cJSON_GetObjectItemCaseSensitive(fps, c->name);
    if (!old || !old->child || b >= arena_store_settings(r->st)->bot_count ||
        strcmp(r->now.bots[b].command, c->command) != 0)
        return 0;
    char *cmd = arena_command_expand(c->command, r->bin, r->now.base_dir, 0);
    cJSON *fresh = NULL;
    char why[256];
    int same = 0;
    if (cmd && arena_fingerprint_compute_in(cmd, c->cwd, NULL, &fresh, why, sizeof why) == 0) {
        char *a = hashes(old), *f = hashes(fresh);
        same = a && f && strcmp(a, f) == 0;
        free(a);
        free(f);
    }
    cJSON_Delete(fresh);
    free(cmd);
    return same;
}

/* The names of s's bots, "a, b, c" (cut with "..." at size), into buf. */
static const char *bot_names(const arena_settings *s, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < s->bot_count && at + 4 < size; i++) {
        int n = snprintf(buf + at, size - at, "%s%s", i ? ", " : "", s->bots[i].name);
        at = n < 0 || (size_t)n >= size - at ? size : at + (size_t)n;
    }
    if (at >= size && size > 4)
        memcpy(buf + size - 4, "...", 4);
    return buf;
}

/* Judges change c against r->now (which it then changes): 0 (a->skip set
 * when it is done or waiting already), ARENA_E_CONFIG (err) or
 * ARENA_E_NOMEM. */
static int judge(req *r, ask *a, char *err, size_t errsz)
{
    const arena_change *c = a->c;
    int b = arena_settings_find_bot(&r->now, c->name);
    arena_bot *x = b >= 0 ? &r->now.bots[b] : NULL;
    char names[400];
    if (c->op == ARENA_CHANGE_ADD && x && r->waiting[b] && strcmp(x->command, c->command) == 0) {
        a->skip = 1;
        notef(r,
              "Bot '%s' waits to be added to %s's league already (asked before): nothing "
              "to add",
              c->name, r->dir);
        return 0;
    }
    if (c->op == ARENA_CHANGE_ADD && x && r->waiting[b])
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "bot '%s' waits to be added to %s's league already, asked before with "
                         "the command '%s': choose another name for '%s'",
                         c->name, r->dir, x->command, c->command);
    if (c->op == ARENA_CHANGE_ADD && x && strcmp(x->command, c->command) == 0) {
        a->skip = 1;
        notef(r, "Bot '%s' is in %s's league already: nothing to add", c->name, r->dir);
        return 0;
    }
    if (c->op == ARENA_CHANGE_ADD && x)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "bot '%s' is in %s's league already with the command '%s': choose "
                         "another name for '%s' (or --replace-bot to give it a new version)",
                         c->name, r->dir, x->command, c->command);
    if (c->op != ARENA_CHANGE_ADD && !x)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: no bot '%s' in %s's league (its bots: %s)",
                         c->op == ARENA_CHANGE_RETIRE ? "--retire" : "--replace-bot", c->name,
                         r->dir, bot_names(&r->now, names, sizeof names));
    if (c->op == ARENA_CHANGE_RETIRE) {
        a->skip = x->retired;
        if (a->skip)
            notef(r, "Bot '%s' is retired already", c->name);
        x->retired = 1;
        return 0;
    }
    if (c->op == ARENA_CHANGE_REPLACE) {
        if ((a->skip = same_build(r, b, c)))
            notef(r,
                  "Bot '%s' plays this build already (its files are the same): nothing to "
                  "replace",
                  c->name);
        return arena_set_string(&x->command, c->command) ? ARENA_E_NOMEM : 0;
    }
    int rc = arena_settings_add_bot(&r->now, c->name, c->command, c->cwd, err, errsz);
    return rc ? rc : arena_settings_validate(&r->now, err, errsz);
}

/* The bot of change a, copied unless it asks not to be: its entry. A
 * program that does not exist is refused here, before anything is queued:
 * the arena would retire the bot at its first game. */
static int make_bot(req *r, ask *a, char *err, size_t errsz)
{
    const arena_change *c = a->c;
    char why[PATH_MAX + 300];
    char *cmd = arena_command_expand(c->command, r->bin, r->now.base_dir, 0);
    int missing =
        cmd ? arena_fingerprint_program_missing(cmd, c->cwd, why, sizeof why) : ARENA_E_NOMEM;
    free(cmd);
    if (missing)
        return missing < 0
                   ? missing
                   : util_fail(ARENA_E_CONFIG, err, errsz, "%s %s=%s: %s: nothing asked of %s",
                               c->op == ARENA_CHANGE_ADD ? "--add-bot" : "--replace-bot", c->name,
                               c->command, why, r->dir);
    arena_settings one;
    arena_settings_init(&one);
    int rc = arena_settings_add_bot(&one, c->name, c->command, c->cwd, err, errsz);
    arena_bot *b = &one.bots[0];
    arena_snapshot_info info;
    b->no_snapshot = c->no_snapshot;
    if (rc == 0 && !c->no_snapshot &&
        (rc = arena_snapshot_take(r->dir, b, r->bin, r->now.base_dir, &b->snapshot, &info, err,
                                  errsz)) == 0) {
        arena_store_note_snapshot(r->note, r->user, r->dir, c->name, b->snapshot != NULL, &info);
        if (b->snapshot)
            a->copy = info;
    }
    if (rc == 0 && !(a->bot = arena_store_bot_json(&one, 0)))
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    arena_settings_clear(&one);
    return rc;
}

/* What another process queued since the request read the changes: one
 * of the same name as an asked change is a conflict (two --add-bot of one
 * name at once: the second is refused, naming the first). */
typedef struct recheck {
    req *r;
    ask *asks;
    int n;
    char *err;
    size_t errsz;
} recheck;

static int newer_change(const leaguedb_change *c, void *user)
{
    recheck *k = user;
    if (c->seq <= k->r->seen)
        return 0;
    for (int i = 0; i < k->n; i++)
        if (!k->asks[i].skip && strcmp(k->asks[i].c->name, c->name) == 0)
            return util_fail(ARENA_E_CONFIG, k->err, k->errsz,
                             "bot '%s': another process asked %s's league to %s it meanwhile "
                             "(its change waits for the arena): nothing asked; look at "
                             "loa-arena --standings %s, then ask again",
                             c->name, k->r->dir, c->op, k->r->dir);
    return 0;
}

/* Under the queue's write lock: what the request judged still holds (no
 * change of the same name queued since, no bot added of the name). */
static int still_holds(req *r, ask *asks, int n, char *err, size_t errsz)
{
    recheck k = {r, asks, n, err, errsz};
    int rc = leaguedb_changes(r->db, newer_change, &k, err, errsz);
    for (int i = 0; i < n && rc == 0; i++) {
        if (asks[i].skip || asks[i].c->op != ARENA_CHANGE_ADD)
            continue;
        int named = leaguedb_bot_named(r->db, asks[i].c->name);
        if (named < 0)
            rc = util_fail(ARENA_E_IO, err, errsz, "cannot read %s", leaguedb_path(r->db));
        else if (named)
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "bot '%s' was added to %s's league meanwhile, by another process: "
                           "nothing asked; look at loa-arena --standings %s",
                           asks[i].c->name, r->dir, r->dir);
    }
    return rc;
}

/* The asked changes queued in one transaction, if what they were judged
 * on still holds. */
static int enqueue(req *r, ask *asks, int n, int *queued, char *err, size_t errsz)
{
    static const char *const ops[] = {"add", "replace", "retire"};
    int rc = leaguedb_begin(r->db, err, errsz);
    if (rc == 0)
        rc = still_holds(r, asks, n, err, errsz);
    for (int i = 0; i < n && rc == 0; i++)
        if (!asks[i].skip && (rc = leaguedb_change_add(r->db, ops[asks[i].c->op], asks[i].c->name,
                                                       asks[i].bot, err, errsz)) == 0)
            (*queued)++;
    if (rc == 0)
        rc = leaguedb_commit(r->db, err, errsz);
    else
        leaguedb_rollback(r->db);
    if (rc)
        *queued = 0;
    return rc;
}

/* The league of r->dir and what waits, read. */
static int open_league(req *r, char *err, size_t errsz)
{
    int rc =
        arena_store_open(r->dir, NULL, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &r->st, err, errsz);
    if (rc == 0 && (rc = leaguedb_open(r->dir, LEAGUEDB_WRITE, &r->db, err, errsz)) == 0 &&
        (rc = arena_settings_copy(&r->now, arena_store_settings(r->st))) != 0)
        util_fail(rc, err, errsz, "out of memory");
    if (rc == 0 && r->now.shard_count > 1)
        rc = util_fail(ARENA_E_CONFIG, err, errsz,
                       "%s holds shard %d/%d of a league: change the league file and run "
                       "every shard with --extend",
                       r->dir, r->now.shard_index, r->now.shard_count);
    if (rc == 0)
        rc = leaguedb_changes(r->db, apply_waiting, r, err, errsz);
    return rc;
}

int arena_store_request(const char *dir, const arena_change *c, int n, const char *bin_dir,
                        arena_warn_fn note, void *user, long *holder, int *queued, char *err,
                        size_t errsz)
{
    *holder = 0;
    *queued = 0;
    req r = {.dir = dir, .bin = bin_dir, .note = note, .user = user};
    arena_settings_init(&r.now);
    ask *asks = calloc((size_t)(n > 0 ? n : 1), sizeof *asks);
    int rc =
        asks ? open_league(&r, err, errsz) : util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    for (int i = 0; i < n && rc == 0; i++) {
        asks[i].c = &c[i];
        rc = judge(&r, &asks[i], err, errsz);
    }
    for (int i = 0; i < n && rc == 0; i++)
        if (!asks[i].skip && c[i].op != ARENA_CHANGE_RETIRE)
            rc = make_bot(&r, &asks[i], err, errsz);
    if (rc == 0)
        rc = enqueue(&r, asks, n, queued, err, errsz);
    if (rc == 0) {
        long h = leaguedb_lock_holder(r.db);
        *holder = h > 0 ? h : 0;
    }
    for (int i = 0; asks && i < n; i++) {
        if (rc) /* not queued: its copy goes */
            arena_snapshot_remove(dir, &asks[i].copy);
        free(asks[i].bot);
    }
    free(asks);
    arena_settings_clear(&r.now);
    leaguedb_close(r.db);
    arena_store_close(r.st);
    if (arena_error_kind(rc) == ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "out of memory");
    return rc;
}
