// The bare C yardstick for scripts/bench (issue 7): the service's three hot routes on libmicrohttpd with the same
// daemon setup (--threads event loops, each a thread running its own epoll daemon through MHD_run on one shared
// listening socket, as calculator-server's HTTPServer does), doing the same kind of real work per
// request: route the path, parse the JSON body's "key", look the session up in a hash table under a lock, change
// its display, and write the same JSON shape and the same response headers. It has no engine, no store
// abstraction and no logging, so the gap between it and calculator-server is what our Swift layers cost.
//
//
// With --sqlite PATH it is also the floor for the SQLite store: creates and presses change the in-memory session as
// before, then a committer thread writes each new state (its JSON, about the size of the service's stored state) to
// a SQLite file in WAL mode with synchronous=FULL, many writes per transaction (group commit), and the response goes
// out only after its COMMIT: the connection is suspended meanwhile and resumed by the committer, as the service's is.
// Display reads stay in memory. So "reference with SQLite ÷ reference" is what the service's SQLite target asks of
// the service, paid by C: the least this design costs on this machine.
//
// Build: gcc -O2 -Wall -Wextra -o reference reference.c $(pkg-config --cflags --libs libmicrohttpd sqlite3) -lpthread
// Run:   reference --port 0 --threads 2 [--memory-limit BYTES] [--sqlite PATH]   (prints "reference listening on http://127.0.0.1:PORT", stops on SIGINT/SIGTERM)
#define _GNU_SOURCE
#include <microhttpd.h>
#include <pthread.h>
#include <sched.h>
#include <sqlite3.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <arpa/inet.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>
#include <netinet/in.h>

enum { ID_LENGTH = 22, DISPLAY_MAX = 32, MAX_BODY = 4096, STRIPES = 256, BUCKETS = 1 << 21 };

struct session {
    char id[ID_LENGTH + 1];
    char display[DISPLAY_MAX + 1];
    char expression[DISPLAY_MAX + 4];
    double left;           // the operand before the pending operator
    char pending;          // '+', '-', '*', '/' or 0
    bool fresh_entry;      // the next digit starts a new number
    uint64_t version;
    struct session *next;  // bucket chain
};

// Buckets are guarded by striped mutexes (bucket index mod STRIPES), like a sharded in-memory store.
static struct session **buckets;
static pthread_mutex_t stripes[STRIPES];
static atomic_uint_fast64_t request_counter;
static atomic_uint_fast64_t session_count;

static uint64_t hash_id(const char *id, size_t length) {
    uint64_t hash = 0xcbf29ce484222325ull;  // FNV-1a
    for (size_t i = 0; i < length; i++) hash = (hash ^ (unsigned char)id[i]) * 0x100000001b3ull;
    return hash;
}

// ---- JSON writing -------------------------------------------------------------------------------------------

struct writer {
    char *bytes;
    size_t length, capacity;
};

static void put(struct writer *w, const char *text, size_t length) {
    if (w->length + length > w->capacity) length = w->capacity - w->length;  // the buffer is sized for the worst case
    memcpy(w->bytes + w->length, text, length);
    w->length += length;
}

#define PUT_LITERAL(w, s) put((w), (s), sizeof(s) - 1)

static void put_string(struct writer *w, const char *text) {
    static const char hex[] = "0123456789abcdef";
    put(w, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\') {
            char escaped[2] = {'\\', (char)*p};
            put(w, escaped, 2);
        } else if (*p < 0x20) {
            char escaped[6] = {'\\', 'u', '0', '0', hex[*p >> 4], hex[*p & 15]};
            put(w, escaped, 6);
        } else {
            put(w, (const char *)p, 1);
        }
    }
    put(w, "\"", 1);
}

static void put_uint(struct writer *w, uint64_t value) {
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)value);
    put(w, digits, (size_t)n);
}

