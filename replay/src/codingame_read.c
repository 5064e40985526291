/*
 * codingame_read.c - the two JSON shapes of a game recorded by CodinGame
 * (codingame.h) read into one list of frames, type-checked, nothing
 * trusted yet: codingame_import.c replays them.
 *
 * What each shape holds is described in docs/replay.md ("Games from
 * CodinGame"), with the parts of the site's shape that are inferred from
 * public code rather than seen in a Lines of Action file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codingame.h"
#include "replay/replay.h"
#include "util/parse.h"
#include "util/text.h"

/* The site keeps the first 1024 or 4096 characters of a long stderr and
 * appends "..." (seen in a downloaded replay of another game: 1027 and 4099
 * characters). A stderr ending in "..." that long is marked as cut; a
 * shorter one is taken as the bot's own text. */
#define CG_STDERR_CUT_MIN 1024

static const cJSON *get(const cJSON *o, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(o, key);
}

/* The object of a site's replay that holds its frames, by content: the
 * replay itself (services/gameResult/findByGameId, bare; and the files of
 * tools that save it, mrsombre/codingame-arena's among them), or inside
 * "success" (the older gameResultRemoteService/findByGameId) or
 * "gameResult" (services/gameResult/findInformationById), or both. NULL
 * when none. */
static const cJSON *site_game(const cJSON *root)
{
    for (int depth = 0; cJSON_IsObject(root) && depth < 3; depth++) {
        if (cJSON_IsArray(get(root, "frames")))
            return root;
        const cJSON *s = get(root, "success"), *g = get(root, "gameResult");
        root = cJSON_IsObject(g) ? g : s;
    }
    return NULL;
}

cg_kind cg_detect(const cJSON *root)
{
    if (!cJSON_IsObject(root) || get(root, "format"))
        return CG_NONE;
    if (cJSON_IsObject(get(root, "outputs")) && cJSON_IsArray(get(root, "summaries")))
        return CG_ENGINE;
    return site_game(root) ? CG_SITE : CG_NONE;
}

const char *cg_kind_name(cg_kind k)
{
    return k == CG_ENGINE ? "codingame-engine" : k == CG_SITE ? "codingame-site" : "none";
}

void cg_file_free(cg_file *f)
{
    if (f) {
        free(f->frames);
        f->frames = NULL;
    }
}

/* An integral JSON number within lo..hi into *out; 0, or -1. */
static int int_of(const cJSON *v, long long lo, long long hi, long long *out)
{
    int64_t x;
    if (!cJSON_IsNumber(v) || util_double_to_i64(v->valuedouble, lo, hi, &x) != 0)
        return -1;
    *out = x;
    return 0;
}

/* A string or null (NULL) entry of a per-frame list. */
static int str_or_null(const cJSON *v, const char **out)
{
    if (cJSON_IsNull(v)) {
        *out = NULL;
        return 0;
    }
    if (!cJSON_IsString(v) || !v->valuestring)
        return -1;
    *out = v->valuestring;
    return 0;
}

/* The seed among the game parameters "key=value" lines of text (the last
 * seed= line wins, as in java.util.Properties). *found is set to 1. */
static int seed_from_lines(const char *text, const char *where, int64_t *seed, int *found,
                           char *err, size_t errsz)
{
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (n >= 5 && memcmp(p, "seed=", 5) == 0) {
            char v[32];
            size_t vl = n - 5;
            if (vl > 0 && p[5 + vl - 1] == '\r')
                vl--;
            if (vl >= sizeof v)
                vl = sizeof v - 1; /* too long for an int64: refused below */
            memcpy(v, p + 5, vl);
            v[vl] = '\0';
            if (util_parse_i64(v, INT64_MIN, INT64_MAX, seed) != 0)
                return util_fail(REPLAY_E_FIELD, err, errsz,
                                 "%s: 'seed=%.40s' is not a seed (a 64-bit integer)", where, v);
            *found = 1;
        }
        p += n + (nl != NULL);
    }
    return 0;
}

