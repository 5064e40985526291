/*
 * A plain HTTP/1.0 client for the served pages' tests (check_arena_serve,
 * check_arena_serve_browser): the request's bytes sent as given (so that a
 * path curl would tidy, `/../league.db`, reaches the server as typed), the
 * status and the body read back.
 */
#ifndef HTTP_TEST_UTIL_H
#define HTTP_TEST_UTIL_H

#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Sends request (the whole text, "GET / HTTP/1.0\r\n\r\n") to
 * 127.0.0.1:port and reads the answer: its status, or -1 when none came;
 * the body in a malloc'd string (*body, may be NULL to drop it). */
static inline int http_raw(int port, const char *request, char **body)
{
    if (body)
        *body = NULL;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    size_t n = strlen(request), sent = 0;
    while (sent < n) {
        ssize_t w = write(fd, request + sent, n - sent);
        if (w <= 0)
            break;
        sent += (size_t)w;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap + 1);
    for (ssize_t r; buf && (r = read(fd, buf + len, cap - len)) > 0;) {
        len += (size_t)r;
        if (len == cap) {
            char *more = realloc(buf, 2 * cap + 1);
            if (!more)
                break;
            buf = more;
            cap *= 2;
        }
    }
    close(fd);
    if (!buf)
        return -1;
    buf[len] = '\0';
    int status = -1;
    if (sscanf(buf, "HTTP/1.%*d %d", &status) != 1)
        status = -1;
    char *start = strstr(buf, "\r\n\r\n");
    if (body && start)
        *body = strdup(start + 4);
    free(buf);
    return status;
}

/* GET path: the status, the body in *body (malloc'd, or NULL). */
static inline int http_get(int port, const char *path, char **body)
{
    char req[1200];
    snprintf(req, sizeof req, "GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n", path);
    return http_raw(port, req, body);
}

#endif
