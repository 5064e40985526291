/* arena_settings.c - the settings model: defaults, bots, validation, and the
 * league's identity (league.json) with its comparison on resume. */
#include "arena_settings.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "arena_error.h"
#include "arena_openings.h"
#include "arena_schedule.h"
#include "ref/referee.h"
#include "util/parse.h"
#include "util/text.h"

void arena_settings_init(arena_settings *s)
{
    memset(s, 0, sizeof *s);
    s->format = ARENA_FORMAT_ROUND_ROBIN;
    s->games = 2;
    s->concurrency = 0;
    s->seed = 1;
    s->turn_ms = 150;
    s->first_turn_ms = 1000;
    s->max_plies = 150;
}

void arena_settings_clear(arena_settings *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->bot_count; i++) {
        free(s->bots[i].name);
        free(s->bots[i].command);
        free(s->bots[i].cwd);
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
    arena_settings_init(dst);
    int rc = 0;
    for (int i = 0; i < src->bot_count; i++)
        if (arena_settings_add_bot(dst, src->bots[i].name, src->bots[i].command,
                                   src->bots[i].cwd, NULL, 0))
            goto oom;
    dst->format = src->format;
    dst->games = src->games;
    dst->concurrency = src->concurrency;
    dst->seed = src->seed;
    dst->turn_ms = src->turn_ms;
    dst->first_turn_ms = src->first_turn_ms;
    dst->max_plies = src->max_plies;
    dst->time_mode = src->time_mode;
    dst->wall_cap_ms = src->wall_cap_ms;
    dst->time_margin_ms = src->time_margin_ms;
    dst->cpu_method = src->cpu_method;
    dst->pages = src->pages;
    dst->affinity = src->affinity;
    dst->openings_random = src->openings_random;
    dst->random_plies = src->random_plies;
    dst->games_given = src->games_given;
    dst->sprt = src->sprt;
    dst->sprt_params = src->sprt_params;
    dst->rating_interval = src->rating_interval;
    dst->shard_index = src->shard_index;
    dst->shard_count = src->shard_count;
    dst->sandbox = src->sandbox;
    for (int i = 0; i < src->bot_count; i++)
        dst->bots[i].sandbox = src->bots[i].sandbox;
    memcpy(dst->steps, src->steps, sizeof dst->steps);
    dst->step_count = src->step_count;
    dst->extend = src->extend;
    if (src->openings && !(dst->openings = arena_openings_copy(src->openings)))
        goto oom;
    if (arena_set_string(&dst->gauntlet_bot, src->gauntlet_bot) ||
        arena_set_string(&dst->openings_file, src->openings_file) ||
        arena_set_string(&dst->out_dir, src->out_dir) ||
        arena_set_string(&dst->anchor, src->anchor) ||
        arena_set_string(&dst->base_dir, src->base_dir) ||
        arena_set_string(&dst->source, src->source))
        goto oom;
    return rc;
oom:
    arena_settings_clear(dst);
    return ARENA_E_NOMEM;
}

