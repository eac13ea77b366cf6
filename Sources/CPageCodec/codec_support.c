/* SQLite result codes for codec errors, and the unix VFS's names for paths (see codec_support.h). */
#include <stddef.h>
#include <sqlite3.h>
#include "page_codec.h"
#include "codec_support.h"

int dp_sqlite_code(int error, int writing) {
    switch (error) {
    case DP_OK: return SQLITE_OK;
    case DP_ERR_WRONG_KEY:
    case DP_ERR_NOT_A_DATABASE: return SQLITE_NOTADB;
    case DP_ERR_AUTH:
    case DP_ERR_FOREIGN_JOURNAL: return SQLITE_IOERR_DATA; /* as SQLite's checksum VFS reports a bad page */
    default: return writing ? SQLITE_IOERR_WRITE : SQLITE_IOERR_READ;
    }
}

/* The codec VFS's default instance wraps "unix", so the files it opens are named as "unix" names them. */
int dp_full_path(const char *path, char *out, int size) {
    sqlite3_vfs *unix_vfs = sqlite3_vfs_find("unix");
    if (unix_vfs == NULL) return SQLITE_ERROR;
    return unix_vfs->xFullPathname(unix_vfs, path, size, out);
}

int dp_max_pathname(void) {
    sqlite3_vfs *unix_vfs = sqlite3_vfs_find("unix");
    return unix_vfs != NULL ? unix_vfs->mxPathname : 512;
}
