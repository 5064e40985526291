/*
 * record_text.c - the human-readable record in the tag-pair style of
 * board-game notations (reference, "Other notations met by users"):
 * [Tag "value"] lines, a blank line, numbered moves with {comments}, and
 * the result token. Format: docs/record.md.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "game_impl.h"

#define WRAP 79

/* Tag value: printable, with '"' and '\' escaped by a backslash. */
static void put_tag(FILE *out, const char *tag, const char *value)
{
    fprintf(out, "[%s \"", tag);
    for (const unsigned char *p = (const unsigned char *)value; *p; p++) {
        if (*p == '"' || *p == '\\')
            fputc('\\', out);
        fputc(*p >= 0x20 && *p != 0x7f ? *p : '?', out);
    }
    fputs("\"]\n", out);
}

static const char *result_token(const ref_result *r)
{
    if (r->winner == 0)
        return "1-0";
    if (r->winner == 1)
        return "0-1";
    if (r->reason == REF_REASON_PLY_LIMIT)
        return "1/2-1/2";
    return "*"; /* no game: referee error or aborted */
}

/* Writes tokens separated by spaces, wrapping lines at WRAP columns. */
typedef struct wrapper {
    FILE *out;
    int col;
} wrapper;

static void put_token(wrapper *w, const char *tok)
{
    int n = (int)strlen(tok);
    if (w->col > 0 && w->col + 1 + n > WRAP) {
        fputc('\n', w->out);
        w->col = 0;
    } else if (w->col > 0) {
        fputc(' ', w->out);
        w->col++;
    }
    fputs(tok, w->out);
    w->col += n;
}

/* "{text}", whole: escaped, braces replaced so that the comment cannot
 * close early. Returns 0 or -1 (out of memory). */
static int put_comment(wrapper *w, const char *text)
{
    size_t n = strlen(text), size = n * 4 + 8; /* \xNN is the longest escape */
    char *tok = malloc(size);
    if (!tok)
        return -1;
    tok[0] = '{';
    ref_escape(text, n, tok + 1, size - 2);
    for (char *p = tok + 1; *p; p++)
        if (*p == '{' || *p == '}')
            *p = *p == '{' ? '(' : ')';
    strcat(tok, "}");
    put_token(w, tok);
    free(tok);
    return 0;
}

int ref_game_write_text(const ref_game *g, FILE *out, int olympiad)
{
    if (!g || !out)
        return REF_E_IO;
    const ref_result *r = &g->result;
    char date[16] = "????.??.??", host[256] = "?", seed[32], plies[16];
    struct tm tm;
    time_t t = (time_t)g->start_time;
    if (gmtime_r(&t, &tm))
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    if (gethostname(host, sizeof host) != 0)
        strcpy(host, "?");
    host[sizeof host - 1] = '\0';
    snprintf(seed, sizeof seed, "%" PRId64, g->seed);
    snprintf(plies, sizeof plies, "%d", r->plies);

    put_tag(out, "Event", "loa-referee game");
    put_tag(out, "Site", host);
    put_tag(out, "Date", date);
    put_tag(out, "Round", "-");
    put_tag(out, "Black", g->name[0]);
    put_tag(out, "White", g->name[1]);
    put_tag(out, "Result", result_token(r));
    put_tag(out, "Seed", seed);
    put_tag(out, "Reason", ref_reason_name(r->reason));
    put_tag(out, "Plies", plies);
    if (g->opening_plies > 0) {
        char opening[REF_OPENING_TEXT_MAX];
        put_tag(out, "Opening",
                ref_opening_format(g->opening, g->opening_plies, opening, sizeof opening));
    }
    fputc('\n', out);

    /* The numbered moves are the whole game's: the opening's plies first
     * (in the Opening tag too), then the bots'. */
    wrapper w = {out, 0};
    int applied = 0;
    for (int i = 0; i < g->opening_plies; i++, applied++) {
        char tok[32], m[LOA_MOVE_STRING_MAX];
        const char *ms = olympiad ? loa_move_format_olympiad(g->opening[i], m)
                                  : loa_move_format(g->opening[i], m);
        if (applied % 2 == 0)
            snprintf(tok, sizeof tok, "%d. %s", applied / 2 + 1, ms);
        else
            snprintf(tok, sizeof tok, "%s", ms);
        put_token(&w, tok);
    }
    if (g->opening_plies > 0 && put_comment(&w, "opening") != 0)
        return REF_E_IO;
    for (int i = 0; i < g->nplies; i++) {
        const ref_ply *p = &g->plies[i];
        if (p->move == LOA_MOVE_NONE)
            continue; /* the answer that ended the game: in the result comment */
        char tok[32], m[LOA_MOVE_STRING_MAX];
        const char *ms =
            olympiad ? loa_move_format_olympiad(p->move, m) : loa_move_format(p->move, m);
        if (applied % 2 == 0) /* black's ply: its number stays on its line */
            snprintf(tok, sizeof tok, "%d. %s", applied / 2 + 1, ms);
        else
            snprintf(tok, sizeof tok, "%s", ms);
        put_token(&w, tok);
        if (p->comment && p->comment[0] && put_comment(&w, p->comment) != 0)
            return REF_E_IO; /* the header promises 0 or REF_E_IO: out of memory too */
        applied++;
    }
    char why[320];
    snprintf(why, sizeof why, "%s: %s", ref_reason_name(r->reason), r->detail);
    if (put_comment(&w, why) != 0)
        return REF_E_IO;
    put_token(&w, result_token(r));
    fputc('\n', out);
    return fflush(out) == 0 && !ferror(out) ? REF_OK : REF_E_IO;
}