// The same fields, in the same order, as Rendering.state in CalculatorService.
static void write_state(struct writer *w, const struct session *s) {
    PUT_LITERAL(w, "{\"id\":");
    put_string(w, s->id);
    PUT_LITERAL(w, ",\"display\":");
    put_string(w, s->display);
    PUT_LITERAL(w, ",\"expression\":");
    put_string(w, s->expression);
    if (s->pending) PUT_LITERAL(w, ",\"pending\":true"); else PUT_LITERAL(w, ",\"pending\":false");
    PUT_LITERAL(w, ",\"error\":null,\"memory\":null,\"angle\":\"deg\",\"second\":false,\"mode\":\"scientific\",\"digits\":16,\"version\":");
    put_uint(w, s->version);
    PUT_LITERAL(w, "}");
}

// The same fields as Rendering.display.
static void write_display(struct writer *w, const struct session *s) {
    PUT_LITERAL(w, "{\"display\":");
    put_string(w, s->display);
    PUT_LITERAL(w, ",\"expression\":");
    put_string(w, s->expression);
    if (s->pending) PUT_LITERAL(w, ",\"pending\":true"); else PUT_LITERAL(w, ",\"pending\":false");
    PUT_LITERAL(w, ",\"error\":null,\"memory\":null,\"angle\":\"deg\",\"second\":false}");
}

// An RFC 9457 problem's body, as the service's JSON has it here: its status and a code.
static size_t problem_body(char *out, size_t capacity, unsigned int status, const char *code) {
    int n = snprintf(out, capacity, "{\"type\":\"about:blank\",\"status\":%u,\"code\":\"%s\"}", status, code);
    return n < 0 ? 0 : (size_t)n < capacity ? (size_t)n : capacity - 1;
}

// ---- JSON reading: the request body {"key": "7"} -------------------------------------------------------------

struct reader {
    const char *p, *end;
};

static void skip_space(struct reader *r) {
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')) r->p++;
}

// Reads a JSON string into out (NUL-terminated, at most capacity-1 bytes); handles the simple escapes.
static bool read_string(struct reader *r, char *out, size_t capacity) {
    if (r->p >= r->end || *r->p != '"') return false;
    r->p++;
    size_t n = 0;
    while (r->p < r->end && *r->p != '"') {
        char c = *r->p++;
        if ((unsigned char)c < 0x20) return false;
        if (c == '\\') {
            if (r->p >= r->end) return false;
            char e = *r->p++;
            switch (e) {
            case '"': case '\\': case '/': c = e; break;
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            default: return false;  // \u escapes never spell a key name
            }
        }
        if (n + 1 >= capacity) return false;
        out[n++] = c;
    }
    if (r->p >= r->end) return false;
    r->p++;
    out[n] = 0;
    return true;
}

// Skips a scalar value (number, true, false, null) the body may carry beside "key".
static bool skip_scalar(struct reader *r) {
    const char *start = r->p;
    while (r->p < r->end && *r->p != ',' && *r->p != '}' && *r->p != ' ' && *r->p != '\n' && *r->p != '\t' && *r->p != '\r') r->p++;
    return r->p > start;
}

// Parses a flat JSON object and copies the string member "key" into key. False when the body is not such an object.
static bool parse_key(const char *body, size_t length, char *key, size_t capacity) {
    struct reader r = {body, body + length};
    bool found = false;
    skip_space(&r);
    if (r.p >= r.end || *r.p != '{') return false;
    r.p++;
    skip_space(&r);
    if (r.p < r.end && *r.p == '}') return false;
    for (;;) {
        char name[32];
        skip_space(&r);
        if (!read_string(&r, name, sizeof name)) return false;
        skip_space(&r);
        if (r.p >= r.end || *r.p != ':') return false;
        r.p++;
        skip_space(&r);
        if (strcmp(name, "key") == 0) {
            if (!read_string(&r, key, capacity)) return false;
            found = true;
        } else if (r.p < r.end && *r.p == '"') {
            char ignored[256];
            if (!read_string(&r, ignored, sizeof ignored)) return false;
        } else if (!skip_scalar(&r)) {
            return false;
        }
        skip_space(&r);
        if (r.p < r.end && *r.p == ',') { r.p++; continue; }
        if (r.p < r.end && *r.p == '}') { r.p++; break; }
        return false;
    }
    skip_space(&r);
    return found && r.p == r.end;
}

// ---- the calculator, reduced to what the benchmark presses ---------------------------------------------------

static void format_number(double value, char *out, size_t capacity) {
    snprintf(out, capacity, "%.15g", value);
}

