#ifndef CHIREDIS_SHIM_H
#define CHIREDIS_SHIM_H
#include <hiredis/hiredis.h>
#include <sys/time.h>
// redisCommand is printf-variadic and not imported: use redisCommandArgv. Wrappers named chiredis_* go here.

// Connects with a timeout given in milliseconds (struct timeval by value is awkward from Swift).
static inline redisContext *chiredis_connect(const char *host, int port, long timeout_ms) {
    struct timeval tv = { timeout_ms / 1000, (timeout_ms % 1000) * 1000 };
    return redisConnectWithTimeout(host, port, tv);
}

// Sets the send/receive timeout of every later command; returns REDIS_OK or REDIS_ERR.
static inline int chiredis_set_timeout(redisContext *c, long timeout_ms) {
    struct timeval tv = { timeout_ms / 1000, (timeout_ms % 1000) * 1000 };
    return redisSetTimeout(c, tv);
}

// Binary-safe command; argv entries need not be NUL-terminated.
static inline redisReply *chiredis_command(redisContext *c, int argc, const char *const *argv, const size_t *lens) {
    return (redisReply *)redisCommandArgv(c, argc, (const char **)argv, lens);
}

// Binary-safe command appended to the context's output buffer (no I/O): the pipelining form of chiredis_command.
static inline int chiredis_append(redisContext *c, int argc, const char *const *argv, const size_t *lens) {
    return redisAppendCommandArgv(c, argc, (const char **)argv, lens);
}

// The next reply in order, writing out whatever is still buffered first; NULL on an I/O error or timeout.
static inline redisReply *chiredis_next_reply(redisContext *c) {
    void *reply = NULL;
    if (redisGetReply(c, &reply) != REDIS_OK) return NULL;
    return (redisReply *)reply;
}

static inline int chiredis_error(const redisContext *c) { return c->err; }
static inline int chiredis_fd(const redisContext *c) { return c->fd; }

// Writes the whole output buffer; REDIS_OK or REDIS_ERR.
static inline int chiredis_flush(redisContext *c) {
    int done = 0;
    while (!done) {
        if (redisBufferWrite(c, &done) != REDIS_OK) return REDIS_ERR;
    }
    return REDIS_OK;
}

// One read of what the socket holds (call when it is readable); REDIS_OK or REDIS_ERR (closed, or an error).
static inline int chiredis_read_available(redisContext *c) { return redisBufferRead(c); }

// The next reply complete in the input buffer, without reading: *reply is NULL when none is; REDIS_ERR on a
// protocol error.
static inline int chiredis_buffered_reply(redisContext *c, redisReply **reply) {
    void *taken = NULL;
    int status = redisGetReplyFromReader(c, &taken);
    *reply = (redisReply *)taken;
    return status;
}
static inline const char *chiredis_error_string(const redisContext *c) { return c->errstr; }
#endif