int arena_settings_adopt(const arena_settings *old, arena_settings *now, char *err,
                         size_t errsz)
{
    now->step_count = 0;
    if (now->bot_count < old->bot_count || now->games < old->games ||
        old->step_count > ARENA_MAX_STEPS)
        return 0;
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

int arena_shard_parse(const char *text, int *index, int *count)
{
    const char *slash = strchr(text, '/');
    char k[32];
    int64_t a, b;
    if (!slash || (size_t)(slash - text) >= sizeof k)
        return ARENA_E_CONFIG;
    memcpy(k, text, (size_t)(slash - text));
    k[slash - text] = '\0';
    if (util_parse_i64(k, 0, 999999, &a) || util_parse_i64(slash + 1, 1, 1000000, &b) || a >= b)
        return ARENA_E_CONFIG;
    *index = (int)a;
    *count = (int)b;
    return 0;
}

int arena_set_string(char **dst, const char *src)
{
    char *copy = NULL;
    if (src) {
        copy = strdup(src);
        if (!copy)
            return ARENA_E_NOMEM;
    }
    free(*dst);
    *dst = copy;
    return 0;
}

/* A finite decimal number, all of text. */
static int parse_double(const char *text, double *out)
{
    char *end = NULL;
    if (!*text || strchr(" \t", *text))
        return -1;
    double v = strtod(text, &end);
    if (*end || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

int arena_sprt_spec_parse(const char *text, arena_sprt_params *p, char *err, size_t errsz)
{
    static const char *const keys[] = {"elo0", "elo1", "alpha", "beta", "model"};
    int seen[5] = {0};
    arena_sprt_params q = {ARENA_SPRT_NORMALIZED, 0, 0, 0.05, 0.05};
    const char *w = text;
    while (*w) {
        size_t n = strcspn(w, " \t,");
        if (n == 0) {
            w++;
            continue;
        }
        char word[128];
        if (n >= sizeof word)
            return util_fail(ARENA_E_CONFIG, err, errsz, "'%.40s...' is too long", w);
        memcpy(word, w, n);
        word[n] = '\0';
        w += n;
        char *eq = strchr(word, '=');
        if (!eq)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "'%s' is not KEY=VALUE (expected elo0=, elo1=, alpha=, beta=, "
                             "model=)", word);
        *eq = '\0';
        const char *val = eq + 1;
        int k = 0;
        while (k < 5 && strcmp(word, keys[k]) != 0)
            k++;
        if (k == 5)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "unknown parameter '%s' (expected elo0, elo1, alpha, beta, "
                             "model)", word);
        if (seen[k]++)
            return util_fail(ARENA_E_CONFIG, err, errsz, "'%s' is given twice", word);
        double v = 0;
        if (k == 4) {
            if (arena_sprt_model_parse(val, &q.model))
                return util_fail(ARENA_E_CONFIG, err, errsz,
                                 "model '%s' is not normalized or logistic", val);
        } else if (parse_double(val, &v)) {
            return util_fail(ARENA_E_CONFIG, err, errsz, "%s='%s' is not a number", word,
                             val);
        } else {
            double *dst[4] = {&q.elo0, &q.elo1, &q.alpha, &q.beta};
            *dst[k] = v;
        }
    }
    if (!seen[0] || !seen[1])
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "elo0 and elo1 are required (e.g. elo0=0 elo1=10 alpha=0.05 "
                         "beta=0.05)");
    if (arena_sprt_check(&q, err, errsz))
        return ARENA_E_CONFIG;
    *p = q;
    return 0;
}

int arena_bot_sandbox(const arena_settings *s, int bot)
{
    return s->bots[bot].sandbox >= 0 ? s->bots[bot].sandbox : s->sandbox;
}

int arena_sprt_tested_bot(const arena_settings *s)
{
    return s->format == ARENA_FORMAT_GAUNTLET ? arena_settings_gauntlet_index(s) : 0;
}

int arena_openings_order_parse(const char *text, int *out)
{
    if (text && (strcmp(text, "file") == 0 || strcmp(text, "random") == 0)) {
        *out = text[0] == 'r';
        return 0;
    }
    return ARENA_E_CONFIG;
}

int arena_format_parse(const char *text, arena_format *out)
{
    if (text && (strcmp(text, "round-robin") == 0 || strcmp(text, "roundrobin") == 0 ||
                 strcmp(text, "round_robin") == 0)) {
        *out = ARENA_FORMAT_ROUND_ROBIN;
        return 0;
    }
    if (text && strcmp(text, "gauntlet") == 0) {
        *out = ARENA_FORMAT_GAUNTLET;
        return 0;
    }
    return ARENA_E_CONFIG;
}