// Applies one key; false for a key this reference does not know.
static bool apply(struct session *s, const char *key) {
    size_t length = strlen(s->display);
    if (key[0] >= '0' && key[0] <= '9' && key[1] == 0) {
        if (s->fresh_entry || strcmp(s->display, "0") == 0) {
            s->display[0] = key[0];
            s->display[1] = 0;
            s->fresh_entry = false;
        } else if (length < 16) {  // the service's default entry limit: 16 digits
            s->display[length] = key[0];
            s->display[length + 1] = 0;
        }
    } else if ((key[0] == '+' || key[0] == '-' || key[0] == '*' || key[0] == '/') && key[1] == 0) {
        s->left = strtod(s->display, NULL);
        s->pending = key[0];
        snprintf(s->expression, sizeof s->expression, "%s %c", s->display, key[0]);
        s->fresh_entry = true;
    } else if (strcmp(key, "=") == 0) {
        if (s->pending) {
            double right = strtod(s->display, NULL), result = s->left;
            switch (s->pending) {
            case '+': result += right; break;
            case '-': result -= right; break;
            case '*': result *= right; break;
            case '/': result /= right; break;
            }
            snprintf(s->expression, sizeof s->expression, "%.15g %c %s =", s->left, s->pending, s->display);
            format_number(result, s->display, sizeof s->display);
            s->pending = 0;
        }
        s->fresh_entry = true;
    } else if (strcmp(key, "AC") == 0) {
        strcpy(s->display, "0");
        s->expression[0] = 0;
        s->pending = 0;
        s->left = 0;
        s->fresh_entry = false;
    } else {
        return false;
    }
    s->version++;
    return true;
}

// ---- sessions ------------------------------------------------------------------------------------------------

static void random_id(char out[ID_LENGTH + 1]) {
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    unsigned char bytes[16];
    if (getrandom(bytes, sizeof bytes, 0) != (ssize_t)sizeof bytes) abort();
    // base64url without padding: 16 bytes → 22 characters, as SessionID.random in the service.
    size_t n = 0;
    for (size_t i = 0; i < 15; i += 3) {
        uint32_t v = (uint32_t)bytes[i] << 16 | (uint32_t)bytes[i + 1] << 8 | bytes[i + 2];
        out[n++] = alphabet[v >> 18 & 63];
        out[n++] = alphabet[v >> 12 & 63];
        out[n++] = alphabet[v >> 6 & 63];
        out[n++] = alphabet[v & 63];
    }
    out[n++] = alphabet[bytes[15] >> 2];
    out[n++] = alphabet[(bytes[15] & 3) << 4];
    out[n] = 0;
}

static struct session *create_session(void) {
    struct session *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    random_id(s->id);
    strcpy(s->display, "0");
    s->version = 1;
    size_t bucket = hash_id(s->id, ID_LENGTH) & (BUCKETS - 1);
    pthread_mutex_t *lock = &stripes[bucket % STRIPES];
    pthread_mutex_lock(lock);
    s->next = buckets[bucket];
    buckets[bucket] = s;
    pthread_mutex_unlock(lock);
    atomic_fetch_add_explicit(&session_count, 1, memory_order_relaxed);
    return s;
}

// Finds the session and returns with its stripe locked (the caller unlocks), or NULL with nothing locked.
static struct session *lock_session(const char *id, size_t length, pthread_mutex_t **lock_out) {
    if (length != ID_LENGTH) return NULL;
    size_t bucket = hash_id(id, length) & (BUCKETS - 1);
    pthread_mutex_t *lock = &stripes[bucket % STRIPES];
    pthread_mutex_lock(lock);
    for (struct session *s = buckets[bucket]; s; s = s->next) {
        if (memcmp(s->id, id, ID_LENGTH) == 0) {
            *lock_out = lock;
            return s;
        }
    }
    pthread_mutex_unlock(lock);
    return NULL;
}

// ---- HTTP ----------------------------------------------------------------------------------------------------

struct request {
    char body[MAX_BODY];
    size_t length;
    bool too_large;
    bool started;
    // With --sqlite: a create or press waiting for its commit, and the response it will send.
    bool parked, insert;
    struct request *next_write;
    struct MHD_Connection *connection;
    struct loop *loop;
    unsigned int status;
    uint64_t version;
    char id[ID_LENGTH + 1];
    char location[64];
    char reply[1024];
    size_t reply_length;
};

