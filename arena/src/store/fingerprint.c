/* fingerprint.c - SHA-256 of the files a bot command names
 * (store/fingerprint.h). */
#include "store/fingerprint.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

#include <limits.h>

#include "core/error.h"
#include "league/command.h"
#include "league/command_words.h"

/* The path a word names relative to cwd (absolute words as they are). */
static void resolve(const char *cwd, const char *word, char *out, size_t outsz)
{
    if (word[0] == '/' || !cwd)
        snprintf(out, outsz, "%s", word);
    else
        snprintf(out, outsz, "%s/%s", cwd, word);
}

static int is_regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* PATH lookup of a program name without '/', as execvp does. */
static int path_lookup(const char *name, char *out, size_t outsz)
{
    const char *path = getenv("PATH");
    if (!out || !outsz)
        return 0;
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        const char *colon = strchr(path, ':');
        size_t len = colon ? (size_t)(colon - path) : strlen(path);
        snprintf(out, outsz, "%.*s/%s", (int)len, len ? path : ".", name);
        if (is_regular_file(out) && access(out, X_OK) == 0)
            return 1;
        path += len + (colon ? 1 : 0);
        if (!colon)
            break;
    }
    return 0;
}

int arena_fingerprint_sha256(const char *path, char hex[65], char *err, size_t errsz)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errsz, "cannot read %s: %s", path, strerror(errno));
        return ARENA_E_IO;
    }
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    if (!ctx || EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) != 1) {
        EVP_MD_CTX_free(ctx);
        close(fd);
        return ARENA_E_NOMEM;
    }
    static const char digits[] = "0123456789abcdef";
    unsigned char buf[65536], md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    int rc = 0;
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(err, errsz, "cannot read %s: %s", path, strerror(errno));
            rc = ARENA_E_IO;
            break;
        }
        if (r == 0)
            break;
        EVP_DigestUpdate(ctx, buf, (size_t)r);
    }
    if (rc == 0 && EVP_DigestFinal_ex(ctx, md, &mdlen) == 1) {
        for (unsigned int i = 0; i < mdlen && i < 32; i++) {
            hex[2 * i] = digits[md[i] >> 4];
            hex[2 * i + 1] = digits[md[i] & 15];
        }
        hex[64] = '\0';
    } else if (rc == 0) {
        rc = ARENA_E_NOMEM;
    }
    EVP_MD_CTX_free(ctx);
    close(fd);
    return rc;
}

/* Where the words of a command run: the bot's directory, then each
 * `cd DIR` the command makes (lost when it cannot be followed). */
typedef struct place {
    char dir[PATH_MAX];
    int lost;
} place;

/* A `cd DIR` word: the directory it goes to, when it is one. */
static void follow_cd(place *pl, const arena_word *w)
{
    char path[2 * PATH_MAX + 2];
    struct stat sb;
    resolve(pl->dir[0] ? pl->dir : NULL, w->text, path, sizeof path);
    if (w->expands || stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode) ||
        strlen(path) >= sizeof pl->dir) {
        pl->lost = 1;
        return;
    }
    memcpy(pl->dir, path, strlen(path) + 1);
}

int arena_fingerprint_file_of(const arena_word *w, const char *dir, int lost, const char *out_dir,
                              char *path, size_t size)
{
    const char *t = w->text;
    if ((w->role != ARENA_WORD_PROGRAM && w->role != ARENA_WORD_ARGUMENT) || w->expands || !t[0] ||
        (w->role == ARENA_WORD_ARGUMENT && t[0] == '-'))
        return 0;
    if (strncmp(t, ARENA_OUT_PLACEHOLDER, 5) == 0) {
        /* the copy of a snapshot, wherever the league's directory is */
        if (!out_dir)
            return 0;
        snprintf(path, size, "%s%s", out_dir, t + 5);
        return is_regular_file(path);
    }
    if (w->role == ARENA_WORD_PROGRAM && !strchr(t, '/'))
        return path_lookup(t, path, size);
    if (lost && t[0] != '/')
        return 0;
    resolve(dir, t, path, size);
    return is_regular_file(path);
}