const char *arena_format_name(arena_format f)
{
    return f == ARENA_FORMAT_GAUNTLET ? "gauntlet" : "round-robin";
}

static const char *const pages_names[] = {"faults", "all", "none"};

const char *arena_pages_name(arena_pages p)
{
    return (unsigned)p < 3 ? pages_names[p] : "faults";
}

int arena_pages_from_name(const char *s, arena_pages *out)
{
    for (int i = 0; s && i < 3; i++)
        if (strcmp(s, pages_names[i]) == 0) {
            *out = (arena_pages)i;
            return 0;
        }
    return ARENA_E_INVAL;
}

int arena_pages_wants(arena_pages p, ref_reason reason)
{
    return p == ARENA_PAGES_ALL || (p == ARENA_PAGES_FAULTS && ref_reason_is_fault(reason));
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
/* ---- validation ---- */

static int name_problem(const char *name)
{
    size_t n = strlen(name);
    if (n == 0)
        return 1;
    if (n > ARENA_NAME_MAX)
        return 2;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c < 0x20 || c == 0x7f)
            return 3;
    }
    if (name[0] == ' ' || name[n - 1] == ' ')
        return 4;
    return 0;
}

int arena_settings_validate(const arena_settings *s, char *err, size_t errsz)
{
    if (s->bot_count < 2)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "a league needs at least two bots (%d given): add --bot NAME=COMMAND or "
                         "entries in \"bots\"", s->bot_count);
    for (int i = 0; i < s->bot_count; i++) {
        const arena_bot *b = &s->bots[i];
        switch (name_problem(b->name)) {
        case 1: return util_fail(ARENA_E_CONFIG, err, errsz, "bot %d: the name is empty", i + 1);
        case 2:
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "bot name '%.40s...' is longer than %d bytes", b->name,
                             ARENA_NAME_MAX);
        case 3:
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "bot %d: the name holds a control character", i + 1);
        case 4:
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "bot name '%s' starts or ends with a space", b->name);
        default: break;
        }
        if (!b->command || strspn(b->command, " \t") == strlen(b->command))
            return util_fail(ARENA_E_CONFIG, err, errsz, "bot '%s': missing bot command", b->name);
        if (strlen(b->command) > ARENA_COMMAND_MAX)
            return util_fail(ARENA_E_CONFIG, err, errsz, "bot '%s': command longer than %d bytes",
                             b->name, ARENA_COMMAND_MAX);
        for (int j = 0; j < i; j++)
            if (strcmp(s->bots[j].name, b->name) == 0)
                return util_fail(ARENA_E_CONFIG, err, errsz,
                                 "duplicate bot name '%s' (bots %d and %d): names must be unique",
                                 b->name, j + 1, i + 1);
    }
    if (s->games < 2 || s->games > 1000000 || s->games % 2)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "games per pairing must be even and in 2..1000000 (%d given): games are "
                         "played in colour-swapped pairs", s->games);
    int64_t pairings = s->format == ARENA_FORMAT_GAUNTLET
                           ? s->bot_count - 1
                           : (int64_t)s->bot_count * (s->bot_count - 1) / 2;
    if (pairings * s->games > ARENA_MAX_GAMES)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%lld games (%lld pairings x %d) is more than the %d a league may hold",
                         (long long)(pairings * s->games), (long long)pairings, s->games,
                         ARENA_MAX_GAMES);
    for (int j = 0; j < s->step_count; j++) {
        const arena_league_step *a = &s->steps[j];
        int nb = j + 1 < s->step_count ? s->steps[j + 1].bots : s->bot_count;
        int ng = j + 1 < s->step_count ? s->steps[j + 1].games : s->games;
        if (a->bots < 2 || a->games < 2 || a->games % 2 || nb < a->bots || ng < a->games ||
            (nb == a->bots && ng == a->games))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "league step %d (%d bots, %d games) is not an earlier shape of the "
                             "league", j + 1, a->bots, a->games);
    }
    if (s->step_count > 0 && s->format == ARENA_FORMAT_GAUNTLET &&
        arena_settings_gauntlet_index(s) >= s->steps[0].bots)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "the gauntlet bot must be one of the league's first bots");
    if (s->concurrency < 0 || s->concurrency > 256)
        return util_fail(ARENA_E_CONFIG, err, errsz, "concurrency must be in 1..256 (%d given)",
                         s->concurrency);
    if (s->turn_ms < 1 || s->turn_ms > 3600000)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "turn limit must be in 1..3600000 ms (%d given)", s->turn_ms);
    if (s->first_turn_ms < 1 || s->first_turn_ms > 3600000)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "first-turn limit must be in 1..3600000 ms (%d given)", s->first_turn_ms);
    if (s->max_plies < 1 || s->max_plies > 100000)
        return util_fail(ARENA_E_CONFIG, err, errsz, "max plies must be in 1..100000 (%d given)",
                         s->max_plies);
    if (s->wall_cap_ms < 0 || s->wall_cap_ms > 3600000 || s->time_margin_ms < 0 ||
        s->time_margin_ms > 3600000)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "wall cap and time margin must be in 0..3600000 ms (%d, %d given)",
                         s->wall_cap_ms, s->time_margin_ms);
    if (s->time_mode != REF_TIME_CPU && (s->wall_cap_ms || s->cpu_method != REF_CPU_AUTO))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s applies to the cpu time mode only (time mode %s)",
                         s->wall_cap_ms ? "a wall cap" : "a CPU method",
                         ref_time_mode_name(s->time_mode));
    if (s->time_mode == REF_TIME_CPU && s->cpu_method == REF_CPU_CGROUP) {
        char why[256];
        if (ref_cpu_method_probe(why, sizeof why) != REF_CPU_CGROUP)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "CPU method cgroup: unavailable here: %s (use auto or proc)", why);
    }
    if (s->gauntlet_bot && arena_settings_find_bot(s, s->gauntlet_bot) < 0)
        return util_fail(ARENA_E_CONFIG, err, errsz, "gauntlet bot '%s' is not one of the bots",
                         s->gauntlet_bot);
    if (s->anchor && arena_settings_find_bot(s, s->anchor) < 0)
        return util_fail(ARENA_E_CONFIG, err, errsz, "anchor '%s' is not one of the bots",
                         s->anchor);
    if (s->openings_file && s->random_plies)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "openings come from a file (--openings) or from random plies "
                         "(--random-plies), not both");
    if (s->random_plies < 0 || s->random_plies > REF_OPENING_MAX ||
        (s->random_plies && s->random_plies >= s->max_plies))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "random plies must be in 1..%d and fewer than the ply limit %d (%d "
                         "given)", REF_OPENING_MAX, s->max_plies, s->random_plies);
    if (s->openings_random && !s->openings_file)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "a random openings order needs an openings file (--openings FILE)");
    if (s->sprt) {
        if (s->bot_count != 2)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "an SPRT tests one bot against one other: %d bots given (a "
                             "round-robin or gauntlet of exactly 2)", s->bot_count);
        char why[256];
        if (arena_sprt_check(&s->sprt_params, why, sizeof why))
            return util_fail(ARENA_E_CONFIG, err, errsz, "SPRT: %s", why);
    }
    if (s->shard_count < 0 || s->shard_count > 1000000 ||
        (s->shard_count > 0 && (s->shard_index < 0 || s->shard_index >= s->shard_count)))
        return util_fail(ARENA_E_CONFIG, err, errsz, "shard %d/%d: it must be K/N with 0 <= K < N",
                         s->shard_index, s->shard_count);
    if (s->sprt && s->shard_count > 1 && !s->games_given)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "an SPRT league in shards needs a game count (--games N): a shard "
                         "cannot stop on the whole match's evidence");
    int sandboxed = s->sandbox != 0;
    for (int i = 0; i < s->bot_count; i++)
        sandboxed |= s->bots[i].sandbox > 0;
    char why[256];
    if (sandboxed && ref_sandbox_check(why, sizeof why))
        return util_fail(ARENA_E_CONFIG, err, errsz, "sandbox: %s", why);
    if (s->rating_interval < 0 || s->rating_interval > ARENA_MAX_GAMES)
        return util_fail(ARENA_E_CONFIG, err, errsz, "rating interval must be in 0..%d (%d given)",
                         ARENA_MAX_GAMES, s->rating_interval);
    if (!s->out_dir || !*s->out_dir)
        return util_fail(ARENA_E_CONFIG, err, errsz, "no output directory (--out DIR)");
    return 0;
}

