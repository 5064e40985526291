/*
 * app/serve.h - loa-arena serve DIR: a league's pages over HTTP, on
 * libmicrohttpd (Debian libmicrohttpd-dev; docs/arena.md, "Serving the
 * league"): the dashboard and the bot pages from DIR, live.js built from
 * DIR/league.db (every game linked), and any game's replay page rendered on
 * request from its record (a page file DIR holds is not read: the rendered
 * one names DIR in its commands), with its analysis when DIR holds one. Nothing is
 * written into DIR; the database is opened read-only per request, so an
 * arena may play into it meanwhile (WAL).
 *
 * What is served is a fixed set of names: "/" (index.html), index.html,
 * live.js, the league's scripts and style (*.js, *.css), bot-*.html, and
 * games/<name>.html or games/<name>.analysis.json, each name of
 * [0-9A-Za-z._+-] not starting with a dot; anything else is 404, so no
 * request reaches a file outside DIR or DIR's database.
 */
#ifndef ARENA_APP_SERVE_H
#define ARENA_APP_SERVE_H

#include <stddef.h>

#include "app/cli.h"

/* Where loa-arena serve listens unless --listen says otherwise: loopback
 * only, so that a league (bot names, their stderr) is not published by
 * accident. */
#define ARENA_SERVE_LISTEN "127.0.0.1:8140"
/* Threads answering requests (each renders a page on its own). */
#define ARENA_SERVE_THREADS 4
/* Connections at once, beyond which new ones wait in the kernel's queue. */
#define ARENA_SERVE_CONNECTIONS 1000
/* The longest request path (bytes). */
#define ARENA_SERVE_PATH_MAX 200

typedef struct arena_server arena_server;

/* Parses "ADDR:PORT" (ADDR an IPv4 address in dotted form or "localhost",
 * PORT 0..65535, 0: any free port). *loopback is 1 for 127.0.0.0/8.
 * Returns 0 or ARENA_E_CONFIG with err naming the bad text. Thread-safe. */
int arena_serve_parse_listen(const char *text, unsigned char addr[4], int *port, int *loopback,
                             char *err, size_t errsz);

/* What a request for path (decoded, starting with '/') is: 1 and the
 * file's name relative to DIR in rel (rel_size bytes; "index.html" for
 * "/"), or 0 when it is not one of the served names (a 404). Pure. */
int arena_serve_path(const char *path, char *rel, size_t rel_size);

/* Starts serving dir (which must hold a league.db) on listen (as
 * arena_serve_parse_listen reads it). Returns 0 and *out (stop it with
 * arena_server_stop), or ARENA_E_CONFIG (bad listen text, no league in
 * dir), ARENA_E_IO (the address cannot be bound: err says why, e.g. in
 * use) or ARENA_E_NOMEM. The server's threads block no signal of the
 * caller's: block SIGINT/SIGTERM first to wait for them elsewhere. */
int arena_server_start(const char *dir, const char *listen, arena_server **out, char *err,
                       size_t errsz);

/* The port the server listens on (the one chosen when 0 was asked). */
int arena_server_port(const arena_server *s);

/* Requests answered so far, and how many of them failed (5xx). */
void arena_server_counts(const arena_server *s, long *requests, long *failed);

/* Stops the server: waits for the requests in progress, frees s. NULL is
 * ignored. */
void arena_server_stop(arena_server *s);

/* loa-arena serve DIR [--listen ADDR:PORT]: serves until SIGINT or
 * SIGTERM. Returns the exit status: 0 stopped by a signal, 2 bad input
 * (no league, bad --listen), 1 the address cannot be bound. */
int arena_task_serve(const arena_request *req);

#endif
