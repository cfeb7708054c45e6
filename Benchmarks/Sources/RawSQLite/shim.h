#include <sqlite3.h>

/// SQLITE_TRANSIENT, which Swift cannot import (it is a cast macro).
static inline sqlite3_destructor_type raw_sqlite_transient(void) { return SQLITE_TRANSIENT; }
