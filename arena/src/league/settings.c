/* settings.c - the settings as a value: defaults, bots, the league's
 * identity (league.json) with its comparison on resume, and the opening
 * table they make (league/settings.h). */
#include "league/settings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/text.h"
#include "league/openings.h"
#include "league/setting_table.h"
#include "ref/referee.h"
#include "util/text.h"

/* A row's default: the scalars set (their fields' types take the table's
 * int64_t), the strings, the shard, the SPRT and the steps none. */
#define DEFAULT_INT(field, def) s->field = (def);
#define DEFAULT_SEED(field, def) s->field = (def);
#define DEFAULT_WORD(field, def) s->field = (def);
#define DEFAULT_FLAG(field, def) s->field = (def);
#define DEFAULT_SANDBOX(field, def) s->field = (def);
#define DEFAULT_NAME(field, def)
#define DEFAULT_FILE(field, def)
#define DEFAULT_DIR(field, def)
#define DEFAULT_SHARD(field, def)
#define DEFAULT_SPRT(field, def)
#define DEFAULT_STEPS(field, def)

void arena_settings_init(arena_settings *s)
{
    memset(s, 0, sizeof *s);
    /* the defaults are the settings table's */
#define ARENA_SETTING_XX(ID, field, key, option, letter, word, type, words, min, max, def, ...) \
    DEFAULT_##type(field, def)
    ARENA_SETTING_MAP(ARENA_SETTING_XX)
#undef ARENA_SETTING_XX
}

void arena_settings_clear(arena_settings *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->bot_count; i++) {
        free(s->bots[i].name);
        free(s->bots[i].command);
        free(s->bots[i].cwd);
        free(s->bots[i].snapshot);
    }
    free(s->gauntlet_bot);
    free(s->out_dir);
    free(s->anchor);
    free(s->base_dir);
    free(s->source);
    free(s->openings_file);
    arena_openings_free(s->openings);
    arena_settings_init(s);
}

int arena_settings_copy(arena_settings *dst, const arena_settings *src)
{
    /* the values at once; then what src owns (strings, the table), copied */
    *dst = *src;
    dst->bot_count = 0;
    dst->gauntlet_bot = dst->out_dir = dst->anchor = dst->base_dir = dst->source = NULL;
    dst->openings_file = NULL;
    dst->openings = NULL;
    for (int i = 0; i < src->bot_count; i++) {
        if (arena_settings_add_bot(dst, src->bots[i].name, src->bots[i].command, src->bots[i].cwd,
                                   NULL, 0))
            goto oom;
        dst->bots[i].sandbox = src->bots[i].sandbox;
        dst->bots[i].no_snapshot = src->bots[i].no_snapshot;
        dst->bots[i].retired = src->bots[i].retired;
        if (arena_set_string(&dst->bots[i].snapshot, src->bots[i].snapshot))
            goto oom;
    }
    if ((src->openings && !(dst->openings = arena_openings_copy(src->openings))) ||
        arena_set_string(&dst->gauntlet_bot, src->gauntlet_bot) ||
        arena_set_string(&dst->openings_file, src->openings_file) ||
        arena_set_string(&dst->out_dir, src->out_dir) ||
        arena_set_string(&dst->anchor, src->anchor) ||
        arena_set_string(&dst->base_dir, src->base_dir) ||
        arena_set_string(&dst->source, src->source))
        goto oom;
    return 0;
oom:
    arena_settings_clear(dst);
    return ARENA_E_NOMEM;
}

/* 1 when bot a and b are one bot of one league: the same name, command
 * and working directory. */
static int same_bot(const arena_bot *a, const arena_bot *b)
{
    return strcmp(a->name, b->name) == 0 && strcmp(a->command, b->command) == 0 &&
           ((!a->cwd && !b->cwd) || (a->cwd && b->cwd && strcmp(a->cwd, b->cwd) == 0));
}

/* Now's bots that are old's take what the league keeps of them (their
 * snapshot, retirement); old's bots after now's last (added to the league
 * since the file that asks for it was written) are appended to now.
 * Returns 0 or ARENA_E_NOMEM. */
static int adopt_bots(const arena_settings *old, arena_settings *now)
{
    int n = now->bot_count < old->bot_count ? now->bot_count : old->bot_count;
    for (int i = 0; i < n; i++) {
        if (!same_bot(&old->bots[i], &now->bots[i]))
            return 0; /* another league: compare says how */
        arena_bot *b = &now->bots[i];
        b->no_snapshot = old->bots[i].no_snapshot;
        b->retired = old->bots[i].retired;
        if (arena_set_string(&b->snapshot, old->bots[i].snapshot))
            return ARENA_E_NOMEM;
    }
    for (int i = n; i < old->bot_count; i++) {
        const arena_bot *o = &old->bots[i];
        if (arena_settings_add_bot(now, o->name, o->command, o->cwd, NULL, 0) ||
            arena_set_string(&now->bots[i].snapshot, o->snapshot))
            return ARENA_E_NOMEM;
        now->bots[i].sandbox = o->sandbox;
        now->bots[i].no_snapshot = o->no_snapshot;
        now->bots[i].retired = o->retired;
    }
    return 0;
}

