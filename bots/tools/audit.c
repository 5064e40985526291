/*
 * loa-ab-audit - checks loa-ab's moves and reports in game records (the
 * referee's and the arena's JSON records, docs/record.md) with the SDK's
 * rules (audit_check.h):
 *   - a move that lets the opponent connect at once while another legal move
 *     does not;
 *   - a report (loa-ab's stderr line) whose score contradicts the end of its
 *     principal variation, or whose PV is not the move played, not legal, or
 *     not as long as its depth.
 *
 *   loa-ab-audit [-q] [-b NAME] RECORD.json|DIR...
 *
 * A DIR is an arena results directory (its games/<id>.json) or a directory
 * of records. loa-ab's turns are the plies whose stderr carries its report
 * line, so both sides of a self-play game are checked, and a loa-ab run with
 * --quiet is not; --bot NAME keeps the plies of the player of that name
 * (the record's players[].name: the arena's bot name) only. Each defect is one line on stdout (file, ply, what);
 * then a summary. Exit status: 0 no defect, 1 defects, 2 bad usage or an
 * unreadable or malformed record (named on stderr; the others are still
 * checked).
 */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "audit_check.h"
#include "loa/loa.h"

/* Largest record read, bytes: a 150-ply record with 4 KiB of stderr a ply is
 * under 1.5 MiB. */
#define AUDIT_RECORD_MAX (16L * 1024 * 1024)

typedef struct audit_totals {
    long records, bad_records;
    long turns;          /* plies with a loa-ab report */
    long traps;          /* ... where some move allows a connection and another does not */
    long allowing;       /* ... where loa-ab played such a move: a defect */
    long forced;         /* ... where every move allows one */
    long contradictions; /* reports that do not fit their PV: a defect */
    long shifted;        /* ... that fit it in the bot's own view of the ply limit */
    long malformed;      /* report lines that could not be parsed */
} audit_totals;

/* Reads the whole of path (at most AUDIT_RECORD_MAX bytes) into a
 * NUL-terminated buffer the caller frees; NULL with a message on failure. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return NULL;
    }
    char *buf = malloc(AUDIT_RECORD_MAX + 1);
    size_t n = buf ? fread(buf, 1, AUDIT_RECORD_MAX + 1, f) : 0;
    int err = ferror(f);
    fclose(f);
    if (!buf || err || n > AUDIT_RECORD_MAX) {
        fprintf(stderr, "loa-ab-audit: %s: %s\n", path,
                !buf  ? "out of memory"
                : err ? "read error"
                      : "larger than 16 MiB");
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    return buf;
}

/* Applies the move text to b (flags from b); -1 if it is not legal there. */
static int apply(loa_board *b, const char *text)
{
    loa_move m;
    if (loa_move_parse(text, &m) != LOA_OK)
        return -1;
    if (m == LOA_MOVE_PASS) {
        if (loa_count_moves(b) != 0)
            return -1;
    } else {
        if (b->pieces[b->side ^ 1] >> LOA_MOVE_TO(m) & 1)
            m |= LOA_MOVE_CAPTURE;
        if (!loa_is_legal(b, m))
            return -1;
    }
    loa_make_move(b, m, NULL);
    return 0;
}

/* Checks one loa-ab turn: position b, move text played, report text;
 * bot_ply: the ply count the bot itself has. The protocol sends no ply and
 * no limit: the SDK's loa_turn_read() counts two plies per turn of the bot
 * from the initial position, and loa-ab plays to CodinGame's LOA_MAX_PLIES,
 * so it cannot see the plies of an opening the referee applied, nor another
 * limit. A report that fits the game's end only in that view is counted
 * apart, not as a defect of the search. */
