#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>
// SQLITE_TRANSIENT is a macro of a function-pointer cast that Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
// sqlite3_config is variadic, which Swift cannot call. Without memory statistics, SQLite's allocator takes no global
// mutex per allocation; the setting is process-wide and must come before SQLite initializes (SQLITE_MISUSE after).
static inline int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
#endif
