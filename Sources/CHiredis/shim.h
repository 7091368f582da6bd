#ifndef CHIREDIS_SHIM_H
#define CHIREDIS_SHIM_H
#include <hiredis/hiredis.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
// redisCommand is printf-variadic and not imported: use redisCommandArgv. Wrappers named chiredis_* go here.

// What one reply may hold. hiredis 0.14 allocates an array's element table as soon as it reads the array's header,
// so a broken or hostile server's "*2147483647" would reserve 16 GiB (and freeing it touches every page); it has no
// maxelements setting, so the reply objects are built by the functions below, which refuse more than these. The
// store's replies are single values or pairs.
#define CHIREDIS_MAX_ELEMENTS 1024
#define CHIREDIS_MAX_STRING (8 * 1024 * 1024)
// Unparsed bytes the reader may hold while a reply is incomplete.
#define CHIREDIS_MAX_UNREAD (CHIREDIS_MAX_STRING + 64 * 1024)

// The reply budget of one connection: objects the reply being read may still create (its elements and their own).
typedef struct {
    long objects_left;
} chiredis_budget;

static inline redisReply *chiredis_reply_object(const redisReadTask *task, int type) {
    chiredis_budget *budget = (chiredis_budget *)task->privdata;
    if (budget != NULL) {
        if (budget->objects_left <= 0) return NULL;
        budget->objects_left -= 1;
    }
    redisReply *reply = (redisReply *)calloc(1, sizeof(redisReply));
    if (reply == NULL) return NULL;
    reply->type = type;
    return reply;
}

static inline void chiredis_attach(const redisReadTask *task, redisReply *reply) {
    if (task->parent != NULL) {
        redisReply *parent = (redisReply *)task->parent->obj;
        parent->element[task->idx] = reply;
    }
}

static inline void *chiredis_create_string(const redisReadTask *task, char *str, size_t len) {
    if (len > CHIREDIS_MAX_STRING) return NULL;
    redisReply *reply = chiredis_reply_object(task, task->type);
    if (reply == NULL) return NULL;
    char *copy = (char *)malloc(len + 1);
    if (copy == NULL) {
        freeReplyObject(reply);
        return NULL;
    }
    memcpy(copy, str, len);
    copy[len] = '\0';
    reply->str = copy;
    reply->len = len;
    chiredis_attach(task, reply);
    return reply;
}

static inline void *chiredis_create_array(const redisReadTask *task, int elements) {
    if (elements < 0 || elements > CHIREDIS_MAX_ELEMENTS) return NULL;
    chiredis_budget *budget = (chiredis_budget *)task->privdata;
    if (budget != NULL && budget->objects_left < elements) return NULL;
    redisReply *reply = chiredis_reply_object(task, REDIS_REPLY_ARRAY);
    if (reply == NULL) return NULL;
    if (elements > 0) {
        reply->element = (redisReply **)calloc((size_t)elements, sizeof(redisReply *));
        if (reply->element == NULL) {
            freeReplyObject(reply);
            return NULL;
        }
    }
    reply->elements = (size_t)elements;
    chiredis_attach(task, reply);
    return reply;
}

static inline void *chiredis_create_integer(const redisReadTask *task, long long value) {
    redisReply *reply = chiredis_reply_object(task, REDIS_REPLY_INTEGER);
    if (reply == NULL) return NULL;
    reply->integer = value;
    chiredis_attach(task, reply);
    return reply;
}

static inline void *chiredis_create_nil(const redisReadTask *task) {
    redisReply *reply = chiredis_reply_object(task, REDIS_REPLY_NIL);
    if (reply == NULL) return NULL;
    chiredis_attach(task, reply);
    return reply;
}

static redisReplyObjectFunctions chiredis_bounded_functions = {
    chiredis_create_string, chiredis_create_array, chiredis_create_integer, chiredis_create_nil, freeReplyObject,
};

