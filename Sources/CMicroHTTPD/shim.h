#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
// Variadic MHD calls (MHD_start_daemon, MHD_get_daemon_info) are not imported into Swift:
// wrappers named cmhd_* go here.
#endif
