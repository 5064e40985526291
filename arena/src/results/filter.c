/*
 * results/filter.c - the games filter's lexer, recursive-descent parser
 * and evaluator (grammar and meaning in filter.h). A file of its own: the
 * one place the language is read, so hostile text meets one strict reader
 * with fixed bounds (length, depth, conditions) and no recursion past them.
 */
#include "results/filter.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/error.h"

typedef enum op { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE } op;
typedef enum kind { N_COND, N_AND, N_OR, N_NOT } kind;

typedef struct node {
    kind kind;
    int a, b; /* children (node indices); COND: the condition's index */
} node;

typedef struct cond {
    op op;
    arena_filter_operand lhs, rhs;
} cond;

struct arena_filter {
    node nodes[ARENA_FILTER_MAX_CONDS * 2 + ARENA_FILTER_MAX_DEPTH];
    int n_nodes, root;
    cond conds[ARENA_FILTER_MAX_CONDS];
    int n_conds;
    char *pool; /* the strings, NUL-terminated, inside one allocation */
    size_t pool_used, pool_size;
};

typedef struct parser {
    const char *text;
    size_t pos;   /* next byte */
    size_t start; /* the current token's first byte */
    int depth;
    arena_filter *f;
    char *err;
    size_t errlen;
    int failed;
} parser;

static void skip_space(parser *p)
{
    while (p->text[p->pos] == ' ' || p->text[p->pos] == '\t')
        p->pos++;
    p->start = p->pos;
}

/* The token at p->start as a quoted, printable, bounded excerpt. */
static void token_excerpt(const parser *p, char *out, size_t n)
{
    const char *s = p->text + p->start;
    if (*s == '\0') {
        snprintf(out, n, "the end");
        return;
    }
    size_t len = 1;
    if (isalnum((unsigned char)*s) || *s == '_')
        while (len < 24 && (isalnum((unsigned char)s[len]) || s[len] == '_'))
            len++;
    else if (strchr("=!<>", *s) && s[1] == '=')
        len = 2;
    char buf[100];
    size_t k = 0;
    for (size_t i = 0; i < len && k + 5 < sizeof buf; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
            buf[k++] = (char)c;
        else
            k += (size_t)snprintf(buf + k, sizeof buf - k, "\\x%02x", c);
    }
    buf[k] = '\0';
    snprintf(out, n, "\"%s\"", buf);
}

static int fail(parser *p, const char *expected)
{
    if (!p->failed) {
        char tok[128];
        token_excerpt(p, tok, sizeof tok);
        snprintf(p->err, p->errlen, "column %zu: expected %s, found %s", p->start + 1, expected,
                 tok);
        p->failed = 1;
    }
    return ARENA_E_CONFIG;
}

static const char *pool_add(parser *p, const char *s, size_t n)
{
    arena_filter *f = p->f;
    if (f->pool_used + n + 1 > f->pool_size)
        return NULL; /* sized to the text: never */
    char *d = f->pool + f->pool_used;
    memcpy(d, s, n);
    d[n] = '\0';
    f->pool_used += n + 1;
    return d;
}

/* A keyword: the word at pos, case-insensitive, not followed by a name's
 * character. Consumes it when it matches. */
static int keyword(parser *p, const char *kw)
{
    skip_space(p);
    size_t n = strlen(kw);
    const char *s = p->text + p->pos;
    if (strncasecmp(s, kw, n) != 0)
        return 0;
    if (isalnum((unsigned char)s[n]) || s[n] == '_')
        return 0;
    p->pos += n;
    return 1;
}

static int punct(parser *p, const char *t)
{
    skip_space(p);
    size_t n = strlen(t);
    if (strncmp(p->text + p->pos, t, n) != 0)
        return 0;
    p->pos += n;
    return 1;
}

static int name_char(int c, int bot)
{
    return isalnum(c) || c == '_' || (bot && (c == '.' || c == '+' || c == '-'));
}