static void audit_turn(const char *path, int ply, const loa_board *b, int bot_ply,
                       const char *played, const char *stderr_text, int max_plies, int quiet,
                       audit_totals *t)
{
    audit_report r;
    int rc = audit_report_parse(stderr_text, &r);
    if (rc == 0)
        return; /* not loa-ab's turn, or loa-ab --quiet */
    t->turns++;
    if (rc < 0) {
        t->malformed++;
        if (!quiet)
            printf("%s: ply %d: malformed loa-ab report\n", path, ply);
        return;
    }
    loa_move m;
    if (loa_move_parse(played, &m) != LOA_OK)
        return;
    int moves, allowing = audit_count_allowing(b, max_plies, &moves);
    if (allowing == moves)
        t->forced++;
    else if (allowing > 0) {
        t->traps++;
        if (audit_allows_connection(b, m, max_plies)) {
            t->allowing++;
            if (!quiet)
                printf("%s: ply %d: %s lets the opponent connect at once; %d of %d moves do not\n",
                       path, ply, played, moves - allowing, moves);
        }
    }
    char why[160];
    if (audit_report_check(b, m, &r, max_plies, why, sizeof why) != 0) {
        if ((bot_ply != b->ply || max_plies != LOA_MAX_PLIES) &&
            audit_report_check(b, m, &r, LOA_MAX_PLIES + b->ply - bot_ply, NULL, 0) == 0) {
            t->shifted++;
            return;
        }
        t->contradictions++;
        if (!quiet)
            printf("%s: ply %d: %s depth %d score %d: %s\n", path, ply, played, r.depth, r.score,
                   why);
    }
}

/* Which turns to check and how to print. */
typedef struct audit_options {
    int quiet;
    const char *bot; /* only this player's plies (NULL: every reported ply) */
} audit_options;

/* 1 if the player of `color` ("black"/"white") in the record is o->bot,
 * or no bot was named. */
static int wanted(const cJSON *root, const cJSON *color, const audit_options *o)
{
    if (!o->bot)
        return 1;
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(root, "players"))
    {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(p, "color");
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(p, "name");
        if (cJSON_IsString(c) && cJSON_IsString(color) && cJSON_IsString(name) &&
            strcmp(c->valuestring, color->valuestring) == 0)
            return strcmp(name->valuestring, o->bot) == 0;
    }
    return 0;
}

/* Checks one record file. */
static void audit_record(const char *path, const audit_options *o, audit_totals *t)
{
    char *text = read_file(path);
    if (!text) {
        t->bad_records++;
        return;
    }
    cJSON *root = cJSON_Parse(text);
    free(text);
    const cJSON *plies = cJSON_GetObjectItemCaseSensitive(root, "plies");
    const cJSON *opening = cJSON_GetObjectItemCaseSensitive(root, "opening");
    const cJSON *limits = cJSON_GetObjectItemCaseSensitive(root, "limits");
    const cJSON *max = cJSON_GetObjectItemCaseSensitive(limits, "max_plies");
    if (!cJSON_IsArray(plies) || (opening && !cJSON_IsString(opening))) {
        fprintf(stderr, "loa-ab-audit: %s: not a game record (docs/record.md)\n", path);
        t->bad_records++;
        cJSON_Delete(root);
        return;
    }
    int max_plies = cJSON_IsNumber(max) ? max->valueint : LOA_MAX_PLIES;
    loa_board b;
    loa_board_init(&b);
    const char *bad = NULL;
    if (opening) { /* moves separated by single spaces */
        char word[LOA_MOVE_STRING_MAX];
        for (const char *p = opening->valuestring; *p && !bad;) {
            size_t n = strcspn(p, " ");
            if (n >= sizeof word) {
                bad = "a bad opening";
                break;
            }
            memcpy(word, p, n);
            word[n] = '\0';
            if (apply(&b, word) != 0)
                bad = "an illegal opening move";
            p += n + (p[n] == ' ');
        }
    }
    int turns[2] = {0, 0}; /* each side's turns so far */
    const cJSON *ply;
    cJSON_ArrayForEach(ply, plies)
    {
        if (bad)
            break;
        const cJSON *move = cJSON_GetObjectItemCaseSensitive(ply, "move");
        const cJSON *err = cJSON_GetObjectItemCaseSensitive(ply, "stderr");
        if (!cJSON_IsString(move))
            break; /* the answer that ended the game (a fault): no move */
        if (loa_board_status(&b, max_plies) == LOA_ONGOING &&
            wanted(root, cJSON_GetObjectItemCaseSensitive(ply, "color"), o))
            audit_turn(path, b.ply + 1, &b, 2 * turns[b.side] + (b.side == LOA_WHITE),
                       move->valuestring, cJSON_IsString(err) ? err->valuestring : NULL, max_plies,
                       o->quiet, t);
        turns[b.side]++;
        if (apply(&b, move->valuestring) != 0)
            bad = "an illegal move";
    }
    if (bad) {
        fprintf(stderr, "loa-ab-audit: %s: %s at ply %d\n", path, bad, b.ply + 1);
        t->bad_records++;
    } else
        t->records++;
    cJSON_Delete(root);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Checks every *.json of dir (its games/ when it has one), in name order.
 * -1 when the directory cannot be read. */
static int audit_dir(const char *dir, const audit_options *o, audit_totals *t)
{
    char games[4096];
    snprintf(games, sizeof games, "%s/games", dir);
    DIR *d = opendir(games);
    const char *base = games;
    if (!d) {
        d = opendir(dir);
        base = dir;
    }
    if (!d)
        return -1;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 256;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown)
                break;
            names = grown;
        }
        size_t size = strlen(base) + len + 2;
        if ((names[n] = malloc(size)) == NULL)
            break;
        snprintf(names[n++], size, "%s/%s", base, e->d_name);
    }
    closedir(d);
    if (n > 1)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        audit_record(names[i], o, t);
        free(names[i]);
    }
    free(names);
    return 0;
}

