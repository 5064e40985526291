/*
 * core/limits.h - the sizes every layer of the arena shares: how many bots
 * a league holds, how long a name or command is, how many games and
 * changes of shape a league records. The bounds of the league's settings
 * are in their table (league/setting.h), those of a game's limits in the
 * referee's (REF_LIMITS_MAP, ref/referee.h): each bound is typed once.
 */
#ifndef ARENA_CORE_LIMITS_H
#define ARENA_CORE_LIMITS_H

/* Most bots in one league (a round-robin of 64 bots is 2016 pairings). */
#define ARENA_MAX_BOTS 64
/* Longest bot name in bytes (names are table headers). */
#define ARENA_NAME_MAX 40
/* Longest bot command in bytes. */
#define ARENA_COMMAND_MAX 4096
/* Most changes of a league's shape (bots added, or games raised after an
 * addition) that one league records (arena_league_step). */
#define ARENA_MAX_STEPS 256
/* Most games in one league (ids are ints; the planner keeps two bits and the
 * store one bit a scheduled game: 25 + 12.5 MB at this bound, issue 40;
 * 64 bots may so play 49,602 games a pairing, not the 1,000,000 one
 * pairing may). */
#define ARENA_MAX_GAMES 100000000
/* Most games per pairing. */
#define ARENA_MAX_GAMES_PER_PAIRING 1000000
/* Most shards a league is split into (--shard K/N). */
#define ARENA_MAX_SHARDS 1000000
/* Most games at once (worker threads). */
#define ARENA_MAX_CONCURRENCY 256
/* An SPRT match without a game count plays at most this many games (50,000
 * colour-swapped pairs): in practice, until a bound is crossed. */
#define ARENA_SPRT_GAMES_DEFAULT 100000

/* Continuous mode (--continuous) prints the standings every this many
 * games unless --rating-interval says otherwise. */
#define ARENA_CONTINUOUS_RATING_INTERVAL 100

/* Interim standings (--rating-interval N) come every N games, or every
 * 1/ARENA_REPORT_SHARE of the games stored when that is more: each reads
 * every game, so a league of a million games prints them every 10,000:
 * their cost grows with the games, not with the games' square. */
#define ARENA_REPORT_SHARE 100

/* Most games an index page lists of each kind: the newest games, and the
 * newest games lost by a fault (index.html stays a page, about 2 MB, for a
 * million-game league; the database has every game). */
#define ARENA_INDEX_GAMES 10000
/* The same while the league runs (live.js, which the pages load again
 * every few seconds: its size and the browser's work stay small). */
#define ARENA_LIVE_GAMES 2000

/* A number as a string literal, for texts that quote a bound
 * ("..." ARENA_STR(ARENA_SPRT_GAMES_DEFAULT)). */
#define ARENA_STR(x) ARENA_STR_(x)
#define ARENA_STR_(x) #x

#endif
