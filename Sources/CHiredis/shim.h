#ifndef CHIREDIS_SHIM_H
#define CHIREDIS_SHIM_H
#include <hiredis/hiredis.h>
// redisCommand is printf-variadic and not imported: use redisCommandArgv. Wrappers named chiredis_* go here.
#endif