/* ---- identity ---- */

cJSON *arena_settings_to_json(const arena_settings *s)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *bots = cJSON_AddArrayToObject(root, "bots");
    if (!bots)
        goto oom;
    for (int i = 0; i < s->bot_count; i++) {
        cJSON *b = cJSON_CreateObject();
        if (!b || !cJSON_AddItemToArray(bots, b) ||
            !cJSON_AddStringToObject(b, "name", s->bots[i].name) ||
            !cJSON_AddStringToObject(b, "command", s->bots[i].command) ||
            (s->bots[i].cwd && !cJSON_AddStringToObject(b, "cwd", s->bots[i].cwd)))
            goto oom;
    }
    char seed[32];
    snprintf(seed, sizeof seed, "%lld", (long long)s->seed);
    if (!cJSON_AddStringToObject(root, "format", arena_format_name(s->format)) ||
        (s->format == ARENA_FORMAT_GAUNTLET &&
         !cJSON_AddStringToObject(root, "gauntlet_bot",
                                  s->bots[arena_settings_gauntlet_index(s)].name)) ||
        !cJSON_AddNumberToObject(root, "games", s->games) ||
        !cJSON_AddStringToObject(root, "seed", seed) ||
        !cJSON_AddNumberToObject(root, "turn_ms", s->turn_ms) ||
        !cJSON_AddNumberToObject(root, "first_turn_ms", s->first_turn_ms) ||
        !cJSON_AddNumberToObject(root, "max_plies", s->max_plies) ||
        !cJSON_AddStringToObject(root, "time_mode", ref_time_mode_name(s->time_mode)) ||
        (s->wall_cap_ms && !cJSON_AddNumberToObject(root, "wall_cap_ms", s->wall_cap_ms)) ||
        (s->time_margin_ms &&
         !cJSON_AddNumberToObject(root, "time_margin_ms", s->time_margin_ms)) ||
        (s->anchor && !cJSON_AddStringToObject(root, "anchor", s->anchor)) ||
        (s->openings_file && !cJSON_AddStringToObject(root, "openings", s->openings_file)) ||
        (s->openings_file && !cJSON_AddStringToObject(root, "openings_order",
                                                      s->openings_random ? "random" : "file")) ||
        (s->random_plies && !cJSON_AddNumberToObject(root, "random_plies", s->random_plies)))
        goto oom;
    if (s->step_count > 0) {
        cJSON *st = cJSON_AddArrayToObject(root, "steps");
        for (int j = 0; st && j < s->step_count; j++) {
            int pair[2] = {s->steps[j].bots, s->steps[j].games};
            cJSON *e = cJSON_CreateIntArray(pair, 2);
            if (!e || !cJSON_AddItemToArray(st, e)) {
                cJSON_Delete(e);
                st = NULL;
            }
        }
        if (!st)
            goto oom;
    }
    if (s->shard_count > 1) {
        cJSON *sh = cJSON_AddObjectToObject(root, "shard");
        if (!sh || !cJSON_AddNumberToObject(sh, "index", s->shard_index) ||
            !cJSON_AddNumberToObject(sh, "count", s->shard_count))
            goto oom;
    }
    if (s->sprt) {
        cJSON *sp = cJSON_AddObjectToObject(root, "sprt");
        if (!sp || !cJSON_AddNumberToObject(sp, "elo0", s->sprt_params.elo0) ||
            !cJSON_AddNumberToObject(sp, "elo1", s->sprt_params.elo1) ||
            !cJSON_AddNumberToObject(sp, "alpha", s->sprt_params.alpha) ||
            !cJSON_AddNumberToObject(sp, "beta", s->sprt_params.beta) ||
            !cJSON_AddStringToObject(sp, "model", arena_sprt_model_name(s->sprt_params.model)))
            goto oom;
    }
    return root;