// Connects with a timeout given in milliseconds (struct timeval by value is awkward from Swift), with replies bounded
// as above.
static inline redisContext *chiredis_connect(const char *host, int port, long timeout_ms) {
    struct timeval tv = { timeout_ms / 1000, (timeout_ms % 1000) * 1000 };
    redisContext *c = redisConnectWithTimeout(host, port, tv);
    if (c == NULL || c->err != 0 || c->reader == NULL) return c;
    chiredis_budget *budget = (chiredis_budget *)calloc(1, sizeof(chiredis_budget));
    if (budget == NULL) {
        c->err = REDIS_ERR_OOM;
        snprintf(c->errstr, sizeof(c->errstr), "out of memory");
        return c;
    }
    c->reader->fn = &chiredis_bounded_functions;
    c->reader->privdata = budget;
    return c;
}

// Frees the context and its reply budget.
static inline void chiredis_free(redisContext *c) {
    void *budget = c->reader != NULL ? c->reader->privdata : NULL;
    redisFree(c);
    free(budget);
}

// Sets the send/receive timeout of every later command; returns REDIS_OK or REDIS_ERR.
static inline int chiredis_set_timeout(redisContext *c, long timeout_ms) {
    struct timeval tv = { timeout_ms / 1000, (timeout_ms % 1000) * 1000 };
    return redisSetTimeout(c, tv);
}

// Binary-safe command appended to the context's output buffer (no I/O): the pipelining form of chiredis_command.
static inline int chiredis_append(redisContext *c, int argc, const char *const *argv, const size_t *lens) {
    return redisAppendCommandArgv(c, argc, (const char **)argv, lens);
}

static inline long chiredis_now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

// Marks the connection broken with `message`; the caller drops it.
static inline redisReply *chiredis_fail(redisContext *c, const char *message) {
    c->err = REDIS_ERR_OTHER;
    snprintf(c->errstr, sizeof(c->errstr), "%s", message);
    return NULL;
}

// The next reply in order, writing out whatever is still buffered first; NULL on an I/O error, a timeout, or a reply
// beyond the bounds above. The socket's timeout limits each read; `timeout_ms` limits the whole reply, so a server
// that trickles bytes cannot hold the caller longer.
static inline redisReply *chiredis_next_reply(redisContext *c, long timeout_ms) {
    chiredis_budget *budget = c->reader != NULL ? (chiredis_budget *)c->reader->privdata : NULL;
    if (budget != NULL && c->reader->ridx == -1) budget->objects_left = CHIREDIS_MAX_ELEMENTS + 1;
    void *reply = NULL;
    if (redisGetReplyFromReader(c, &reply) != REDIS_OK) goto failed;
    if (reply != NULL) return (redisReply *)reply;
    int written = 0;
    do {
        if (redisBufferWrite(c, &written) != REDIS_OK) return NULL;
    } while (!written);
    long deadline = chiredis_now_ms() + timeout_ms;
    do {
        if (redisBufferRead(c) != REDIS_OK) return NULL;
        if (redisGetReplyFromReader(c, &reply) != REDIS_OK) goto failed;
        if (reply == NULL) {
            if (c->reader->len - c->reader->pos > CHIREDIS_MAX_UNREAD) return chiredis_fail(c, "a reply is larger than the store accepts");
            if (chiredis_now_ms() > deadline) return chiredis_fail(c, "a reply took longer than the timeout");
        }
    } while (reply == NULL);
    return (redisReply *)reply;
failed:
    // The reply functions refuse what is beyond the bounds by answering NULL, which the reader reports as OOM.
    if (c->err == REDIS_ERR_OOM) return chiredis_fail(c, "a reply is larger than the store accepts");
    return NULL;
}

// Binary-safe command sent at once; its reply as chiredis_next_reply reads it.
static inline redisReply *chiredis_command(redisContext *c, int argc, const char *const *argv, const size_t *lens, long timeout_ms) {
    if (redisAppendCommandArgv(c, argc, (const char **)argv, lens) != REDIS_OK) return NULL;
    return chiredis_next_reply(c, timeout_ms);
}

static inline int chiredis_error(const redisContext *c) { return c->err; }
static inline const char *chiredis_error_string(const redisContext *c) { return c->errstr; }
#endif
