// The system SQLite (Debian libsqlite3-dev, 3.40).
#include <sqlite3.h>
