/* cli_words.c - fastchess's and cutechess-cli's single-dash words
 * before getopt (app/cli_words.h). */
#include "app/cli_words.h"
#include "app/cli_options.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "league/setting.h"
#include "util/parse.h"
#include "util/text.h"

typedef struct builder {
    char **av;
    int n, cap;
    char **own;
    int nown, capown;
    int oom;
} builder;

static void push(builder *b, char *s)
{
    if (b->oom)
        return;
    if (b->n + 2 > b->cap) {
        int cap = b->cap ? 2 * b->cap : 16;
        char **p = realloc(b->av, sizeof *p * (size_t)cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->av = p;
        b->cap = cap;
    }
    b->av[b->n++] = s;
    b->av[b->n] = NULL;
}

/* Pushes a string made here (NULL: out of memory); the builder owns it. */
static void push_own(builder *b, char *s)
{
    if (!s || b->oom) {
        free(s);
        b->oom = 1;
        return;
    }
    if (b->nown + 2 > b->capown) {
        int cap = b->capown ? 2 * b->capown : 8;
        char **p = realloc(b->own, sizeof *p * (size_t)cap);
        if (!p) {
            free(s);
            b->oom = 1;
            return;
        }
        b->own = p;
        b->capown = cap;
    }
    b->own[b->nown++] = s;
    b->own[b->nown] = NULL;
    push(b, s);
}

static char *join3(const char *a, const char *b, const char *c)
{
    size_t n = strlen(a) + strlen(b) + strlen(c) + 1;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s%s%s", a, b, c);
    return s;
}

/* A word: '-' then two or more letters, '-' or '_' (no digit, '=', '/',
 * '.': "-c2", "-o./res", "-bme=./bot" stay short options with values). */
static int is_word(const char *a)
{
    if (a[0] != '-' || a[1] == '-' || !a[1] || !a[2])
        return 0;
    for (const char *p = a + 1; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '-' || *p == '_'))
            return 0;
    return 1;
}

/* KEY=VALUE with a lower-case key (the words of -sprt, -engine, ...). */
static int key_word(const char *w)
{
    size_t k = strspn(w, "abcdefghijklmnopqrstuvwxyz0123456789_.");
    return k > 0 && w[k] == '=' && w[0] != '-';
}

/* A word's meaning here: a long option, a way of reading, or a refusal. */
typedef enum kind {
    K_VALUE,  /* the next argument is the value of `arena` */
    K_FLAG,   /* `arena` alone */
    K_IGNORE, /* nothing to do here */
    K_ENGINE,
    K_ROUNDS,
    K_GAMES,
    K_OPENINGS,
    K_SPRT,
    K_TOURNAMENT,
    K_REFUSE /* `arena` is the reason */
} kind;

typedef struct word {
    const char *name;
    kind k;
    const char *arena;
} word;