int arena_fingerprint_compute_in(const char *command, const char *cwd, const char *out_dir,
                                 cJSON **out, char *err, size_t errsz)
{
    char dummy[8];
    if (!err || !errsz) {
        err = dummy;
        errsz = sizeof dummy;
    }
    if (!command || !out)
        return ARENA_E_INVAL;
    *out = NULL;
    arena_words words;
    cJSON *fp = cJSON_CreateObject();
    place *pl = calloc(1, sizeof *pl);
    if (!fp || !pl || arena_words_split(command, &words)) {
        cJSON_Delete(fp);
        free(pl);
        return ARENA_E_NOMEM;
    }
    if (cwd)
        snprintf(pl->dir, sizeof pl->dir, "%s", cwd);
    int rc = 0;
    for (int i = 0; i < words.n && !rc; i++) {
        const arena_word *w = &words.w[i];
        char path[2 * PATH_MAX + 2], hex[65];
        if (w->role == ARENA_WORD_CD)
            follow_cd(pl, w);
        if (!arena_fingerprint_file_of(w, pl->dir[0] ? pl->dir : NULL, pl->lost, out_dir, path,
                                       sizeof path) ||
            cJSON_GetObjectItemCaseSensitive(fp, w->text))
            continue;
        rc = arena_fingerprint_sha256(path, hex, err, errsz);
        if (rc == 0 && !cJSON_AddStringToObject(fp, w->text, hex))
            rc = ARENA_E_NOMEM;
    }
    arena_words_free(&words);
    free(pl);
    if (rc)
        cJSON_Delete(fp);
    else
        *out = fp;
    return rc;
}

static int all_strings(const cJSON *o)
{
    if (!cJSON_IsObject(o))
        return 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, o) if (!cJSON_IsString(e)) return 0;
    return 1;
}

int arena_fingerprint_diff(const cJSON *stored, const cJSON *fresh, char *what, size_t whatsz)
{
    if (!all_strings(stored) || !all_strings(fresh))
        return ARENA_E_INVAL;
    const cJSON *e;
    cJSON_ArrayForEach(e, stored)
    {
        const cJSON *now = cJSON_GetObjectItemCaseSensitive(fresh, e->string);
        if (!now) {
            snprintf(what, whatsz, "%s is gone", e->string);
            return 1;
        }
        if (strcmp(now->valuestring, e->valuestring) != 0) {
            snprintf(what, whatsz, "%s changed", e->string);
            return 1;
        }
    }
    cJSON_ArrayForEach(e, fresh)
    {
        if (!cJSON_GetObjectItemCaseSensitive(stored, e->string)) {
            snprintf(what, whatsz, "%s is new", e->string);
            return 2;
        }
    }
    return 0;
}

/* The builtins of /bin/sh (POSIX's special and regular built-ins, and
 * dash's own): a program word that names one needs no file. */
static int is_builtin(const char *w)
{
    static const char *const names[] = {".",      ":",        "[",       "alias",    "bg",
                                        "break",  "cd",       "command", "continue", "echo",
                                        "eval",   "exec",     "exit",    "export",   "false",
                                        "fc",     "fg",       "getopts", "hash",     "jobs",
                                        "kill",   "local",    "newgrp",  "printf",   "pwd",
                                        "read",   "readonly", "return",  "set",      "shift",
                                        "test",   "times",    "trap",    "true",     "type",
                                        "ulimit", "umask",    "unalias", "unset",    "wait"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(w, names[i]) == 0)
            return 1;
    return 0;
}

/* Whether program word w (run in pl) exists: 0, or 1 with why said. */
static int program_missing(const place *pl, const arena_word *w, char *why, size_t whysz)
{
    char path[2 * PATH_MAX + 2];
    struct stat sb;
    const char *t = w->text;
    if (w->expands || !t[0] || strncmp(t, ARENA_OUT_PLACEHOLDER, 5) == 0)
        return 0;
    if (!strchr(t, '/')) {
        if (is_builtin(t) || path_lookup(t, path, sizeof path))
            return 0;
        snprintf(why, whysz, "'%s' is not found in PATH", t);
        return 1;
    }
    if (pl->lost && t[0] != '/')
        return 0;
    resolve(pl->dir[0] ? pl->dir : NULL, t, path, sizeof path);
    if (stat(path, &sb) != 0)
        snprintf(why, whysz, "'%s' is no file (%s: %s)", t, path, strerror(errno));
    else if (S_ISDIR(sb.st_mode))
        snprintf(why, whysz, "'%s' is a directory (%s)", t, path);
    else if (access(path, X_OK) != 0)
        snprintf(why, whysz, "'%s' is not executable (%s)", t, path);
    else
        return 0;
    return 1;
}