static void usage(FILE *out)
{
    fputs("Usage: loa-ab-audit [-q] [-b NAME] RECORD.json|DIR...\n"
          "Checks loa-ab's turns in game records (an arena results directory, a directory\n"
          "of records, or record files) with the SDK's rules: moves that let the opponent\n"
          "connect at once while another move does not, and reports whose score, depth\n"
          "and principal variation do not fit together. One line per defect, then a\n"
          "summary; exit 1 if any defect was found.\n"
          "\n"
          "  -b, --bot=NAME  check only the plies of the player named NAME (the\n"
          "                  arena's bot name); default: every ply with a loa-ab report\n"
          "  -q, --quiet     the summary only\n"
          "  -h, --help      show this help\n",
          out);
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {{"bot", required_argument, NULL, 'b'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    audit_options o = {0, NULL};
    int c;
    while ((c = getopt_long(argc, argv, "b:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'b': o.bot = optarg; break;
        case 'q': o.quiet = 1; break;
        case 'h': usage(stdout); return 0;
        default: return 2;
        }
    }
    if (optind == argc) {
        fprintf(stderr, "loa-ab-audit: no record or directory given (see --help)\n");
        return 2;
    }
    audit_totals t = {0};
    for (int i = optind; i < argc; i++) {
        size_t len = strlen(argv[i]);
        if (len > 5 && strcmp(argv[i] + len - 5, ".json") == 0)
            audit_record(argv[i], &o, &t);
        else if (audit_dir(argv[i], &o, &t) != 0) {
            perror(argv[i]);
            t.bad_records++;
        }
    }
    printf("loa-ab-audit: %ld records, %ld turns of loa-ab; %ld turns where a move lets the "
           "opponent connect at once and another does not, %ld where every move does\n"
           "  moves letting the opponent connect when another did not: %ld\n"
           "  reports contradicting their PV: %ld (and %ld that fit it only in the bot's own\n"
           "  view of the ply limit: 150 plies from its first turn, blind to an opening's)\n"
           "  malformed reports: %ld, unreadable records: %ld\n",
           t.records, t.turns, t.traps, t.forced, t.allowing, t.contradictions, t.shifted,
           t.malformed, t.bad_records);
    if (t.bad_records)
        return 2;
    return t.allowing || t.contradictions || t.malformed ? 1 : 0;
}