static const word words[] = {
    {"-engine", K_ENGINE, NULL},
    {"-rounds", K_ROUNDS, NULL},
    {"-games", K_GAMES, NULL},
    {"-openings", K_OPENINGS, NULL},
    {"-sprt", K_SPRT, NULL},
    {"-tournament", K_TOURNAMENT, NULL},
    {"-seed", K_VALUE, "--seed"}, /* besides -srand, the seed row's word */
    {"-help", K_FLAG, "--help"},
    {"-version", K_FLAG, "--version"},
    {"-repeat", K_IGNORE, NULL}, /* loa-arena always plays colour-swapped pairs */
    {"-each", K_REFUSE,
     "the limits are CodinGame's (--turn-ms, --first-turn-ms, --time-mode), and a bot takes its "
     "own options in its command (--bot NAME=\"CMD OPTIONS\")"},
    {"-pgnout", K_REFUSE,
     "every game is kept: DIR/league.db and DIR/games.jsonl (--out DIR); loa-replay DIR ID "
     "shows one"},
    {"-epdout", K_REFUSE, "every game is kept in DIR/league.db (--out DIR)"},
    {"-recover", K_REFUSE,
     "a bot that crashes loses that game and the league goes on; --keep-going lets a bot that "
     "cannot start lose its games"},
    {"-draw", K_REFUSE, "LOA has no adjudication: a game is drawn at the ply limit (--max-plies)"},
    {"-resign", K_REFUSE,
     "LOA has no adjudication: a game ends by connection or at the ply "
     "limit (--max-plies)"},
    {"-maxmoves", K_REFUSE, "the ply limit is --max-plies N (CodinGame's: 150)"},
    {"-log", K_REFUSE, "each game's record keeps the bots' stderr (loa-replay DIR ID)"},
    {"-config", K_REFUSE, "a league file holds the settings: loa-arena LEAGUE.json"},
    {"-output", K_REFUSE, "loa-arena prints one format; standings.json is for tools"},
    {"-quick", K_REFUSE, "name the bots with --bot NAME=CMD and the openings with --openings FILE"},
    {"-variant", K_REFUSE, "the game is Lines of Action, as CodinGame plays it"},
    {"-both", K_REFUSE, "the limits are CodinGame's (--turn-ms, --first-turn-ms)"},
    {"-fcp", K_REFUSE, "name each bot with --bot NAME=CMD"},
    {"-scp", K_REFUSE, "name each bot with --bot NAME=CMD"},
    {"-use-affinity", K_FLAG, "--affinity"},
    {"-scoreinterval", K_VALUE, "--rating-interval"},
    {"-outcomeinterval", K_VALUE, "--rating-interval"},
    {"-noswap", K_REFUSE,
     "every opening is played twice, colours swapped: the first-move "
     "advantage cancels"},
    {"-reverse", K_REFUSE, "every opening is played twice, colours swapped"},
    {"-wait", K_REFUSE, "a game starts as soon as a worker is free"},
    {"-event", K_REFUSE, "no PGN: the league is its directory (--out DIR)"},
    {"-site", K_REFUSE, "no PGN: the league is its directory (--out DIR)"},
    {"-seeds", K_REFUSE, "no knockout: round-robin or gauntlet (--format)"},
    {"-autosaveinterval", K_REFUSE, "every game is stored as it ends (DIR/league.db)"},
    {"-report", K_REFUSE,
     "game pairs are always counted pentanomially (standings, "
     "standings.json)"},
    {"-tb", K_REFUSE, "LOA has no tablebases"},
    {"-tbpieces", K_REFUSE, "LOA has no tablebases"},
    {"-tbadjudicate", K_REFUSE, "LOA has no tablebases"},
    {"-show-latency", K_REFUSE, "every turn's time is in the game's record (loa-replay DIR ID)"},
    {"-testEnv", K_REFUSE, "no test environment to mimic: the limits are CodinGame's"},
    {"-force-concurrency", K_IGNORE, NULL}, /* --concurrency takes any count (a warning
                                               says when it exceeds the cores) */
    {"-resultformat", K_REFUSE, "loa-arena prints one format; standings.json is for tools"},
    {"-bookmode", K_REFUSE, "an opening is moves, one a line (--openings FILE)"},
    {"-debug", K_REFUSE,
     "each game's record keeps the bots' stderr (loa-replay DIR ID); "
     "loa-referee -v shows every ply"},
};

/* Word a's meaning: one of the table above, or a setting whose fastchess
 * word takes its value as it is (the settings table's "word":
 * -concurrency, -srand, -ratinginterval), made into *found with its option
 * written into opt; NULL for none. */
static const word *find_word(const char *a, word *found, char *opt, size_t optsz)
{
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(a, words[i].name) == 0)
            return &words[i];
    for (int i = 0; i < ARENA_SETTING_COUNT; i++) {
        const arena_setting *r = &arena_setting_table[i];
        if (!r->word || strcmp(a, r->word) != 0)
            continue;
        snprintf(opt, optsz, "--%s", r->option);
        *found = (word){r->word, K_VALUE, opt};
        return found;
    }
    return NULL;
}

/* The value after word a at argv[*i + 1]: advances *i. NULL (and err) if
 * there is none. */
static const char *value_of(int argc, char **argv, int *i, const char *a, char *err, size_t errsz)
{
    if (*i + 1 >= argc || argv[*i + 1][0] == '-') {
        util_fail(ARENA_E_CONFIG, err, errsz, "%s needs a value", a);
        return NULL;
    }
    return argv[++*i];
}