oom:
    cJSON_Delete(root);
    return NULL;
}

char *arena_settings_default_out(const arena_settings *s)
{
    cJSON *j = arena_settings_to_json(s);
    if (!j)
        return NULL;
    cJSON_DeleteItemFromObjectCaseSensitive(j, "games");
    cJSON_DeleteItemFromObjectCaseSensitive(j, "anchor");
    char *text = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    if (!text)
        return NULL;
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    int ok = EVP_Digest(text, strlen(text), md, &len, EVP_sha256(), NULL) == 1 && len >= 6;
    cJSON_free(text);
    if (!ok)
        return NULL;
    size_t n = sizeof ARENA_DEFAULT_OUT_PARENT + 1 + 12;
    char *out = malloc(n);
    if (out)
        snprintf(out, n, "%s/%02x%02x%02x%02x%02x%02x", ARENA_DEFAULT_OUT_PARENT, md[0], md[1],
                 md[2], md[3], md[4], md[5]);
    return out;
}

static int str_eq(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* "none", "FILE (file order)" or "N random plies", for messages. */
static const char *describe_openings(const arena_settings *s, char *buf, size_t size)
{
    if (s->openings_file)
        snprintf(buf, size, "%s (%s order)", s->openings_file,
                 s->openings_random ? "random" : "file");
    else if (s->random_plies)
        snprintf(buf, size, "%d random plies", s->random_plies);
    else
        snprintf(buf, size, "none");
    return buf;
}

int arena_settings_compare(const arena_settings *old, const arena_settings *now, char *err,
                           size_t errsz)
{
    /* A league may gain bots (arena_settings_adopt): old's bots first,
     * and old's shape recorded as a step of now's. */
    int grown = now->bot_count > old->bot_count && now->step_count == old->step_count + 1 &&
                now->steps[old->step_count].bots == old->bot_count &&
                now->steps[old->step_count].games == old->games;
    if (old->bot_count != now->bot_count && !grown)
        return util_fail(ARENA_E_MISMATCH, err, errsz, "it has %d bots, this league %d%s",
                         old->bot_count, now->bot_count,
                         now->bot_count > old->bot_count ? " (--extend, or --add-bot, adds "
                                                          "bots to a league)" : "");
    if (now->step_count < old->step_count ||
        memcmp(now->steps, old->steps, sizeof *old->steps * (size_t)old->step_count) != 0)
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "its history of added bots differs from this league's");
    for (int i = 0; i < old->bot_count; i++) {
        const arena_bot *a = &old->bots[i], *b = &now->bots[i];
        if (!str_eq(a->name, b->name))
            return util_fail(ARENA_E_MISMATCH, err, errsz, "its bot %d is '%s', here '%s'", i + 1,
                             a->name, b->name);
        if (!str_eq(a->command, b->command))
            return util_fail(ARENA_E_MISMATCH, err, errsz,
                             "bot '%s' had the command '%s', now '%s'", a->name, a->command,
                             b->command);
        if (!str_eq(a->cwd, b->cwd))
            return util_fail(ARENA_E_MISMATCH, err, errsz,
                             "bot '%s' had the working directory '%s', now '%s'", a->name,
                             a->cwd ? a->cwd : "(none)", b->cwd ? b->cwd : "(none)");
    }
    if (old->format != now->format)
        return util_fail(ARENA_E_MISMATCH, err, errsz, "its format is %s, now %s",
                         arena_format_name(old->format), arena_format_name(now->format));
    if (now->format == ARENA_FORMAT_GAUNTLET &&
        arena_settings_gauntlet_index(old) != arena_settings_gauntlet_index(now))
        return util_fail(ARENA_E_MISMATCH, err, errsz, "its gauntlet bot is '%s', now '%s'",
                         old->bots[arena_settings_gauntlet_index(old)].name,
                         now->bots[arena_settings_gauntlet_index(now)].name);
    if (old->seed != now->seed)
        return util_fail(ARENA_E_MISMATCH, err, errsz, "its seed is %lld, now %lld",
                         (long long)old->seed, (long long)now->seed);
    if (old->turn_ms != now->turn_ms || old->first_turn_ms != now->first_turn_ms)
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "its time limits are %d/%d ms (first turn/turn), now %d/%d ms",
                         old->first_turn_ms, old->turn_ms, now->first_turn_ms, now->turn_ms);
    if (old->max_plies != now->max_plies)
        return util_fail(ARENA_E_MISMATCH, err, errsz, "its ply limit is %d, now %d",
                         old->max_plies, now->max_plies);
    if (old->time_mode != now->time_mode || old->wall_cap_ms != now->wall_cap_ms ||
        old->time_margin_ms != now->time_margin_ms)
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "its timing is %s time, wall cap %d ms, margin %d ms; now %s time, "
                         "wall cap %d ms, margin %d ms (0: none or the default)",
                         ref_time_mode_name(old->time_mode), old->wall_cap_ms,
                         old->time_margin_ms, ref_time_mode_name(now->time_mode),
                         now->wall_cap_ms, now->time_margin_ms);
    if (!str_eq(old->openings_file, now->openings_file) ||
        old->openings_random != now->openings_random || old->random_plies != now->random_plies) {
        char a[600], b[600];
        return util_fail(ARENA_E_MISMATCH, err, errsz, "its openings are %s, now %s",
                         describe_openings(old, a, sizeof a), describe_openings(now, b, sizeof b));
    }
    /* shard 0/1 and no shard are the whole league */
    int old_n = old->shard_count > 1 ? old->shard_count : 1;
    int now_n = now->shard_count > 1 ? now->shard_count : 1;
    int old_k = old_n > 1 ? old->shard_index : 0, now_k = now_n > 1 ? now->shard_index : 0;
    if (old_k != now_k || old_n != now_n)
        return util_fail(ARENA_E_MISMATCH, err, errsz, "it holds shard %d/%d, now %d/%d", old_k,
                         old_n, now_k, now_n);
    const arena_sprt_params *a = &old->sprt_params, *b = &now->sprt_params;
    if (old->sprt != now->sprt ||
        (now->sprt && (a->model != b->model || a->elo0 != b->elo0 || a->elo1 != b->elo1 ||
                       a->alpha != b->alpha || a->beta != b->beta))) {
        char x[160] = "none", y[160] = "none";
        if (old->sprt)
            snprintf(x, sizeof x, "elo0=%g elo1=%g alpha=%g beta=%g model=%s", a->elo0, a->elo1,
                     a->alpha, a->beta, arena_sprt_model_name(a->model));
        if (now->sprt)
            snprintf(y, sizeof y, "elo0=%g elo1=%g alpha=%g beta=%g model=%s", b->elo0, b->elo1,
                     b->alpha, b->beta, arena_sprt_model_name(b->model));
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "its SPRT is %s, now %s; changing a test's parameters midway voids its "
                         "error rates", x, y);
    }
    if (now->games < old->games)
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "it plays %d games per pairing, now %d, and a league can only grow",
                         old->games, now->games);
    return 0;
}
