/*
 * The loadable extension's entry points. SQLite derives `sqlite3_driverportcodec_init` from the file name
 * libdriverport_codec.so (the name after "lib" up to the first dot, letters only, lower case); the generic
 * `sqlite3_extension_init` serves a host that names the entry point. Both register the codec VFS "driverport" as
 * the default VFS and return SQLITE_OK_LOAD_PERMANENTLY.
 */
#ifndef DRIVERPORT_CODEC_EXTENSION_H
#define DRIVERPORT_CODEC_EXTENSION_H

typedef struct sqlite3 sqlite3;

int sqlite3_driverportcodec_init(sqlite3 *db, char **error_message, const void *routines);
int sqlite3_extension_init(sqlite3 *db, char **error_message, const void *routines);

#endif