int arena_settings_adopt(const arena_settings *old, arena_settings *now, char *err, size_t errsz)
{
    now->step_count = 0;
    if (old->step_count > ARENA_MAX_STEPS)
        return 0;
    if (now->games < old->games) /* the league only grows: fewer asked is what it has */
        now->games = old->games;
    if (adopt_bots(old, now))
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    for (int i = 0; i < old->bot_count; i++)
        if (strcmp(old->bots[i].name, now->bots[i].name) != 0)
            return 0;
    if (now->bot_count > old->bot_count && !now->extend)
        return 0;
    memcpy(now->steps, old->steps, sizeof *old->steps * (size_t)old->step_count);
    now->step_count = old->step_count;
    int adds = now->bot_count > old->bot_count;
    /* Raising games extends the last block only when that block is the
     * new rounds of every pairing: a league that never changed, or whose
     * last change raised games. Otherwise the old shape becomes a step. */
    int last_added = old->step_count > 0 && old->bot_count > old->steps[old->step_count - 1].bots;
    int raises = now->games > old->games;
    if (adds || (raises && last_added)) {
        if (old->step_count >= ARENA_MAX_STEPS)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "the league has changed shape %d times, the most it records",
                             ARENA_MAX_STEPS);
        now->steps[now->step_count].bots = old->bot_count;
        now->steps[now->step_count].games = old->games;
        now->step_count++;
    }
    return 0;
}

const char *arena_bot_run_command(const arena_bot *b)
{
    return b->snapshot ? b->snapshot : b->command;
}

int arena_bot_sandbox(const arena_settings *s, int bot)
{
    return s->bots[bot].sandbox >= 0 ? s->bots[bot].sandbox : s->sandbox;
}

int arena_sprt_tested_bot(const arena_settings *s)
{
    return s->format == ARENA_FORMAT_GAUNTLET ? arena_settings_gauntlet_index(s) : 0;
}

int arena_settings_add_bot(arena_settings *s, const char *name, const char *command,
                           const char *cwd, char *err, size_t errsz)
{
    if (s->bot_count >= ARENA_MAX_BOTS)
        return util_fail(ARENA_E_CONFIG, err, errsz, "too many bots (at most %d)", ARENA_MAX_BOTS);
    arena_bot *b = &s->bots[s->bot_count];
    memset(b, 0, sizeof *b);
    if (arena_set_string(&b->name, name) || arena_set_string(&b->command, command) ||
        arena_set_string(&b->cwd, cwd)) {
        free(b->name);
        free(b->command);
        free(b->cwd);
        memset(b, 0, sizeof *b);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    b->sandbox = -1; /* the league's */
    s->bot_count++;
    return 0;
}

int arena_settings_add_bot_arg(arena_settings *s, const char *arg, char *err, size_t errsz)
{
    const char *eq = strchr(arg, '=');
    if (!eq)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--bot '%s': expected NAME=COMMAND (e.g. --bot ab=./build/bin/loa-ab)",
                         arg);
    size_t n = (size_t)(eq - arg);
    if (n == 0)
        return util_fail(ARENA_E_CONFIG, err, errsz, "--bot '%s': the bot name is empty", arg);
    const char *cmd = eq + 1;
    while (*cmd == ' ' || *cmd == '\t')
        cmd++;
    if (!*cmd)
        return util_fail(ARENA_E_CONFIG, err, errsz, "--bot '%.*s': missing bot command after '='",
                         (int)(n > 64 ? 64 : n), arg);
    char *name = strndup(arg, n);
    if (!name)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    int rc = arena_settings_add_bot(s, name, eq + 1, NULL, err, errsz);
    free(name);
    return rc;
}

int arena_settings_find_bot(const arena_settings *s, const char *name)
{
    for (int i = 0; name && i < s->bot_count; i++)
        if (s->bots[i].name && strcmp(s->bots[i].name, name) == 0)
            return i;
    return -1;
}

int arena_settings_gauntlet_index(const arena_settings *s)
{
    int i = s->gauntlet_bot ? arena_settings_find_bot(s, s->gauntlet_bot) : 0;
    return i < 0 ? 0 : i;
}

int arena_settings_openings(const arena_settings *s, arena_openings **out, char *err, size_t errsz)
{
    *out = NULL;
    int rc = 0;
    if (s->openings_file) {
        rc = arena_openings_load(s->openings_file, out, err, errsz);
        if (rc == 0 && s->openings_random)
            rc = arena_openings_shuffle(*out, s->seed);
        for (int i = 0; rc == 0 && i < arena_openings_count(*out); i++) {
            const loa_move *m;
            int n = arena_openings_get(*out, i, &m);
            if (n >= s->limits.max_plies)
                rc = util_fail(ARENA_E_CONFIG, err, errsz,
                               "%s: opening %d has %d plies, not fewer than the ply limit %d",
                               s->openings_file, i + 1, n, s->limits.max_plies);
        }
    } else if (s->random_plies > 0) {
        rc = arena_openings_random(s->seed, s->games / 2 > 0 ? s->games / 2 : 1, s->random_plies,
                                   out, err, errsz);
    }
    if (rc) {
        arena_openings_free(*out);
        *out = NULL;
    }
    return rc;
}

int arena_settings_openings_wrap(const arena_settings *s, int *count, int *pairs)
{
    *count = arena_openings_count(s->openings);
    *pairs = s->games / 2;
    return s->openings_file && *count > 0 && *pairs > *count;
}
