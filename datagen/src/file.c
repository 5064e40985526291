/*
 * file.c - the datagen file (datagen/file.h, datagen/format.h): records as
 * little-endian bytes, the header checked, whole records appended, and a
 * file cut by a kill brought back to its whole games. A file of its own:
 * it is the one place that knows the bytes.
 */
#include "datagen/file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "datagen/error.h"
#include "util/file.h"
#include "util/text.h"

struct datagen_file {
    int fd;
    int writable;
    char *path;
    char *settings;  /* the header's JSON text */
    uint32_t header; /* header_size */
    int64_t count;   /* whole records */
    int64_t cut;     /* bytes removed at a resume */
};

static void put16(unsigned char *p, uint16_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
}

static void put32(unsigned char *p, uint32_t v)
{
    put16(p, (uint16_t)v);
    put16(p + 2, (uint16_t)(v >> 16));
}

static void put64(unsigned char *p, uint64_t v)
{
    put32(p, (uint32_t)v);
    put32(p + 4, (uint32_t)(v >> 32));
}

static uint16_t get16(const unsigned char *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t get32(const unsigned char *p)
{
    return get16(p) | (uint32_t)get16(p + 2) << 16;
}

static uint64_t get64(const unsigned char *p)
{
    return get32(p) | (uint64_t)get32(p + 4) << 32;
}

void datagen_record_encode(const datagen_record *r, unsigned char out[DATAGEN_RECORD_SIZE])
{
    put64(out, r->black);
    put64(out + 8, r->white);
    put16(out + 16, (uint16_t)r->score);
    put16(out + 18, r->move);
    put16(out + 20, r->ply);
    out[22] = r->side;
    out[23] = (unsigned char)r->result;
    out[24] = r->depth;
    out[25] = r->flags;
    put16(out + 26, r->game_plies);
    put32(out + 28, r->game);
}

void datagen_record_decode(const unsigned char in[DATAGEN_RECORD_SIZE], datagen_record *r)
{
    r->black = get64(in);
    r->white = get64(in + 8);
    r->score = (int16_t)get16(in + 16);
    r->move = get16(in + 18);
    r->ply = get16(in + 20);
    r->side = in[22];
    r->result = (int8_t)in[23];
    r->depth = in[24];
    r->flags = in[25];
    r->game_plies = get16(in + 26);
    r->game = get32(in + 28);
}

void datagen_record_board(const datagen_record *r, loa_board *b)
{
    b->pieces[LOA_BLACK] = r->black;
    b->pieces[LOA_WHITE] = r->white;
    b->side = r->side ? LOA_WHITE : LOA_BLACK;
    b->ply = r->ply;
}

uint64_t datagen_record_key(const datagen_record *r)
{
    loa_board b;
    datagen_record_board(r, &b);
    return loa_zobrist_key(&b);
}

/* The header's fixed part as bytes, for settings of len bytes (NUL not
 * counted); its size rounded up to whole records. */
static uint32_t header_size_for(size_t len)
{
    size_t n = DATAGEN_FIXED_SIZE + len + 1;
    return (uint32_t)((n + DATAGEN_RECORD_SIZE - 1) / DATAGEN_RECORD_SIZE * DATAGEN_RECORD_SIZE);
}

/* Checks the header of f (read from its fd) and keeps its settings. */
static int read_header(datagen_file *f, int64_t size, char *err, size_t errsz)
{
    unsigned char fixed[DATAGEN_FIXED_SIZE];
    ssize_t got = pread(f->fd, fixed, sizeof fixed, 0);
    if (got < 0)
        return util_fail(DATAGEN_E_IO, err, errsz, "%s: %s", f->path, strerror(errno));
    if (got < (ssize_t)sizeof fixed || memcmp(fixed, DATAGEN_MAGIC, DATAGEN_MAGIC_SIZE) != 0)
        return util_fail(DATAGEN_E_FORMAT, err, errsz,
                         "%s: not a loa-datagen file (no 'LOADGEN' header)", f->path);
    uint32_t version = get32(fixed + 8), rsize = get32(fixed + 16);
    f->header = get32(fixed + 12);
    if (version != DATAGEN_VERSION)
        return util_fail(DATAGEN_E_FORMAT, err, errsz,
                         "%s: version %u (this loa-datagen reads version %u)", f->path, version,
                         DATAGEN_VERSION);
    if (rsize != DATAGEN_RECORD_SIZE || f->header <= DATAGEN_FIXED_SIZE ||
        f->header > DATAGEN_HEADER_MAX || f->header % DATAGEN_RECORD_SIZE)
        return util_fail(DATAGEN_E_FORMAT, err, errsz,
                         "%s: bad header (record size %u, header size %u)", f->path, rsize,
                         f->header);
    if (size < f->header)
        return util_fail(DATAGEN_E_FORMAT, err, errsz, "%s: cut in its header (%lld of %u bytes)",
                         f->path, (long long)size, f->header);
    size_t len = f->header - DATAGEN_FIXED_SIZE;
    if (!(f->settings = malloc(len + 1)))
        return util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
    if (pread(f->fd, f->settings, len, DATAGEN_FIXED_SIZE) != (ssize_t)len)
        return util_fail(DATAGEN_E_IO, err, errsz, "%s: %s", f->path, strerror(errno));
    f->settings[len] = '\0';
    if (strlen(f->settings) == len)
        return util_fail(DATAGEN_E_FORMAT, err, errsz, "%s: its settings are not NUL-terminated",
                         f->path);
    return 0;
}

/* DATAGEN_OPEN_RESUME: the records after the last game's end removed. */
static int cut_to_whole_games(datagen_file *f, char *err, size_t errsz)
{
    int64_t keep = f->count;
    while (keep > 0) {
        datagen_record r;
        int rc = datagen_file_read(f, keep - 1, 1, &r, err, errsz);
        if (rc)
            return rc;
        if (r.flags & DATAGEN_FLAG_GAME_END)
            break;
        keep--;
    }
    f->cut += (f->count - keep) * DATAGEN_RECORD_SIZE;
    f->count = keep;
    return 0;
}

int datagen_file_open(const char *path, datagen_open_mode mode, datagen_file **out, char *err,
                      size_t errsz)
{
    *out = NULL;
    datagen_file *f = calloc(1, sizeof *f);
    if (!f || !(f->path = strdup(path))) {
        free(f);
        return util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
    }
    f->writable = mode == DATAGEN_OPEN_RESUME;
    f->fd = open(path, (f->writable ? O_RDWR | O_APPEND : O_RDONLY) | O_CLOEXEC);
    struct stat st;
    int rc = 0;
    if (f->fd < 0 || fstat(f->fd, &st) != 0)
        rc = util_fail(DATAGEN_E_IO, err, errsz, "%s: %s", path, strerror(errno));
    if (!rc)
        rc = read_header(f, st.st_size, err, errsz);
    if (!rc) {
        int64_t body = st.st_size - f->header;
        f->count = body / DATAGEN_RECORD_SIZE;
        f->cut = body % DATAGEN_RECORD_SIZE;
        if (f->cut && !f->writable)
            rc = util_fail(DATAGEN_E_FORMAT, err, errsz,
                           "%s: cut mid-record (%lld bytes after record %lld)", path,
                           (long long)f->cut, (long long)f->count);
    }
    if (!rc && f->writable && (rc = cut_to_whole_games(f, err, errsz)) == 0 && f->cut &&
        ftruncate(f->fd, (off_t)(f->header + f->count * DATAGEN_RECORD_SIZE)) != 0)
        rc = util_fail(DATAGEN_E_IO, err, errsz, "%s: cannot truncate: %s", path, strerror(errno));
    if (rc)
        datagen_file_close(f);
    else
        *out = f;
    return rc;
}

int datagen_file_create(const char *path, const char *settings, datagen_file **out, char *err,
                        size_t errsz)
{
    *out = NULL;
    size_t len = strlen(settings);
    if (len + 1 + DATAGEN_FIXED_SIZE > DATAGEN_HEADER_MAX)
        return util_fail(DATAGEN_E_INVAL, err, errsz, "%s: settings longer than %u bytes", path,
                         DATAGEN_HEADER_MAX - DATAGEN_FIXED_SIZE - 1);
    uint32_t size = header_size_for(len);
    unsigned char *h = calloc(1, size);
    if (!h)
        return util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
    memcpy(h, DATAGEN_MAGIC, DATAGEN_MAGIC_SIZE);
    put32(h + 8, DATAGEN_VERSION);
    put32(h + 12, size);
    put32(h + 16, DATAGEN_RECORD_SIZE);
    memcpy(h + DATAGEN_FIXED_SIZE, settings, len);
    int rc = util_write_file_atomic(path, h, size);
    free(h);
    if (rc)
        return util_fail(DATAGEN_E_IO, err, errsz, "cannot write %s: %s", path, strerror(errno));
    return datagen_file_open(path, DATAGEN_OPEN_RESUME, out, err, errsz);
}

const char *datagen_file_settings(const datagen_file *f)
{
    return f->settings;
}

int64_t datagen_file_count(const datagen_file *f)
{
    return f->count;
}

int64_t datagen_file_cut(const datagen_file *f)
{
    return f->cut;
}

int datagen_file_read(datagen_file *f, int64_t first, int n, datagen_record *out, char *err,
                      size_t errsz)
{
    if (first < 0 || n < 0 || first + n > f->count)
        return util_fail(DATAGEN_E_INVAL, err, errsz, "%s: records %lld..%lld out of range",
                         f->path, (long long)first, (long long)(first + n - 1));
    enum { CHUNK = 1024 };
    unsigned char buf[CHUNK * DATAGEN_RECORD_SIZE];
    for (int done = 0; done < n;) {
        int k = n - done < CHUNK ? n - done : CHUNK;
        size_t want = (size_t)k * DATAGEN_RECORD_SIZE;
        off_t at = (off_t)(f->header + (first + done) * DATAGEN_RECORD_SIZE);
        if (pread(f->fd, buf, want, at) != (ssize_t)want)
            return util_fail(DATAGEN_E_IO, err, errsz, "%s: cannot read: %s", f->path,
                             errno ? strerror(errno) : "short read");
        for (int i = 0; i < k; i++)
            datagen_record_decode(buf + (size_t)i * DATAGEN_RECORD_SIZE, &out[done + i]);
        done += k;
    }
    return 0;
}

int datagen_file_append(datagen_file *f, const datagen_record *recs, int n, char *err, size_t errsz)
{
    if (!f->writable || n < 0)
        return util_fail(DATAGEN_E_INVAL, err, errsz, "%s: not open for writing", f->path);
    unsigned char *buf = malloc((size_t)n * DATAGEN_RECORD_SIZE + 1);
    if (!buf)
        return util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
    for (int i = 0; i < n; i++)
        datagen_record_encode(&recs[i], buf + (size_t)i * DATAGEN_RECORD_SIZE);
    int rc = util_write_all(f->fd, buf, (size_t)n * DATAGEN_RECORD_SIZE);
    free(buf);
    if (rc)
        return util_fail(DATAGEN_E_IO, err, errsz, "cannot write %s: %s", f->path, strerror(errno));
    f->count += n;
    return 0;
}

void datagen_file_close(datagen_file *f)
{
    if (!f)
        return;
    if (f->fd >= 0)
        close(f->fd);
    free(f->path);
    free(f->settings);
    free(f);
}
