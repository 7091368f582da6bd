#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <sys/timerfd.h>
#include <microhttpd.h>

// Variadic MHD calls (MHD_start_daemon, MHD_get_daemon_info, MHD_get_connection_info) are not imported into
// Swift, so the few forms the HTTPServer module needs are wrapped here as cmhd_*. <sys/timerfd.h> is here because
// Swift's Glibc module leaves it out; the event loops' once-a-second timer is one.

typedef void *(*cmhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

// Leaves the request target as sent: HTTPServer reads the raw URI in the URI-log callback and never uses
// MHD's decoded copy, so decoding it would be wasted work on every request.
static inline size_t cmhd_unescape_nothing(void *cls, struct MHD_Connection *connection, char *s) {
    (void)cls;
    (void)connection;
    return strlen(s);
}

/// Starts a daemon with exactly the options HTTPServer uses, for a loop the caller drives (no internal thread).
/// It listens on `listen_socket` when that is >= 0, otherwise binds `address` (a sockaddr_in or sockaddr_in6).
/// `connection_context` goes to `connection_notify` alone, `context` to the other callbacks.
static inline struct MHD_Daemon *cmhd_start_daemon(
    unsigned int flags,
    const struct sockaddr *address,
    int listen_socket,
    MHD_AcceptPolicyCallback accept_policy,
    MHD_AccessHandlerCallback handler,
    void *handler_context,
    MHD_RequestCompletedCallback completed,
    cmhd_uri_log_callback request_started,
    MHD_NotifyConnectionCallback connection_notify,
    void *context,
    void *connection_context,
    unsigned int connection_limit,
    unsigned int connection_timeout,
    size_t connection_memory_limit) {
    uint16_t port = 0;
    if (address->sa_family == AF_INET6) {
        port = ntohs(((const struct sockaddr_in6 *)address)->sin6_port);
    } else {
        port = ntohs(((const struct sockaddr_in *)address)->sin_port);
    }
    // Only the first option differs; the rest are spelled once.
#define CMHD_COMMON_OPTIONS \
        MHD_OPTION_CONNECTION_LIMIT, connection_limit, \
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout, \
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit, \
        MHD_OPTION_NOTIFY_COMPLETED, completed, context, \
        MHD_OPTION_URI_LOG_CALLBACK, request_started, context, \
        MHD_OPTION_NOTIFY_CONNECTION, connection_notify, connection_context, \
        MHD_OPTION_UNESCAPE_CALLBACK, cmhd_unescape_nothing, NULL, \
        MHD_OPTION_END
    struct MHD_Daemon *daemon;
    if (listen_socket >= 0) {
        daemon = MHD_start_daemon(flags, port, accept_policy, context, handler, handler_context,
                                  MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket, CMHD_COMMON_OPTIONS);
    } else {
        daemon = MHD_start_daemon(flags, port, accept_policy, context, handler, handler_context,
                                  MHD_OPTION_SOCK_ADDR, address, CMHD_COMMON_OPTIONS);
    }
#undef CMHD_COMMON_OPTIONS
    return daemon;
}

/// The daemon's listening socket, or -1.
static inline int cmhd_listen_socket(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    return info == NULL ? -1 : info->listen_fd;
}

/// The daemon's epoll descriptor (readable when the daemon has work), or -1.
static inline int cmhd_epoll_fd(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
    return info == NULL ? -1 : info->epoll_fd;
}

/// A client's IP address as 128 bits (an IPv4 address as its IPv4-mapped IPv6 form, so that a dual-stack socket's
/// IPv4 clients count as the IPv4 addresses they are); 0 for other address families.
static inline int cmhd_address_bits(const struct sockaddr *address, uint64_t *high, uint64_t *low) {
    uint8_t bytes[16] = {0};
    if (address == NULL) return 0;
    if (address->sa_family == AF_INET) {
        bytes[10] = 0xff;
        bytes[11] = 0xff;
        memcpy(&bytes[12], &((const struct sockaddr_in *)address)->sin_addr, 4);
    } else if (address->sa_family == AF_INET6) {
        memcpy(bytes, &((const struct sockaddr_in6 *)address)->sin6_addr, 16);
    } else {
        return 0;
    }
    memcpy(high, bytes, 8);
    memcpy(low, &bytes[8], 8);
    return 1;
}

/// The connected client's address, or NULL.
static inline const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/// Whether `address` is the IPv6 unspecified address "::" (listen on every address, IPv4 included).
static inline int cmhd_is_unspecified_ipv6(const struct sockaddr *address) {
    return address->sa_family == AF_INET6
        && IN6_IS_ADDR_UNSPECIFIED(&((const struct sockaddr_in6 *)address)->sin6_addr);
}

/// The bound port (the real one when the daemon was started on port 0), or 0 if unknown.
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The connection's socket, or -1.
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The size of the request's header section, from the method's first byte to the first byte after the empty line that
/// ends it; 0 if unknown.
static inline size_t cmhd_header_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

/// The per-connection pointer set in the MHD_CONNECTION_NOTIFY_STARTED callback.
static inline void *cmhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// Writes the client's IP address as text into `buffer` (NUL-terminated); returns its length, 0 if unknown.
static inline size_t cmhd_peer_address(struct MHD_Connection *connection, char *buffer, size_t capacity) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || capacity == 0) return 0;
    const struct sockaddr *address = info->client_addr;
    const char *text = NULL;
    if (address->sa_family == AF_INET) {
        text = inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, (socklen_t)capacity);
    } else if (address->sa_family == AF_INET6) {
        const struct in6_addr *v6 = &((const struct sockaddr_in6 *)address)->sin6_addr;
        if (IN6_IS_ADDR_V4MAPPED(v6)) {
            // An IPv4 client of a dual-stack socket: report it as the IPv4 address it is.
            text = inet_ntop(AF_INET, &v6->s6_addr[12], buffer, (socklen_t)capacity);
        } else {
            text = inet_ntop(AF_INET6, v6, buffer, (socklen_t)capacity);
        }
    }
    return text == NULL ? 0 : strlen(buffer);
}

/// The connection's socket, or -1.
static inline int cmhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

#endif