/* An identifier (bot = 0) or a bare bot name (bot = 1). */
static int read_name(parser *p, int bot, const char **out, const char *what)
{
    skip_space(p);
    const char *s = p->text + p->pos;
    size_t n = 0;
    if (!bot && !(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return fail(p, what);
    while (name_char((unsigned char)s[n], bot))
        n++;
    if (n == 0 || n > ARENA_FILTER_MAX_NAME)
        return fail(p, what);
    *out = pool_add(p, s, n);
    p->pos += n;
    return *out ? 0 : ARENA_E_NOMEM;
}

static int read_string(parser *p, const char **out)
{
    skip_space(p);
    const char *s = p->text + p->pos + 1;
    size_t n = 0;
    while (s[n] && s[n] != '"' && s[n] != '\n' && s[n] != '\\' && n <= ARENA_FILTER_MAX_TEXT)
        n++;
    if (s[n] != '"') {
        p->start = p->pos + 1 + n;
        return fail(p, "a closing '\"' (strings have no escapes or newlines)");
    }
    *out = pool_add(p, s, n);
    p->pos += n + 2;
    return *out ? 0 : ARENA_E_NOMEM;
}

/* JSON's number grammar, then strtod on exactly those bytes. */
static int read_number(parser *p, double *out)
{
    skip_space(p);
    const char *s = p->text + p->pos;
    size_t n = 0;
    if (s[n] == '-')
        n++;
    if (!isdigit((unsigned char)s[n]))
        return fail(p, "a number, a string or an attribute");
    while (isdigit((unsigned char)s[n]))
        n++;
    if (s[n] == '.') {
        n++;
        if (!isdigit((unsigned char)s[n]))
            return fail(p, "a number's digits after '.'");
        while (isdigit((unsigned char)s[n]))
            n++;
    }
    if (s[n] == 'e' || s[n] == 'E') {
        n++;
        if (s[n] == '+' || s[n] == '-')
            n++;
        if (!isdigit((unsigned char)s[n]))
            return fail(p, "a number's exponent");
        while (isdigit((unsigned char)s[n]))
            n++;
    }
    if (name_char((unsigned char)s[n], 0))
        return fail(p, "a number");
    char buf[64];
    if (n >= sizeof buf)
        return fail(p, "a number of at most 63 characters");
    memcpy(buf, s, n);
    buf[n] = '\0';
    *out = strtod(buf, NULL);
    if (!isfinite(*out))
        return fail(p, "a finite number");
    p->pos += n;
    return 0;
}

static int read_ply(parser *p, int *ply)
{
    skip_space(p);
    const char *s = p->text + p->pos;
    long v = 0;
    size_t n = 0;
    while (isdigit((unsigned char)s[n]) && v <= ARENA_FILTER_MAX_PLY)
        v = v * 10 + (s[n++] - '0');
    if (n == 0 || v < 1 || v > ARENA_FILTER_MAX_PLY || isdigit((unsigned char)s[n]))
        return fail(p, "a ply number from 1 to 100000");
    *ply = (int)v;
    p->pos += n;
    return 0;
}

static int read_bot(parser *p, arena_filter_operand *o)
{
    int rc;
    if (!punct(p, "("))
        return fail(p, "'(' after bot");
    skip_space(p);
    if (p->text[p->pos] == '"')
        rc = read_string(p, &o->bot);
    else
        rc = read_name(p, 1, &o->bot, "a bot's name");
    if (rc)
        return rc;
    if (!punct(p, ")"))
        return fail(p, "')' after the bot's name");
    o->ref = ARENA_FILTER_BOT_GAME;
    if (punct(p, "[")) {
        if ((rc = read_ply(p, &o->ply)))
            return rc;
        if (!punct(p, "]"))
            return fail(p, "']' after the ply");
        o->ref = ARENA_FILTER_BOT_TURN;
    }
    if (!punct(p, "."))
        return fail(p, "'.' and a metric's name");
    return read_name(p, 0, &o->name, "a metric's name");
}

static int read_operand(parser *p, arena_filter_operand *o)
{
    memset(o, 0, sizeof *o);
    skip_space(p);
    char c = p->text[p->pos];
    if (c == '"') {
        o->ref = ARENA_FILTER_STRING;
        return read_string(p, &o->text);
    }
    if (c == '-' || isdigit((unsigned char)c)) {
        o->ref = ARENA_FILTER_NUMBER;
        return read_number(p, &o->number);
    }
    if (keyword(p, "bot"))
        return read_bot(p, o);
    if (keyword(p, "match")) {
        o->ref = ARENA_FILTER_MATCH;
        if (!punct(p, "."))
            return fail(p, "'.' and a field's name after match");
        return read_name(p, 0, &o->name, "a field's name");
    }
    return fail(p, "a number, a string, bot(NAME) or match.");
}

static int read_op(parser *p, op *out)
{
    static const struct {
        const char *t;
        op op;
    } ops[] = {{"==", OP_EQ}, {"!=", OP_NE}, {"<=", OP_LE},
               {">=", OP_GE}, {"<", OP_LT},  {">", OP_GT}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (punct(p, ops[i].t)) {
            *out = ops[i].op;
            return 0;
        }
    return fail(p, "a comparison (== != < <= > >=)");
}

static int new_node(parser *p, kind k, int a, int b, int *out)
{
    arena_filter *f = p->f;
    if (f->n_nodes >= (int)(sizeof f->nodes / sizeof f->nodes[0]))
        return fail(p, "fewer operators (the filter is too long)");
    f->nodes[f->n_nodes] = (node){k, a, b};
    *out = f->n_nodes++;
    return 0;
}

static int parse_cond(parser *p, int *out)
{
    arena_filter *f = p->f;
    if (f->n_conds >= ARENA_FILTER_MAX_CONDS)
        return fail(p, "at most 128 conditions");
    cond *c = &f->conds[f->n_conds];
    int rc;
    if ((rc = read_operand(p, &c->lhs)))
        return rc;
    size_t op_at;
    skip_space(p);
    op_at = p->pos;
    if ((rc = read_op(p, &c->op)))
        return rc;
    if ((rc = read_operand(p, &c->rhs)))
        return rc;
    int ordered = c->op != OP_EQ && c->op != OP_NE;
    if (ordered && (c->lhs.ref == ARENA_FILTER_STRING || c->rhs.ref == ARENA_FILTER_STRING)) {
        p->start = op_at;
        return fail(p, "== or != between strings");
    }
    return new_node(p, N_COND, f->n_conds++, -1, out);
}

static int parse_or(parser *p, int *out);

static int parse_unary(parser *p, int *out)
{
    int rc, child;
    if (++p->depth > ARENA_FILTER_MAX_DEPTH) {
        skip_space(p);
        return fail(p, "at most 32 nested parentheses or NOTs");
    }
    if (keyword(p, "not")) {
        if (!(rc = parse_unary(p, &child)))
            rc = new_node(p, N_NOT, child, -1, out);
    } else if (punct(p, "(")) {
        rc = parse_or(p, out);
        if (!rc && !punct(p, ")"))
            rc = fail(p, "')' or AND or OR");
    } else {
        rc = parse_cond(p, out);
    }
    p->depth--;
    return rc;
}

static int parse_and(parser *p, int *out)
{
    int rc, rhs;
    if ((rc = parse_unary(p, out)))
        return rc;
    while (keyword(p, "and")) {
        if ((rc = parse_unary(p, &rhs)))
            return rc;
        if ((rc = new_node(p, N_AND, *out, rhs, out)))
            return rc;
    }
    return 0;
}

static int parse_or(parser *p, int *out)
{
    int rc, rhs;
    if ((rc = parse_and(p, out)))
        return rc;
    while (keyword(p, "or")) {
        if ((rc = parse_and(p, &rhs)))
            return rc;
        if ((rc = new_node(p, N_OR, *out, rhs, out)))
            return rc;
    }
    return 0;
}

int arena_filter_parse(const char *text, arena_filter **out, char *err, size_t errlen)
{
    if (!text || !out || !err || errlen == 0)
        return ARENA_E_INVAL;
    *out = NULL;
    err[0] = '\0';
    size_t len = strnlen(text, ARENA_FILTER_MAX_TEXT + 1);
    if (len > ARENA_FILTER_MAX_TEXT) {
        snprintf(err, errlen, "longer than %d bytes", ARENA_FILTER_MAX_TEXT);
        return ARENA_E_CONFIG;
    }
    arena_filter *f = calloc(1, sizeof *f);
    if (!f)
        return ARENA_E_NOMEM;
    f->pool_size = 2 * len + 2; /* every string, a NUL each */
    f->pool = malloc(f->pool_size);
    if (!f->pool) {
        free(f);
        return ARENA_E_NOMEM;
    }
    parser p = {.text = text, .f = f, .err = err, .errlen = errlen};
    int rc = parse_or(&p, &f->root);
    skip_space(&p);
    if (!rc && text[p.pos] != '\0')
        rc = fail(&p, "AND, OR or the end");
    if (rc) {
        arena_filter_free(f);
        return rc;
    }
    *out = f;
    return 0;
}

void arena_filter_free(arena_filter *f)
{
    if (!f)
        return;
    free(f->pool);
    free(f);
}

static arena_filter_value value_of(const arena_filter_operand *o, arena_filter_lookup lookup,
                                   void *ctx)
{
    arena_filter_value v = {ARENA_FILTER_MISSING, 0, NULL};
    if (o->ref == ARENA_FILTER_NUMBER)
        v = (arena_filter_value){ARENA_FILTER_NUM, o->number, NULL};
    else if (o->ref == ARENA_FILTER_STRING)
        v = (arena_filter_value){ARENA_FILTER_TEXT, 0, o->text};
    else
        lookup(ctx, o, &v);
    return v;
}

static int cond_holds(const cond *c, arena_filter_lookup lookup, void *ctx)
{
    arena_filter_value l = value_of(&c->lhs, lookup, ctx), r = value_of(&c->rhs, lookup, ctx);
    if (l.type == ARENA_FILTER_MISSING || l.type != r.type)
        return 0;
    if (l.type == ARENA_FILTER_TEXT) {
        int eq = l.text && r.text && strcmp(l.text, r.text) == 0;
        return c->op == OP_EQ ? eq : c->op == OP_NE ? !eq : 0;
    }
    switch (c->op) {
    case OP_EQ: return l.number == r.number;
    case OP_NE: return l.number != r.number;
    case OP_LT: return l.number < r.number;
    case OP_LE: return l.number <= r.number;
    case OP_GT: return l.number > r.number;
    case OP_GE: return l.number >= r.number;
    }
    return 0;
}

/* Depth is bounded by the parser (ARENA_FILTER_MAX_DEPTH plus the AND/OR
 * chains, which nest left: at most ARENA_FILTER_MAX_CONDS). */
static int eval_node(const arena_filter *f, int i, arena_filter_lookup lookup, void *ctx)
{
    const node *n = &f->nodes[i];
    switch (n->kind) {
    case N_COND: return cond_holds(&f->conds[n->a], lookup, ctx);
    case N_NOT: return !eval_node(f, n->a, lookup, ctx);
    case N_AND: return eval_node(f, n->a, lookup, ctx) && eval_node(f, n->b, lookup, ctx);
    case N_OR: return eval_node(f, n->a, lookup, ctx) || eval_node(f, n->b, lookup, ctx);
    }
    return 0;
}

int arena_filter_eval(const arena_filter *f, arena_filter_lookup lookup, void *ctx)
{
    return eval_node(f, f->root, lookup, ctx);
}

int arena_filter_conds(const arena_filter *f)
{
    return f->n_conds;
}

void arena_filter_cond(const arena_filter *f, int i, const arena_filter_operand **lhs,
                       const arena_filter_operand **rhs)
{
    *lhs = &f->conds[i].lhs;
    *rhs = &f->conds[i].rhs;
}
