/*
 * The page codec as a SQLite loadable extension (libdriverport_codec.so). Loading it registers the codec VFS as
 * "driverport" and makes it SQLite's default VFS, so every database opened afterwards in that process answers
 * SQLite3 Multiple Ciphers' key interface (PRAGMA cipher/legacy/kdf_iter/key/hexkey/rekey/hexrekey, URI parameters
 * cipher, legacy, key, hexkey) and plain files pass through unchanged. Every connection opened afterwards is bound to
 * its main file (sqlite3_auto_extension, once per process), which PRAGMA rekey needs: it rewrites the file through
 * the connection.
 *
 * The codec calls sqlite3_* directly, so this library links the system libsqlite3 instead of going through
 * <sqlite3ext.h>'s routine table: it loads into hosts that use the shared libsqlite3.so.0 (Debian's sqlite3 shell,
 * Python's sqlite3 module, Swift code on the system SQLite), where both resolve to the same library.
 */
#include <stddef.h>
#include <sqlite3.h>
#include "page_codec.h"
#include "codec_extension.h"

#define DP_EXTENSION_VFS_NAME "driverport"

int sqlite3_driverportcodec_init(sqlite3 *db, char **error_message, const void *routines) {
    (void)routines;
    int rc = dp_codec_install_mc(DP_EXTENSION_VFS_NAME, 1);
    if (rc != SQLITE_OK) {
        if (error_message != NULL) *error_message = sqlite3_mprintf("driverport codec: cannot register its VFS (%s)",
                                                                    sqlite3_errstr(rc));
        return rc;
    }
    /* The loading connection too, when a codec instance opened its main file (the extension loaded again, or after
     * the app installed the codec); otherwise nothing. A failure here must not unload the library the VFS lives in. */
    rc = dp_mc_bind_connection(db);
    if (rc != SQLITE_OK) sqlite3_log(rc, "driverport codec: cannot bind the loading connection to its main file");
    return SQLITE_OK_LOAD_PERMANENTLY; /* the VFS outlives the connection that loaded it */
}

int sqlite3_extension_init(sqlite3 *db, char **error_message, const void *routines) {
    return sqlite3_driverportcodec_init(db, error_message, routines);
}