/* The seed among the game's parameters under key: the engine's "uinput"
 * (a list of lines), the site's "refereeInput" (one string); either form is
 * read under either key. */
static int read_seed(const cJSON *root, const char *key, const char *src, cg_file *f, char *err,
                     size_t errsz)
{
    const cJSON *v = get(root, key), *line;
    int found = 0, rc = 0;
    if (cJSON_IsString(v)) {
        rc = seed_from_lines(v->valuestring, src, &f->seed, &found, err, errsz);
    } else if (cJSON_IsArray(v)) {
        cJSON_ArrayForEach(line, v)
        {
            if (!cJSON_IsString(line))
                return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"%s\" must list strings", src,
                                 key);
            if ((rc = seed_from_lines(line->valuestring, src, &f->seed, &found, err, errsz)) != 0)
                return rc;
        }
    } else {
        return util_fail(REPLAY_E_FIELD, err, errsz,
                         "%s: \"%s\" must hold the game's parameters (seed=N)", src, key);
    }
    if (rc == 0 && !found)
        rc = util_fail(REPLAY_E_FIELD, err, errsz,
                       "%s: \"%s\" has no seed=N: `random` answers cannot be replayed", src, key);
    return rc;
}

/* A seed given alone, as mrsombre/codingame-arena saves it (the site's
 * "refereeInput" deleted, its seed moved to a top-level "seed"): a string
 * of a 64-bit integer, or a number within 2^53 (beyond, a double is not the
 * seed). */
static int read_bare_seed(const cJSON *v, const char *src, cg_file *f, char *err, size_t errsz)
{
    long long n;
    if (cJSON_IsString(v) && util_parse_i64(v->valuestring, INT64_MIN, INT64_MAX, &f->seed) == 0)
        return 0;
    if (int_of(v, -(INT64_C(1) << 53), INT64_C(1) << 53, &n) == 0) {
        f->seed = n;
        return 0;
    }
    return util_fail(REPLAY_E_FIELD, err, errsz,
                     "%s: \"seed\" must be a 64-bit integer (a string, or a number within 2^53)",
                     src);
}

/* Marks the site's cut stderr (see CG_STDERR_CUT_MIN). */
static int cut_by_site(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    return n >= CG_STDERR_CUT_MIN + 3 && memcmp(s + n - 3, "...", 3) == 0;
}

/* Display names from "agents": the engine's "name", the site's
 * codingamer.pseudo or arenaboss.nickname (a league boss); p1/p2 when the
 * file names nobody. */
static int read_names(const cJSON *root, const char *src, cg_file *f, char *err, size_t errsz)
{
    for (int i = 0; i < 2; i++) {
        snprintf(f->name_buf[i], sizeof f->name_buf[i], "p%d", i + 1);
        f->names[i] = f->name_buf[i];
    }
    const cJSON *agents = get(root, "agents"), *a;
    if (!agents || cJSON_IsNull(agents))
        return 0;
    if (!cJSON_IsArray(agents))
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"agents\" must be a list", src);
    int pos = 0;
    cJSON_ArrayForEach(a, agents)
    {
        long long idx = pos++;
        if (!cJSON_IsObject(a) || (get(a, "index") && int_of(get(a, "index"), 0, 1, &idx) != 0))
            return util_fail(REPLAY_E_FIELD, err, errsz,
                             "%s: agents[%d] must be an object with \"index\" 0 or 1", src,
                             pos - 1);
        if (idx > 1)
            continue;
        const cJSON *cg = get(a, "codingamer"), *boss = get(a, "arenaboss"), *n = get(a, "name");
        const cJSON *pseudo = cJSON_IsObject(cg) ? get(cg, "pseudo") : NULL;
        const cJSON *nick = cJSON_IsObject(boss) ? get(boss, "nickname") : NULL;
        const cJSON *name = cJSON_IsString(pseudo) ? pseudo : cJSON_IsString(nick) ? nick : n;
        size_t len = cJSON_IsString(name) ? strlen(name->valuestring) : 0;
        if (len > REPLAY_NAME_MAX)
            return util_fail(
                REPLAY_E_FIELD, err, errsz,
                "%s: agents[%d]: a name of %zu bytes, longer than the %d a name may have", src,
                pos - 1, len, REPLAY_NAME_MAX);
        if (len > 0)
            f->names[idx] = name->valuestring;
    }
    return 0;
}

