/*
 * shellcmd.c - `exec` for simple bot commands. See shellcmd.h.
 */
#include "shellcmd.h"

#include <stdlib.h>
#include <string.h>

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static int is_name_char(char c, int first)
{
    return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (!first && c >= '0' && c <= '9');
}

/* Words that must not follow `exec`: keywords, and built-ins that act on
 * the shell itself or have no program of the same name. */
static int is_shell_word(const char *w, size_t n)
{
    static const char *const words[] = {
        "if",       "then",     "else",     "elif",   "fi",      "do",      "done",    "case",
        "esac",     "while",    "until",    "for",    "in",      "{",       "}",       "!",
        "[[",       "function", "select",   "time",   "coproc",  "cd",      "exec",    "export",
        "readonly", "local",    ".",        "source", "eval",    "set",     "unset",   "ulimit",
        "umask",    "trap",     "wait",     "read",   "alias",   "unalias", "shift",   "return",
        "exit",     "break",    "continue", "times",  "getopts", "hash",    "type",    "command",
        "jobs",     "fg",       "bg",       ":",      "builtin", "let",     "declare", "typeset"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == n && memcmp(words[i], w, n) == 0)
            return 1;
    return 0;
}

/* Checks that no control operator or substitution appears outside single
 * quotes (inside double quotes only ` and $( matter). */
static int has_control(const char *s)
{
    int sq = 0, dq = 0;
    for (; *s; s++) {
        char c = *s;
        if (sq) {
            sq = c != '\'';
            continue;
        }
        if (c == '\\') {
            if (s[1] == '\n' || !s[1])
                return 1;
            s++;
            continue;
        }
        if (c == '`' || (c == '$' && s[1] == '(') || c == '\n')
            return 1;
        if (dq) {
            dq = c != '"';
            continue;
        }
        if (c == '\'')
            sq = 1;
        else if (c == '"')
            dq = 1;
        else if (strchr(";&|()", c))
            return 1;
    }
    return sq || dq; /* unbalanced quotes: leave it to the shell's error */
}

/* End of the word starting at s (quotes and escapes kept inside). */
static const char *word_end(const char *s)
{
    int sq = 0, dq = 0;
    for (; *s; s++) {
        if (sq) {
            sq = *s != '\'';
        } else if (dq) {
            if (*s == '\\' && s[1])
                s++;
            else
                dq = *s != '"';
        } else if (*s == '\\' && s[1]) {
            s++;
        } else if (*s == '\'') {
            sq = 1;
        } else if (*s == '"') {
            dq = 1;
        } else if (is_blank(*s)) {
            break;
        }
    }
    return s;
}

long ref_shell_exec_offset(const char *cmd)
{
    if (!cmd || has_control(cmd))
        return -1;
    const char *s = cmd;
    for (;;) {
        while (is_blank(*s))
            s++;
        if (!*s || *s == '#')
            return -1; /* only assignments, or nothing */
        const char *e = word_end(s);
        /* VAR=value: an assignment, exported to the program by `exec` */
        const char *p = s;
        if (is_name_char(*p, 1)) {
            while (is_name_char(*p, 0))
                p++;
            if (*p == '=') {
                s = e;
                continue;
            }
        }
        if (is_shell_word(s, (size_t)(e - s)))
            return -1;
        for (p = s; p < e; p++)
            if (*p == '<' || *p == '>')
                return -1; /* a redirection (or an odd name) before the program */
        return (long)(s - cmd);
    }
}

char *ref_shell_exec_form(const char *cmd)
{
    long off = ref_shell_exec_offset(cmd);
    size_t n = strlen(cmd);
    char *out = malloc(n + 6);
    if (!out)
        return NULL;
    if (off < 0) {
        memcpy(out, cmd, n + 1);
        return out;
    }
    memcpy(out, cmd, (size_t)off);
    memcpy(out + off, "exec ", 5);
    memcpy(out + off + 5, cmd + off, n - (size_t)off + 1);
    return out;
}

/* Bytes that mean the same to the shell and to execvp: no quoting,
 * expansion, globbing, redirection or assignment can hide in them. */
static int is_plain_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c && strchr("/._+,:@%-=", c));
}

int ref_shell_plain_argv(const char *cmd, char *buf, size_t bufsz, char **argv, int max)
{
    size_t len = strlen(cmd);
    if (len + 1 > bufsz || max < 2)
        return 0;
    int n = 0;
    size_t o = 0;
    for (const char *s = cmd; *s;) {
        while (is_blank(*s))
            s++;
        if (!*s)
            break;
        const char *e = s;
        while (*e && !is_blank(*e)) {
            if (!is_plain_char(*e))
                return 0;
            e++;
        }
        size_t wl = (size_t)(e - s);
        /* the program: not an assignment, not a keyword or built-in */
        if (n == 0 && (memchr(s, '=', wl) || is_shell_word(s, wl)))
            return 0;
        if (n + 1 >= max)
            return 0;
        memcpy(buf + o, s, wl);
        buf[o + wl] = '\0';
        argv[n++] = buf + o;
        o += wl + 1;
        s = e;
    }
    argv[n] = NULL;
    return n;
}