// ---- the SQLite floor (--sqlite) -----------------------------------------------------------------------------

// One event loop. The committer resumes connections from its own thread, and libmicrohttpd 0.9.75 does not wake a
// daemon run through MHD_run for that, so the committer writes to the loop's pipe (once per batch).
struct loop {
    struct MHD_Daemon *daemon;
    int wake[2];
    atomic_bool signalled;
};

static _Thread_local struct loop *current_loop;
static sqlite3 *database;
static sqlite3_stmt *insert_state, *update_state;
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_ready = PTHREAD_COND_INITIALIZER;
static struct request *queue_head, *queue_tail;
static bool committer_stopping;

static void open_database(const char *path) {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);  // as the service: no global mutex per SQLite allocation
    if (sqlite3_open(path, &database) != SQLITE_OK
        || sqlite3_exec(database, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;"
                                  "CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY NOT NULL, state BLOB NOT NULL,"
                                  " version INTEGER NOT NULL) WITHOUT ROWID;", NULL, NULL, NULL) != SQLITE_OK
        || sqlite3_prepare_v2(database, "INSERT INTO sessions (id, state, version) VALUES (?1, ?2, ?3)", -1, &insert_state, NULL) != SQLITE_OK
        || sqlite3_prepare_v2(database, "UPDATE sessions SET state = ?2, version = ?3 WHERE id = ?1", -1, &update_state, NULL) != SQLITE_OK) {
        fprintf(stderr, "reference: sqlite: %s\n", sqlite3_errmsg(database));
        exit(1);
    }
}

// Suspends the connection, then queues its write: suspended first, so a commit however quick finds it suspended.
// Called with the session's stripe locked, so two writes of one session are queued in the order they were made.
// False once the committer is stopping: the caller answers at once (a suspended connection would never resume).
static bool park(struct MHD_Connection *connection, struct request *request) {
    pthread_mutex_lock(&queue_lock);
    if (committer_stopping) {
        pthread_mutex_unlock(&queue_lock);
        return false;
    }
    request->parked = true;
    request->connection = connection;
    request->loop = current_loop;
    request->next_write = NULL;
    MHD_suspend_connection(connection);
    bool was_empty = queue_head == NULL;
    if (queue_tail) queue_tail->next_write = request; else queue_head = request;
    queue_tail = request;
    pthread_mutex_unlock(&queue_lock);
    if (was_empty) pthread_cond_signal(&queue_ready);
    return true;
}

