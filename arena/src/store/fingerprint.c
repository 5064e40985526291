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

#include "league/command.h"
#include "core/error.h"

/* Words of a command line the fingerprint looks at: more is not a bot
 * command anyone writes. */
#define MAX_WORDS 64
#define WORD_MAX 4096

/* Splits a shell command into words the way the shell would for the simple
 * cases (blanks, '...' and "..." quotes, backslash escapes). Operators are
 * returned as their own words so that the word after them is a program
 * again. Returns the number of words, each written into words[i] (cut at
 * WORD_MAX - 1 bytes). */
static int split_words(const char *cmd, char words[][WORD_MAX], int max)
{
    int n = 0;
    const char *p = cmd;
    while (*p && n < max) {
        while (*p == ' ' || *p == '\t' || *p == '\n')
            p++;
        if (!*p)
            break;
        char *w = words[n];
        size_t len = 0;
        if (strchr(";&|()", *p)) {
            /* one operator: `&&`, `||`, `;`, `|`, `&`, parentheses */
            w[len++] = *p;
            if ((p[0] == '&' || p[0] == '|') && p[1] == p[0])
                w[len++] = *++p;
            p++;
        } else {
            char quote = 0;
            for (; *p; p++) {
                if (quote) {
                    if (*p == quote) {
                        quote = 0;
                        continue;
                    }
                    if (quote == '"' && *p == '\\' && p[1])
                        p++;
                } else if (*p == '\'' || *p == '"') {
                    quote = *p;
                    continue;
                } else if (*p == '\\' && p[1]) {
                    p++;
                } else if (strchr(" \t\n;&|()", *p)) {
                    break;
                }
                if (len + 1 < WORD_MAX)
                    w[len++] = *p;
            }
        }
        w[len] = '\0';
        n++;
    }
    return n;
}

static int is_operator(const char *w)
{
    return strchr(";&|()", w[0]) != NULL && w[0] != '\0';
}

/* VAR=value before the program: an assignment, not a file. */
static int is_assignment(const char *w)
{
    const char *eq = strchr(w, '=');
    if (!eq || eq == w)
        return 0;
    for (const char *c = w; c < eq; c++)
        if (!(*c == '_' || (*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') ||
              (c > w && *c >= '0' && *c <= '9')))
            return 0;
    return 1;
}

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

static int sha256_file(const char *path, char hex[65], char *err, size_t errsz)
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

int arena_fingerprint_compute(const char *command, const char *cwd, cJSON **out, char *err,
                              size_t errsz)
{
    char dummy[8];
    if (!err || !errsz) {
        err = dummy;
        errsz = sizeof dummy;
    }
    if (!command || !out)
        return ARENA_E_INVAL;
    *out = NULL;
    char (*words)[WORD_MAX] = malloc(sizeof(char[MAX_WORDS][WORD_MAX]));
    cJSON *fp = cJSON_CreateObject();
    if (!words || !fp) {
        free(words);
        cJSON_Delete(fp);
        return ARENA_E_NOMEM;
    }
    int n = split_words(command, words, MAX_WORDS);
    int program_next = 1;
    for (int i = 0; i < n; i++) {
        const char *w = words[i];
        char path[2 * WORD_MAX + 2];
        if (is_operator(w)) {
            program_next = 1;
            continue;
        }
        if (program_next && (is_assignment(w) || strcmp(w, "exec") == 0))
            continue;
        int found;
        if (program_next && !strchr(w, '/'))
            found = path_lookup(w, path, sizeof path);
        else if (w[0] == '-' || !w[0])
            found = 0;
        else {
            resolve(cwd, w, path, sizeof path);
            found = is_regular_file(path);
        }
        program_next = 0;
        if (!found || cJSON_GetObjectItemCaseSensitive(fp, w))
            continue;
        char hex[65];
        int rc = sha256_file(path, hex, err, errsz);
        if (rc == 0 && !cJSON_AddStringToObject(fp, w, hex))
            rc = ARENA_E_NOMEM;
        if (rc) {
            free(words);
            cJSON_Delete(fp);
            return rc;
        }
    }
    free(words);
    *out = fp;
    return 0;
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
            return 1;
        }
    }
    return 0;
}

int arena_fingerprint_league(const arena_settings *s, const char *bin_dir, cJSON **out,
                             char *err, size_t errsz)
{
    if (!s || !out)
        return ARENA_E_INVAL;
    *out = cJSON_CreateObject();
    if (!*out)
        return ARENA_E_NOMEM;
    for (int i = 0; i < s->bot_count; i++) {
        const arena_bot *b = &s->bots[i];
        char *cmd = arena_command_expand(b->command, bin_dir, s->base_dir, 0);
        cJSON *fp = NULL;
        char why[512] = "";
        int rc = cmd ? arena_fingerprint_compute(cmd, b->cwd, &fp, why, sizeof why)
                     : ARENA_E_NOMEM;
        free(cmd);
        if (rc == 0 && !cJSON_AddItemToObject(*out, b->name, fp)) {
            cJSON_Delete(fp);
            rc = ARENA_E_NOMEM;
        }
        if (rc) {
            cJSON_Delete(*out);
            *out = NULL;
            if (err && errsz && rc == ARENA_E_NOMEM)
                snprintf(err, errsz, "out of memory");
            else if (err && errsz)
                snprintf(err, errsz, "bot '%s': %s", b->name, why);
            return rc;
        }
    }
    return 0;
}