/* GameRunner.getJSONResult(): lists of one entry per frame. */
static int read_engine(const cJSON *root, const char *src, cg_file *f, char *err, size_t errsz)
{
    const cJSON *fail = get(root, "failCause");
    if (fail && !cJSON_IsNull(fail))
        return util_fail(REPLAY_E_CONTRADICTS, err, errsz,
                         "%s: \"failCause\": the referee crashed, the game has no result", src);
    const cJSON *sum = get(root, "summaries"), *outs = get(root, "outputs"),
                *errs = get(root, "errors");
    int n = cJSON_GetArraySize(sum);
    if (n < 1 || n > REPLAY_PLIES_MAX + 1)
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"summaries\" must list 1 to %d frames",
                         src, REPLAY_PLIES_MAX + 1);
    const cJSON *lists[2][2];
    static const char *const key[2] = {"0", "1"};
    for (int w = 0; w < 2; w++)
        for (int k = 0; k < 2; k++) {
            lists[w][k] = cJSON_IsObject(w ? errs : outs) ? get(w ? errs : outs, key[k]) : NULL;
            if (!cJSON_IsArray(lists[w][k]) || cJSON_GetArraySize(lists[w][k]) != n)
                return util_fail(REPLAY_E_FIELD, err, errsz,
                                 "%s: %s[\"%s\"] must list one entry per frame, as \"summaries\" "
                                 "does (%d): a cut file?",
                                 src, w ? "errors" : "outputs", key[k], n);
        }
    if (!(f->frames = calloc((size_t)n, sizeof *f->frames)))
        return util_fail(REPLAY_E_NOMEM, err, errsz, "%s: out of memory", src);
    f->nframes = n;
    const cJSON *it[2][2] = {{lists[0][0]->child, lists[0][1]->child},
                             {lists[1][0]->child, lists[1][1]->child}};
    const cJSON *s = sum->child;
    for (int i = 0; i < n; i++, s = s->next) {
        cg_frame *fr = &f->frames[i];
        for (int k = 0; k < 2; k++) {
            if (str_or_null(it[0][k], &fr->out[k]) != 0 || str_or_null(it[1][k], &fr->err[k]) != 0)
                return util_fail(
                    REPLAY_E_FIELD, err, errsz,
                    "%s: frame %d: outputs[\"%s\"] and errors[\"%s\"] must be strings or null", src,
                    i, key[k], key[k]);
            it[0][k] = it[0][k]->next;
            it[1][k] = it[1][k]->next;
        }
        if (str_or_null(s, &fr->summary) != 0)
            return util_fail(REPLAY_E_FIELD, err, errsz,
                             "%s: frame %d: summaries[%d] must be a string or null", src, i, i);
    }
    int rc = read_seed(root, "uinput", src, f, err, errsz);
    if (rc != 0)
        return rc;
    const cJSON *sc = get(root, "scores");
    for (int k = 0; k < 2; k++)
        if (!cJSON_IsObject(sc) || int_of(get(sc, key[k]), -1000000, 1000000, &f->scores[k]) != 0)
            return util_fail(REPLAY_E_FIELD, err, errsz,
                             "%s: \"scores\" must be {\"0\": <integer>, \"1\": <integer>}", src);
    return read_names(root, src, f, err, errsz);
}