/* -engine cmd=C [name=N] [args=A]: "--bot" "N=C A". */
static int engine(builder *b, int argc, char **argv, int *i, char *err, size_t errsz)
{
    const char *cmd = NULL, *name = NULL, *args = NULL;
    while (*i + 1 < argc && key_word(argv[*i + 1])) {
        const char *kv = argv[++*i], *v = strchr(kv, '=') + 1;
        size_t k = (size_t)(v - 1 - kv);
        if (k == 3 && strncmp(kv, "cmd", 3) == 0)
            cmd = v;
        else if (k == 4 && strncmp(kv, "name", 4) == 0)
            name = v;
        else if (k == 4 && strncmp(kv, "args", 4) == 0)
            args = v;
        else if (k == 3 && strncmp(kv, "dir", 3) == 0)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "-engine %s: a bot's working directory is a league file's \"cwd\" "
                             "(docs/arena.md), or write the command as \"cd DIR && CMD\"",
                             kv);
        else
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "-engine %.*s=: no such setting here: a bot takes its own options "
                             "in its command (args= or --bot NAME=\"CMD OPTIONS\"), and the "
                             "limits are CodinGame's (--turn-ms, --first-turn-ms, --time-mode)",
                             (int)k, kv);
    }
    if (!cmd || !*cmd)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "-engine needs cmd=COMMAND (and name=NAME): --bot NAME=COMMAND");
    if (!name || !*name) { /* fastchess names it after the command */
        const char *slash = strrchr(cmd, '/');
        name = slash ? slash + 1 : cmd;
    }
    char *eq = join3(name, "=", cmd);
    char *bot = eq && args && *args ? join3(eq, " ", args) : eq;
    if (bot != eq)
        free(eq);
    push(b, "--bot");
    push_own(b, bot);
    return 0;
}

/* -openings file=F [format=txt] [order=sequential|random]. */
static int openings(builder *b, int argc, char **argv, int *i, char *err, size_t errsz)
{
    const char *file = NULL, *order = NULL;
    while (*i + 1 < argc && key_word(argv[*i + 1])) {
        const char *kv = argv[++*i], *v = strchr(kv, '=') + 1;
        size_t k = (size_t)(v - 1 - kv);
        if (k == 4 && strncmp(kv, "file", 4) == 0)
            file = v;
        else if (k == 5 && strncmp(kv, "order", 5) == 0)
            order = v;
        else if (k == 6 && strncmp(kv, "format", 6) == 0) {
            if (strcmp(v, "txt") != 0 && strcmp(v, "moves") != 0)
                return util_fail(ARENA_E_CONFIG, err, errsz,
                                 "-openings format=%s: LOA openings are moves, one opening a "
                                 "line (b1d3 a2c2 ...; docs/arena.md), not EPD or PGN",
                                 v);
        } else
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "-openings %.*s=: no such setting here (file= and order= are; an "
                             "opening plays all its moves, from the first)",
                             (int)k, kv);
    }
    if (!file || !*file)
        return util_fail(ARENA_E_CONFIG, err, errsz, "-openings needs file=FILE: --openings FILE");
    push(b, "--openings");
    push(b, (char *)file);
    if (order) {
        if (strcmp(order, "random") != 0 && strcmp(order, "sequential") != 0)
            return util_fail(ARENA_E_CONFIG, err, errsz, "-openings order=%s: sequential or random",
                             order);
        push(b, "--openings-order");
        push(b, strcmp(order, "random") == 0 ? "random" : "file");
    }
    return 0;
}

/* fastchess's `-sprt elo0=0 elo1=10 alpha=0.05 beta=0.05` (and our
 * `--sprt` the same way) is several words after one option, which getopt
 * cannot take: they become one "--sprt=elo0=0 elo1=10 ..." (the first word
 * whatever it is: the SPRT parser judges it). */
static void sprt(builder *b, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *eq = strncmp(a, "--sprt=", 7) == 0 ? a + 7 : NULL;
    int first = *i + 1, last = first;
    if (!eq && first < argc)
        last = first + 1;
    while (last < argc && key_word(argv[last]))
        last++;
    size_t len = strlen("--sprt=") + (eq ? strlen(eq) : 0) + 1;
    for (int k = first; k < last; k++)
        len += strlen(argv[k]) + 1;
    char *joined = malloc(len);
    if (joined) {
        strcpy(joined, "--sprt=");
        if (eq)
            strcat(joined, eq);
        for (int k = first; k < last; k++) {
            if (joined[7])
                strcat(joined, " ");
            strcat(joined, argv[k]);
        }
    }
    push_own(b, joined);
    *i = last - 1;
}

/* A cluster of the value-less short flags (-qh). */
static int flag_cluster(const char *a)
{
    return strspn(a + 1, "qhV") == strlen(a + 1);
}

/* A word that is not here, or a cluster of value-less short flags. */
static int refuse(builder *b, const word *w, char *a, char *err, size_t errsz)
{
    if (w)
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: not here: %s", a, w->arena);
    if (flag_cluster(a)) {
        push(b, a);
        return 0;
    }
    if (arena_cli_takes_value((char[]){'-', a[1], '\0'}))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "unknown option '%s' (a single-dash word is read as a fastchess or "
                         "cutechess word, never as short options: for -%c with a value write "
                         "-%c %s; see --help)",
                         a, a[1], a[1], a + 2);
    return util_fail(ARENA_E_CONFIG, err, errsz, "unknown option '%s' (see --help)", a);
}

