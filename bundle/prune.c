/* prune.c - the SDK parts a bot uses (prune.h). */
#include "prune.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "lex.h"

/* Where an item whose first token is at pos starts: the start of its line
 * when only blanks precede the token there (and not before floor, the end
 * of the previous item), else the token itself. */
static size_t item_start(const char *s, size_t pos, size_t floor)
{
    size_t p = pos;
    while (p > floor && (s[p - 1] == ' ' || s[p - 1] == '\t'))
        p--;
    return p == floor || s[p - 1] == '\n' ? p : pos;
}

/* Where an item whose last token ends at pos ends: after its line's
 * newline when only blanks follow on that line, else right there (another
 * item may share the line). */
static size_t item_end(const char *s, size_t n, size_t pos)
{
    size_t p = pos;
    while (p < n && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r'))
        p++;
    if (p == n)
        return n;
    return s[p] == '\n' ? p + 1 : pos;
}

/* Skips a balanced group whose opener was just read; sets *ctor when the
 * group holds the identifier "constructor". */
static void skip_group(bundle_tokzer *t, char open, char close, int *ctor)
{
    char tok[64];
    int d = 1, k;
    while (d > 0 && (k = bundle_next_token(t, tok)) != 0) {
        if (k == 'p' && tok[0] == open)
            d++;
        else if (k == 'p' && tok[0] == close)
            d--;
        else if (k == 'i' && ctor && strcmp(tok, "constructor") == 0)
            *ctor = 1;
    }
}

int bundle_functions(const char *text, size_t n, bundle_func **out, int *count)
{
    bundle_tokzer t = {text, n, 0, 1};
    bundle_func *v = NULL, cur;
    int nv = 0, cap = 0, k, in_item = 0, named = 0;
    size_t floor = 0; /* the end of the last function found */
    char tok[64], last[64] = "";
    memset(&cur, 0, sizeof cur);
    *out = NULL;
    *count = 0;
    while ((k = bundle_next_token(&t, tok)) != 0) {
        size_t at = t.i - (k == 'i' ? strlen(tok) : 1);
        if (!in_item) {
            memset(&cur, 0, sizeof cur);
            cur.start = item_start(text, at, floor);
            in_item = 1;
            named = 0;
            last[0] = '\0';
        }
        if (k == 'i') {
            if (strcmp(tok, "static") == 0)
                cur.is_static = 1;
            if (strcmp(tok, "__attribute__") == 0) {
                if (bundle_next_token(&t, tok) == 'p' && tok[0] == '(')
                    skip_group(&t, '(', ')', &cur.constructor);
                continue;
            }
            snprintf(last, sizeof last, "%s", tok);
            continue;
        }
        switch (tok[0]) {
        case '(':
            if (!named && last[0]) {
                snprintf(cur.name, sizeof cur.name, "%s", last);
                named = 1;
            }
            skip_group(&t, '(', ')', NULL);
            break;
        case '[': skip_group(&t, '[', ']', NULL); break;
        case '=': /* an initialised variable: not a function */
            named = 0;
            cur.name[0] = '\0';
            break;
        case ';': in_item = 0; break;
        case '{':
            skip_group(&t, '{', '}', NULL);
            if (named) {
                cur.end = item_end(text, n, t.i);
                floor = cur.end;
                if (nv == cap) {
                    cap = cap ? 2 * cap : 16;
                    bundle_func *p = realloc(v, sizeof *p * (size_t)cap);
                    if (!p) {
                        free(v);
                        return BUNDLE_E_NOMEM;
                    }
                    v = p;
                }
                v[nv++] = cur;
                in_item = 0;
            }
            break;
        default: break;
        }
    }
    *out = v;
    *count = nv;
    return 0;
}

int bundle_collect_idents(const char *text, size_t n, bundle_strlist *names)
{
    bundle_tokzer t = {text, n, 0, 1};
    char tok[64];
    int k;
    while ((k = bundle_next_token(&t, tok)) != 0)
        if (k == 'i' && bundle_list_has(names, tok, strlen(tok)) < 0 &&
            bundle_list_add(names, tok, strlen(tok)))
            return BUNDLE_E_NOMEM;
    return 0;
}

/* Per unit: its functions and what it defines for other units. */
typedef struct unit_info {
    bundle_func *f;
    int nf;
    bundle_strlist defined; /* non-static functions and variables */
    char *rest;             /* the unit without its functions (variables, ...) */
} unit_info;

/* Marks unit u needed: its constructors kept, the identifiers of its
 * variables' text added to uses. */
static int mark_unit(const bundle_unit_text *units, unit_info *info, int u, unsigned char *need,
                     unsigned char **keep, bundle_strlist *uses)
{
    need[u] = 1;
    for (int j = 0; j < info[u].nf; j++)
        if (info[u].f[j].constructor)
            keep[u][j] = 1;
    (void)units;
    return bundle_collect_idents(info[u].rest, strlen(info[u].rest), uses);
}

int bundle_reach(const bundle_unit_text *units, int n, const bundle_strlist *roots,
                 unsigned char *need, unsigned char **keep)
{
    unit_info *info = calloc((size_t)(n ? n : 1), sizeof *info);
    bundle_strlist uses = {0};
    int rc = info ? 0 : BUNDLE_E_NOMEM;
    for (int u = 0; u < n && !rc; u++) {
        need[u] = 0;
        keep[u] = NULL;
        rc = bundle_functions(units[u].text, units[u].len, &info[u].f, &info[u].nf);
        if (!rc)
            rc = bundle_collect_defined(units[u].text, units[u].len, &info[u].defined);
        unsigned char all[1] = {0};
        (void)all;
        if (!rc && !(keep[u] = calloc((size_t)info[u].nf + 1, 1)))
            rc = BUNDLE_E_NOMEM;
        size_t len = 0;
        if (!rc && !(info[u].rest = bundle_prune_text(units[u].text, units[u].len, keep[u], &len)))
            rc = BUNDLE_E_NOMEM;
    }
    for (int i = 0; i < roots->n && !rc; i++)
        rc = bundle_list_add(&uses, roots->v[i], strlen(roots->v[i]));
    /* Fixed point: a unit defining a used name is needed; a function of a
     * needed unit is kept when its name is used (a static: by its own unit,
     * whose kept code put its identifiers into uses too, an over-estimate
     * across units that only keeps more). */
    for (int changed = 1; changed && !rc;) {
        changed = 0;
        for (int u = 0; u < n && !rc; u++) {
            if (!need[u]) {
                for (int i = 0; i < info[u].defined.n; i++) {
                    const char *d = info[u].defined.v[i];
                    if (bundle_list_has(&uses, d, strlen(d)) >= 0) {
                        rc = mark_unit(units, info, u, need, keep, &uses);
                        changed = 1;
                        break;
                    }
                }
                if (!need[u])
                    continue;
            }
            for (int j = 0; j < info[u].nf && !rc; j++) {
                bundle_func *f = &info[u].f[j];
                if (!keep[u][j] && bundle_list_has(&uses, f->name, strlen(f->name)) < 0)
                    continue;
                if (keep[u][j] == 2)
                    continue; /* its identifiers are in already */
                keep[u][j] = 2;
                rc = bundle_collect_idents(units[u].text + f->start, f->end - f->start, &uses);
                changed = 1;
            }
        }
    }
    for (int u = 0; u < n; u++) {
        if (info) {
            free(info[u].f);
            free(info[u].rest);
            bundle_list_free(&info[u].defined);
        }
        if (rc || !need[u]) {
            free(keep[u]);
            keep[u] = NULL;
        }
    }
    free(info);
    bundle_list_free(&uses);
    return rc;
}

char *bundle_prune_text(const char *text, size_t n, const unsigned char *keep, size_t *len)
{
    bundle_func *f = NULL;
    int nf = 0;
    if (bundle_functions(text, n, &f, &nf))
        return NULL;
    char *out = malloc(n + 1);
    size_t o = 0, at = 0;
    for (int j = 0; out && j <= nf; j++) {
        size_t upto = j < nf ? f[j].start : n;
        if (upto > at) {
            memcpy(out + o, text + at, upto - at);
            o += upto - at;
        }
        if (j == nf)
            break;
        if (keep[j]) {
            memcpy(out + o, text + f[j].start, f[j].end - f[j].start);
            o += f[j].end - f[j].start;
        }
        at = f[j].end;
    }
    if (out)
        out[o] = '\0';
    free(f);
    *len = o;
    return out;
}