// Group commit, as the service's SQLiteCommitter: yield once (so a loop woken by the last batch can queue its next
// writes), take everything queued, one transaction for all of it, and resume the connections after the COMMIT.
static void *commit_batches(void *unused) {
    (void)unused;
    for (;;) {
        pthread_mutex_lock(&queue_lock);
        while (!queue_head && !committer_stopping) pthread_cond_wait(&queue_ready, &queue_lock);
        bool stopping = queue_head == NULL;
        pthread_mutex_unlock(&queue_lock);
        if (stopping) return NULL;
        sched_yield();
        pthread_mutex_lock(&queue_lock);
        struct request *batch = queue_head;
        queue_head = queue_tail = NULL;
        pthread_mutex_unlock(&queue_lock);

        bool committed = sqlite3_exec(database, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK;
        for (struct request *r = batch; r && committed; r = r->next_write) {
            sqlite3_stmt *statement = r->insert ? insert_state : update_state;
            sqlite3_bind_text(statement, 1, r->id, ID_LENGTH, SQLITE_STATIC);
            sqlite3_bind_blob(statement, 2, r->reply, (int)r->reply_length, SQLITE_STATIC);
            sqlite3_bind_int64(statement, 3, (sqlite3_int64)r->version);
            committed = sqlite3_step(statement) == SQLITE_DONE;
            sqlite3_reset(statement);
        }
        committed = committed && sqlite3_exec(database, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
        if (!committed) sqlite3_exec(database, "ROLLBACK", NULL, NULL, NULL);

        struct loop *woken[64];
        size_t woken_count = 0;
        for (struct request *r = batch, *next; r; r = next) {
            next = r->next_write;  // read first: once resumed, the request may be finished and freed
            struct loop *loop = r->loop;
            if (!committed) {
                r->status = 503;
                r->version = 0;
                r->location[0] = 0;
                r->reply_length = problem_body(r->reply, sizeof r->reply, 503, "store_unavailable");
            }
            MHD_resume_connection(r->connection);
            bool seen = false;
            for (size_t i = 0; i < woken_count; i++) seen = seen || woken[i] == loop;
            if (!seen && woken_count < 64) woken[woken_count++] = loop;
        }
        for (size_t i = 0; i < woken_count; i++) {
            if (!atomic_exchange(&woken[i]->signalled, true) && write(woken[i]->wake[1], "x", 1) != 1) {
                atomic_store(&woken[i]->signalled, false);
            }
        }
    }
}

static enum MHD_Result send_json(struct MHD_Connection *connection, unsigned int status, const char *content_type,
                                 const char *body, size_t length, uint64_t version, const char *location) {
    struct MHD_Response *response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (!response) return MHD_NO;
    char etag[32], request_id[32];
    // The headers calculator-server writes on these routes, so both servers put comparable bytes on the wire.
    MHD_add_response_header(response, "Content-Type", content_type);
    MHD_add_response_header(response, "Cache-Control", "no-store");
    if (version) {
        snprintf(etag, sizeof etag, "\"%llu\"", (unsigned long long)version);
        MHD_add_response_header(response, "ETag", etag);
    }
    if (location) MHD_add_response_header(response, "Location", location);
    // CORS only for a request with an Origin, as the service (these responses are no-store: no Vary needed).
    if (MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Origin")) {
        MHD_add_response_header(response, "Access-Control-Allow-Origin", "*");
        MHD_add_response_header(response, "Access-Control-Expose-Headers",
                                "ETag, Location, Retry-After, X-Request-Id, Idempotent-Replayed");
    }
    snprintf(request_id, sizeof request_id, "ref-%llx",
             (unsigned long long)atomic_fetch_add_explicit(&request_counter, 1, memory_order_relaxed));
    MHD_add_response_header(response, "X-Request-Id", request_id);
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

static enum MHD_Result problem(struct MHD_Connection *connection, unsigned int status, const char *code) {
    char body[256];
    size_t length = problem_body(body, sizeof body, status, code);
    return send_json(connection, status, "application/problem+json", body, length, 0, NULL);
}

static enum MHD_Result handle(struct MHD_Connection *connection, const char *method, const char *url, struct request *request) {
    char buffer[1024];
    struct writer w = {buffer, 0, sizeof buffer};
    if (strncmp(url, "/sessions", 9) != 0) return problem(connection, 404, "not_found");
    const char *rest = url + 9;

    if (*rest == 0) {  // /sessions
        if (strcmp(method, "POST") != 0) return problem(connection, 405, "method_not_allowed");
        struct session *s = create_session();
        if (!s) return problem(connection, 503, "too_many_sessions");
        char location[64];
        snprintf(location, sizeof location, "/sessions/%s", s->id);
        if (database) {
            struct writer reply = {request->reply, 0, sizeof request->reply};
            write_state(&reply, s);  // nobody else knows the id yet, so no lock is needed
            request->reply_length = reply.length;
            request->status = 201;
            request->version = s->version;
            request->insert = true;
            memcpy(request->id, s->id, sizeof request->id);
            memcpy(request->location, location, sizeof location);
            if (park(connection, request)) return MHD_YES;
            return problem(connection, 503, "store_unavailable");
        }
        write_state(&w, s);  // nobody else knows the id yet, so no lock is needed
        return send_json(connection, 201, "application/json", buffer, w.length, s->version, location);
    }
    if (*rest != '/') return problem(connection, 404, "not_found");
    const char *id = rest + 1, *slash = strchr(id, '/');
    if (!slash) return problem(connection, 404, "not_found");
    const char *action = slash + 1;
    size_t id_length = (size_t)(slash - id);

    if (strcmp(action, "press") == 0) {
        if (strcmp(method, "POST") != 0) return problem(connection, 405, "method_not_allowed");
        if (request->too_large) return problem(connection, 413, "body_too_large");
        char key[16];
        if (!parse_key(request->body, request->length, key, sizeof key)) return problem(connection, 400, "invalid_json");
        pthread_mutex_t *lock;
        struct session *s = lock_session(id, id_length, &lock);
        if (!s) return problem(connection, 404, "session_not_found");
        if (!apply(s, key)) {
            pthread_mutex_unlock(lock);
            return problem(connection, 422, "unknown_key");
        }
        if (database) {
            struct writer reply = {request->reply, 0, sizeof request->reply};
            write_state(&reply, s);
            request->reply_length = reply.length;
            request->status = 200;
            request->version = s->version;
            request->insert = false;
            memcpy(request->id, s->id, sizeof request->id);
            request->location[0] = 0;
            bool parked = park(connection, request);
            pthread_mutex_unlock(lock);
            if (parked) return MHD_YES;
            return problem(connection, 503, "store_unavailable");
        }
        write_state(&w, s);
        uint64_t version = s->version;
        pthread_mutex_unlock(lock);
        return send_json(connection, 200, "application/json", buffer, w.length, version, NULL);
    }
    if (strcmp(action, "display") == 0) {
        if (strcmp(method, "GET") != 0) return problem(connection, 405, "method_not_allowed");
        pthread_mutex_t *lock;
        struct session *s = lock_session(id, id_length, &lock);
        if (!s) return problem(connection, 404, "session_not_found");
        write_display(&w, s);
        uint64_t version = s->version;
        pthread_mutex_unlock(lock);
        return send_json(connection, 200, "application/json", buffer, w.length, version, NULL);
    }
    return problem(connection, 404, "not_found");
}

// Called for the headers, for each body chunk, then once more: the response is queued only in that last call, so
// libmicrohttpd keeps the connection alive.
static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                      const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
    (void)cls;
    (void)version;
    struct request *request = *con_cls;
    if (!request) {
        request = malloc(sizeof *request);
        if (!request) return MHD_NO;
        request->length = 0;
        request->too_large = false;
        request->started = true;
        request->parked = false;
        *con_cls = request;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        if (request->length + *upload_data_size > MAX_BODY) {
            request->too_large = true;
        } else {
            memcpy(request->body + request->length, upload_data, *upload_data_size);
            request->length += *upload_data_size;
        }
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (request->parked) {  // called again after the committer resumed the connection
        request->parked = false;
        return send_json(connection, request->status, request->status == 503 ? "application/problem+json" : "application/json",
                         request->reply, request->reply_length, request->version,
                         request->location[0] ? request->location : NULL);
    }
    return handle(connection, method, url, request);
}

static void completed(void *cls, struct MHD_Connection *connection, void **con_cls, enum MHD_RequestTerminationCode code) {
    (void)cls;
    (void)connection;
    (void)code;
    free(*con_cls);
    *con_cls = NULL;
}

// Written once at the stop; every loop polls its read end.
static int stop_pipe[2] = {-1, -1};

// One event loop: wait until the daemon's epoll descriptor is readable or its timeout is due, then MHD_run, which
// never blocks. (libmicrohttpd 0.9.75's own polling thread can stall with exactly 128 ready connections: it calls
// epoll_wait again with its full timeout before handling a full batch of events.)
static void *run_loop(void *argument) {
    struct loop *loop = argument;
    current_loop = loop;
    struct MHD_Daemon *daemon = loop->daemon;
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
    struct pollfd events[3] = {{.fd = info->epoll_fd, .events = POLLIN}, {.fd = stop_pipe[0], .events = POLLIN},
                               {.fd = loop->wake[0], .events = POLLIN}};
    nfds_t watched = database ? 3 : 2;
    MHD_run(daemon);
    for (;;) {
        MHD_UNSIGNED_LONG_LONG due = 0;
        int timeout = -1;
        if (MHD_get_timeout(daemon, &due) == MHD_YES) timeout = due > INT32_MAX ? INT32_MAX : (int)due;
        if (timeout != 0) {
            poll(events, watched, timeout);
            if (events[1].revents != 0) break;
            if (watched == 3 && events[2].revents != 0) {
                char drained[64];
                while (read(loop->wake[0], drained, sizeof drained) == (ssize_t)sizeof drained) {}
                atomic_store(&loop->signalled, false);  // after the read, so a wake meanwhile writes again
            }
        }
        MHD_run(daemon);
    }
    MHD_stop_daemon(daemon);
    return NULL;
}

static struct MHD_Daemon *start_daemon(const struct sockaddr_in *address, int listen_socket, size_t memory_limit,
                                       unsigned int connection_limit) {
    unsigned int flags = MHD_USE_EPOLL | MHD_USE_ITC | (database ? MHD_ALLOW_SUSPEND_RESUME : 0);
    // Only the first option differs (calculator-server's shim does the same).
#define COMMON_OPTIONS \
        MHD_OPTION_CONNECTION_LIMIT, connection_limit, \
        MHD_OPTION_CONNECTION_TIMEOUT, 30u, \
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit, \
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, \
        MHD_OPTION_END
    struct MHD_Daemon *daemon;
    if (listen_socket >= 0) {
        daemon = MHD_start_daemon(flags, 0, NULL, NULL, access_handler, NULL,
                                  MHD_OPTION_LISTEN_SOCKET, listen_socket, COMMON_OPTIONS);
    } else {
        daemon = MHD_start_daemon(flags, ntohs(address->sin_port), NULL, NULL, access_handler, NULL,
                                  MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)address, COMMON_OPTIONS);
    }
#undef COMMON_OPTIONS
    return daemon;
}

int main(int argc, char **argv) {
    unsigned int port = 8081, threads = 2;
    size_t memory_limit = 32 * 1024;  // calculator-server's --max-header-bytes default
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--port") == 0) port = (unsigned int)atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--threads") == 0) threads = (unsigned int)atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--memory-limit") == 0) memory_limit = (size_t)atol(argv[i + 1]);
        else if (strcmp(argv[i], "--sqlite") == 0) open_database(argv[i + 1]);
        else { fprintf(stderr, "usage: %s [--port N] [--threads N] [--memory-limit BYTES] [--sqlite PATH]\n", argv[0]); return 2; }
    }
    pthread_t committer;
    if (database && pthread_create(&committer, NULL, commit_batches, NULL) != 0) return 1;
    buckets = calloc(BUCKETS, sizeof *buckets);
    if (!buckets) return 1;
    for (int i = 0; i < STRIPES; i++) pthread_mutex_init(&stripes[i], NULL);

    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, NULL);

    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    if (threads < 1 || threads > 64 || pipe(stop_pipe) != 0) return 2;
    pthread_t threads_running[64];
    static struct loop loops[64];
    int listen_socket = -1;
    unsigned int port_bound = port;
    for (unsigned int i = 0; i < threads; i++) {
        // The first daemon binds; the others listen on a duplicate of its socket (each closes its own descriptor).
        int shared = i == 0 ? -1 : fcntl(listen_socket, F_DUPFD_CLOEXEC, 0);
        struct MHD_Daemon *daemon = start_daemon(&address, shared, memory_limit, 10000u / threads);
        if (!daemon) {
            perror("MHD_start_daemon");
            return 1;
        }
        if (i == 0) {
            listen_socket = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD)->listen_fd;
            const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
            if (info) port_bound = info->port;
        }
        loops[i].daemon = daemon;
        if (pipe2(loops[i].wake, O_NONBLOCK | O_CLOEXEC) != 0) return 1;
        pthread_create(&threads_running[i], NULL, run_loop, &loops[i]);
    }
    printf("reference listening on http://127.0.0.1:%u\n", port_bound);
    fflush(stdout);
    int received;
    sigwait(&signals, &received);
    if (database) {  // commits what is queued and resumes its connections before the loops stop
        pthread_mutex_lock(&queue_lock);
        committer_stopping = true;
        pthread_mutex_unlock(&queue_lock);
        pthread_cond_signal(&queue_ready);
        pthread_join(committer, NULL);
    }
    if (write(stop_pipe[1], "x", 1) != 1) return 1;
    for (unsigned int i = 0; i < threads; i++) pthread_join(threads_running[i], NULL);
    fprintf(stderr, "reference: %llu sessions, %llu responses\n", (unsigned long long)atomic_load(&session_count),
            (unsigned long long)atomic_load(&request_counter));
    return 0;
}