/* -tournament gauntlet|roundrobin|round-robin: --format. */
static int tournament(builder *b, int argc, char **argv, int *i, char *err, size_t errsz)
{
    const char *a = argv[*i], *v = value_of(argc, argv, i, a, err, errsz);
    if (!v)
        return ARENA_E_CONFIG;
    if (strcmp(v, "gauntlet") != 0 && strcmp(v, "roundrobin") != 0 && strcmp(v, "round-robin") != 0)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "-tournament %s: gauntlet or round-robin (--format)", v);
    push(b, "--format");
    push(b, v[0] == 'g' ? "gauntlet" : "round-robin");
    return 0;
}

/* fastchess's -rounds R and -games G, kept until the end: --games R * G. */
typedef struct rounds {
    int64_t rounds, games; /* -1: not given */
} rounds;

static int count_word(rounds *r, int which, int argc, char **argv, int *i, char *err, size_t errsz)
{
    const char *a = argv[*i], *v = value_of(argc, argv, i, a, err, errsz);
    int64_t n;
    if (!v)
        return ARENA_E_CONFIG;
    if (util_parse_i64(v, 1, ARENA_MAX_GAMES_PER_PAIRING, &n))
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: '%s' is not an integer in 1..%d", a, v,
                         ARENA_MAX_GAMES_PER_PAIRING);
    *(which == K_ROUNDS ? &r->rounds : &r->games) = n;
    return 0;
}

/* The single-dash word argv[*i] (advancing *i past what it takes). */
static int one_word(builder *b, rounds *r, int argc, char **argv, int *i, char *err, size_t errsz)
{
    char *a = argv[*i], opt[40];
    word found;
    const word *w = find_word(a, &found, opt, sizeof opt);
    const char *v;
    switch (w ? w->k : K_REFUSE) {
    case K_VALUE:
        v = value_of(argc, argv, i, a, err, errsz);
        push_own(b, strdup(w->arena)); /* opt lives only for this word */
        push(b, (char *)v);
        return v ? 0 : ARENA_E_CONFIG;
    case K_FLAG: push(b, (char *)w->arena); return 0;
    case K_IGNORE: return 0;
    case K_ENGINE: return engine(b, argc, argv, i, err, errsz);
    case K_OPENINGS: return openings(b, argc, argv, i, err, errsz);
    case K_SPRT: sprt(b, argc, argv, i); return 0;
    case K_ROUNDS:
    case K_GAMES: return count_word(r, w->k, argc, argv, i, err, errsz);
    case K_TOURNAMENT: return tournament(b, argc, argv, i, err, errsz);
    case K_REFUSE: break;
    }
    return refuse(b, w, a, err, errsz);
}

int arena_cli_words_translate(int argc, char **argv, arena_cli_words *out, char *err, size_t errsz)
{
    memset(out, 0, sizeof *out);
    builder b = {0};
    rounds r = {-1, -1};
    int rc = 0;
    if (argc > 0)
        push(&b, argv[0]);
    for (int i = 1; i < argc && !rc && !b.oom; i++) {
        char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            while (i < argc)
                push(&b, argv[i++]);
            break;
        }
        if (strcmp(a, "--sprt") == 0 || strncmp(a, "--sprt=", 7) == 0) {
            sprt(&b, argc, argv, &i);
        } else if (!is_word(a)) {
            push(&b, a);
            /* a value is never a word: `--out -openings` names a directory */
            if (arena_cli_takes_value(a) && !strchr(a, '=') && i + 1 < argc &&
                (a[1] == '-' || !a[2]))
                push(&b, argv[++i]);
        } else {
            rc = one_word(&b, &r, argc, argv, &i, err, errsz);
        }
    }
    if (!rc && !b.oom && (r.rounds > 0 || r.games > 0)) {
        /* fastchess: -rounds (default 2) of -games (default 2) each */
        char buf[32];
        snprintf(buf, sizeof buf, "%lld",
                 (long long)((r.rounds > 0 ? r.rounds : 2) * (r.games > 0 ? r.games : 2)));
        push(&b, "--games");
        push_own(&b, strdup(buf));
    }
    if (b.oom && !rc)
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (rc) {
        arena_cli_words w = {b.av, b.n, b.own};
        arena_cli_words_free(&w);
        return rc;
    }
    out->argv = b.av;
    out->argc = b.n;
    out->owned = b.own;
    return 0;
}

void arena_cli_words_free(arena_cli_words *w)
{
    if (!w)
        return;
    for (int k = 0; w->owned && w->owned[k]; k++)
        free(w->owned[k]);
    free(w->owned);
    free(w->argv);
    memset(w, 0, sizeof *w);
}
