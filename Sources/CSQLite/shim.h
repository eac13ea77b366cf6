// The system SQLite (Debian libsqlite3-dev, 3.40).
#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: this fixed-argument wrapper serves the options that take
// an int (on/off, or -1 to query) and report the resulting setting through `result`.
static inline int driverport_db_config_int(sqlite3 *db, int op, int value, int *result) {
    return sqlite3_db_config(db, op, value, result);
}
