#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>
// deflateInit2 is a macro (it passes zlib's version and the stream's size), which Swift cannot call. Window bits
// 15 + 16: the largest window, with a gzip header and trailer (RFC 1952) around the deflate stream.
static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
