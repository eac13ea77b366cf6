/* Progress for long statements (VACUUM INTO): SQLite's progress handler, reporting pages read from a schema. */
#include <stdlib.h>
#include "vfs_internal.h"

typedef struct dp_progress {
    dp_file *file;
    dp_progress_callback callback;
    void *context;
} dp_progress;

static int dp_progress_tick(void *argument) {
    dp_progress *watch = argument;
    return watch->callback(watch->context, watch->file != NULL ? watch->file->pages_read : 0);
}

void *dp_progress_watch(void *db, const char *schema, int operations, dp_progress_callback callback, void *context) {
    sqlite3_file *file = NULL;
    if (sqlite3_file_control(db, schema, SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK) file = NULL;
    dp_progress *watch = malloc(sizeof(dp_progress));
    if (watch == NULL) return NULL;
    /* Only files of this VFS count pages; another VFS reports 0. */
    watch->file = file != NULL && file->pMethods != NULL && file->pMethods->xClose != NULL
                      && sqlite3_file_control(db, schema, DP_FCNTL_STATUS, &(dp_status){0}) == SQLITE_OK
                      ? (dp_file *)file : NULL;
    watch->callback = callback;
    watch->context = context;
    sqlite3_progress_handler(db, operations, dp_progress_tick, watch);
    return watch;
}

void dp_progress_unwatch(void *db, void *watch) {
    sqlite3_progress_handler(db, 0, NULL, NULL);
    free(watch);
}