/* The site's replay: one object per frame in "frames". */
static int read_site(const cJSON *root, const char *src, cg_file *f, char *err, size_t errsz)
{
    const cJSON *frames = get(root, "frames"), *fo;
    int n = cJSON_GetArraySize(frames);
    if (n < 1 || n > REPLAY_PLIES_MAX + 1)
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"frames\" must list 1 to %d frames", src,
                         REPLAY_PLIES_MAX + 1);
    if (!(f->frames = calloc((size_t)n, sizeof *f->frames)))
        return util_fail(REPLAY_E_NOMEM, err, errsz, "%s: out of memory", src);
    f->nframes = n;
    int i = 0;
    cJSON_ArrayForEach(fo, frames)
    {
        cg_frame *fr = &f->frames[i];
        long long agent;
        const char *out = NULL, *er = NULL;
        if (!cJSON_IsObject(fo) || int_of(get(fo, "agentId"), -1, 1, &agent) != 0)
            return util_fail(REPLAY_E_FIELD, err, errsz,
                             "%s: frame %d must be an object with \"agentId\" -1, 0 or 1", src, i);
        /* absent and null alike: the site leaves empty fields out */
        const cJSON *so = get(fo, "stdout"), *se = get(fo, "stderr"), *su = get(fo, "summary");
        if ((so && str_or_null(so, &out) != 0) || (se && str_or_null(se, &er) != 0) ||
            (su && str_or_null(su, &fr->summary) != 0))
            return util_fail(REPLAY_E_FIELD, err, errsz,
                             "%s: frame %d: \"stdout\", \"stderr\" and \"summary\" must be strings",
                             src, i);
        /* A frame >= 1 of this referee is one bot's turn, ply i, black's when
         * i is odd: a frame without an agentId (a timeout, perhaps) is the
         * mover's. A wrong agentId is left for the replay to name. */
        if (agent < 0 && i > 0)
            agent = (i - 1) % 2;
        if (agent >= 0) {
            fr->out[agent] = out;
            fr->err[agent] = er;
            fr->err_cut[agent] = cut_by_site(er);
        } else if (out) {
            return util_fail(REPLAY_E_CONTRADICTS, err, errsz,
                             "%s: frame 0 holds an answer (\"stdout\"): the initial frame has none",
                             src);
        }
        i++;
    }
    int rc = get(root, "refereeInput") || !get(root, "seed")
                 ? read_seed(root, "refereeInput", src, f, err, errsz)
                 : read_bare_seed(get(root, "seed"), src, f, err, errsz);
    if (rc != 0)
        return rc;
    const cJSON *sc = get(root, "scores");
    if (!cJSON_IsArray(sc) || cJSON_GetArraySize(sc) != 2 ||
        int_of(cJSON_GetArrayItem(sc, 0), -1000000, 1000000, &f->scores[0]) != 0 ||
        int_of(cJSON_GetArrayItem(sc, 1), -1000000, 1000000, &f->scores[1]) != 0)
        return util_fail(REPLAY_E_FIELD, err, errsz, "%s: \"scores\" must be a list of 2 integers",
                         src);
    const cJSON *gid = get(root, "gameId");
    f->has_game_id = gid && int_of(gid, 0, INT64_C(1) << 53, &f->game_id) == 0;
    return read_names(root, src, f, err, errsz);
}

int cg_read(const cJSON *root, const char *source, cg_file *f, char *err, size_t errsz)
{
    memset(f, 0, sizeof *f);
    f->kind = cg_detect(root);
    int rc;
    if (f->kind == CG_ENGINE) {
        rc = read_engine(root, source, f, err, errsz);
    } else if (f->kind == CG_SITE) {
        rc = read_site(site_game(root), source, f, err, errsz);
    } else {
        rc = util_fail(REPLAY_E_FORMAT, err, errsz, "%s: not a CodinGame game", source);
    }
    if (rc != 0)
        cg_file_free(f);
    return rc;
}