int arena_fingerprint_program_missing(const char *command, const char *cwd, char *why, size_t whysz)
{
    arena_words w;
    place *pl = calloc(1, sizeof *pl);
    if (!pl || arena_words_split(command, &w)) {
        free(pl);
        return ARENA_E_NOMEM;
    }
    if (cwd)
        snprintf(pl->dir, sizeof pl->dir, "%s", cwd);
    int missing = 0;
    for (int i = 0; i < w.n && !missing; i++) {
        const arena_word *x = &w.w[i];
        if (x->role == ARENA_WORD_CD) {
            /* a cd to a directory that is not there: the shell stops
             * before the bot (only what the walk can see is judged) */
            int was_lost = pl->lost;
            follow_cd(pl, x);
            if (!was_lost && pl->lost && !x->expands && x->text[0]) {
                snprintf(why, whysz, "cd '%s': no such directory", x->text);
                missing = 1;
            }
        } else if (x->role == ARENA_WORD_PROGRAM) {
            missing = program_missing(pl, x, why, whysz);
        }
    }
    arena_words_free(&w);
    free(pl);
    return missing;
}

/* The first word of command that the fingerprint could not look at (a
 * cd's directory, a program or an argument the shell expands, or a
 * relative one after a cd it cannot follow) into word[size]; 0 when there
 * is none (a command whose files do not exist: it fails to start, and says
 * so then). */
static int unseen_word(const char *command, const char *cwd, char *word, size_t size)
{
    arena_words w;
    place *pl = calloc(1, sizeof *pl);
    if (!pl || arena_words_split(command, &w)) {
        free(pl);
        return 0;
    }
    if (cwd)
        snprintf(pl->dir, sizeof pl->dir, "%s", cwd);
    int found = 0;
    for (int i = 0; i < w.n && !found; i++) {
        const arena_word *x = &w.w[i];
        if (x->role == ARENA_WORD_CD)
            follow_cd(pl, x);
        found = (x->role == ARENA_WORD_CD && x->expands) ||
                ((x->role == ARENA_WORD_PROGRAM || x->role == ARENA_WORD_ARGUMENT) &&
                 (x->expands || (pl->lost && x->text[0] != '/' &&
                                 (x->role == ARENA_WORD_ARGUMENT || strchr(x->text, '/')))));
        if (found)
            snprintf(word, size, "%s", x->text);
    }
    arena_words_free(&w);
    free(pl);
    return found;
}

int arena_fingerprint_league(const arena_settings *s, const char *bin_dir, const char *out_dir,
                             arena_warn_fn warn, void *user, cJSON **out, char *err, size_t errsz)
{
    if (!s || !out)
        return ARENA_E_INVAL;
    *out = cJSON_CreateObject();
    if (!*out)
        return ARENA_E_NOMEM;
    for (int i = 0; i < s->bot_count; i++) {
        const arena_bot *b = &s->bots[i];
        char *cmd = arena_command_expand(arena_bot_run_command(b), bin_dir, s->base_dir, 0);
        cJSON *fp = NULL;
        char why[512] = "";
        int rc = cmd ? arena_fingerprint_compute_in(cmd, b->cwd, out_dir, &fp, why, sizeof why)
                     : ARENA_E_NOMEM;
        char word[256];
        if (rc == 0 && !fp->child && warn && !b->retired &&
            unseen_word(cmd, b->cwd, word, sizeof word)) {
            char msg[ARENA_COMMAND_MAX + 600];
            snprintf(msg, sizeof msg,
                     "bot '%s': no file of its command could be fingerprinted ('%s' cannot be "
                     "followed: the shell expands it, or it comes after a cd that cannot be): a "
                     "rebuilt bot cannot be told from its older self; name the program by its "
                     "path (cd dir && ./bot, not $DIR/bot), or give the league file a \"cwd\"",
                     b->name, word);
            warn(msg, user);
        }
        free(cmd);
        if (rc == 0 && !cJSON_AddItemToObject(*out, b->name, fp)) {
            cJSON_Delete(fp);
            rc = ARENA_E_NOMEM;
        }
        if (rc) {
            cJSON_Delete(*out);
            *out = NULL;
            if (err && errsz && arena_error_kind(rc) == ARENA_E_NOMEM)
                snprintf(err, errsz, "out of memory");
            else if (err && errsz)
                snprintf(err, errsz, "bot '%s': %s", b->name, why);
            return rc;
        }
    }
    return 0;
}
