/*
 * The changed-pages tracker: a pass-through VFS recording which 4 KiB units of watched main database files were
 * written (see include/changed_pages.h). One mutex (dp_changes_lock) guards the watch list and every record.
 */
#include "changed_pages.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#define DP_CHANGES_VFS_NAME "driverport-changed-pages"

/* One watched file: its path and a bitmap of written units. Records are never freed while the process runs (an
 * open file may still point at one after an unwatch); an unwatched record is inactive and never reused. */
typedef struct dp_record {
    struct dp_record *next;
    char *path;
    int active;
    int64_t truncated_to; /* the smallest size the file was truncated to, -1 when it was not */
    int64_t opens;
    int64_t write_begins; /* write transactions begun: RESERVED taken (rollback journal), WAL's write lock taken */
    uint8_t *bits;
    int64_t bit_bytes;
    /* The file change counters (header bytes 24-27) written to unit 0 since the record started: the first and the
     * last, and whether each was the one before or one more (0: contiguous). Every rollback-mode commit writes the
     * next one, so a commit written by a file the tracker does not see breaks the run or leaves the header past it. */
    int counters_seen;
    int counters_broken;
    uint32_t counter_first;
    uint32_t counter_last;
    int64_t stamp; /* a number no other start of a record had (dp_stamps when it last started over) */
} dp_record;

typedef struct dp_changes_file {
    sqlite3_file base;
    sqlite3_file *real;
    dp_record *record; /* NULL: not tracked */
    /* A read-write main database file's name (SQLite keeps it valid while the file is open), NULL for others: a file
     * opened before its path was watched is tracked from the watch on. */
    const char *name;
    int64_t generation; /* dp_generation when `record` was looked up */
} dp_changes_file;

static pthread_mutex_t dp_changes_lock = PTHREAD_MUTEX_INITIALIZER; /* guards dp_records and every record */
static dp_record *dp_records;
/* Changes whenever a path is watched anew or unwatched: an open file then looks its record up again. */
static int64_t dp_generation;
/* Counts every start of a record (a watch, a drain that forgets): each record's stamp. */
static int64_t dp_stamps;
static sqlite3_vfs dp_changes_vfs;
static sqlite3_vfs *dp_changes_base;
static pthread_once_t dp_changes_once = PTHREAD_ONCE_INIT;
static int dp_changes_register_rc = SQLITE_ERROR;
/* How many files this thread opened through the tracker (dp_changes_tracks_default's probe counts them). */
static _Thread_local int64_t dp_changes_thread_opens;
/* The default VFS last probed and whether its opens reached the tracker; guarded by dp_changes_lock. */
static sqlite3_vfs *dp_probed_default;
static int dp_probed_reaches;

static dp_record *dp_find(const char *path) {
    for (dp_record *record = dp_records; record != NULL; record = record->next) {
        if (record->active && strcmp(record->path, path) == 0) return record;
    }
    return NULL;
}

/* Marks units [first, last] of `record`; the lock is held. Grows the bitmap; on allocation failure records a
 * truncation to 0 (everything counts as changed then). */
static void dp_mark(dp_record *record, int64_t first, int64_t last) {
    int64_t needed = last / 8 + 1;
    if (needed > record->bit_bytes) {
        int64_t size = record->bit_bytes > 0 ? record->bit_bytes : 64;
        while (size < needed) size *= 2;
        uint8_t *grown = realloc(record->bits, (size_t)size);
        if (grown == NULL) {
            record->truncated_to = 0;
            return;
        }
        memset(grown + record->bit_bytes, 0, (size_t)(size - record->bit_bytes));
        record->bits = grown;
        record->bit_bytes = size;
    }
    for (int64_t unit = first; unit <= last; unit++) record->bits[unit / 8] |= (uint8_t)(1u << (unit % 8));
}

/* The record of `file` as the watch list stands now (looked up again after a watch or unwatch); the lock is held. */
static dp_record *dp_file_record(dp_changes_file *file) {
    if (file->name != NULL && file->generation != dp_generation) {
        file->record = dp_find(file->name);
        file->generation = dp_generation;
    }
    return file->record != NULL && file->record->active ? file->record : NULL;
}

/* Notes the file change counter of a write of the header; the lock is held. */
static void dp_note_counter(dp_record *record, const unsigned char *header) {
    uint32_t counter = ((uint32_t)header[24] << 24) | ((uint32_t)header[25] << 16) | ((uint32_t)header[26] << 8) |
                       (uint32_t)header[27];
    /* A header of a WAL database (format bytes 18-19 not 1): commits there do not write the counter. */
    if (header[18] != 1 || header[19] != 1) record->counters_broken = 1;
    if (!record->counters_seen) {
        record->counters_seen = 1;
        record->counter_first = counter;
    } else if (counter != record->counter_last && counter != record->counter_last + 1) {
        record->counters_broken = 1;
    }
    record->counter_last = counter;
}

static void dp_forget(dp_record *record) {
    if (record->bits != NULL) memset(record->bits, 0, (size_t)record->bit_bytes);
    record->opens = 0;
    record->truncated_to = -1;
    record->counters_seen = 0;
    record->counters_broken = 0;
    record->counter_first = 0;
    record->counter_last = 0;
    record->stamp = ++dp_stamps;
}

/* ---- file methods: every one forwards to the base file ---- */

static int dp_c_close(sqlite3_file *f) {
    dp_changes_file *file = (dp_changes_file *)f;
    return file->real->pMethods->xClose(file->real);
}
static int dp_c_read(sqlite3_file *f, void *buffer, int amount, sqlite3_int64 offset) {
    dp_changes_file *file = (dp_changes_file *)f;
    return file->real->pMethods->xRead(file->real, buffer, amount, offset);
}
static int dp_c_write(sqlite3_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
    dp_changes_file *file = (dp_changes_file *)f;
    if (file->name != NULL && amount > 0) {
        /* Marked before the write: a write that fails half-way has still changed the file. */
        pthread_mutex_lock(&dp_changes_lock);
        dp_record *record = dp_file_record(file);
        if (record != NULL) {
            dp_mark(record, offset / DP_CHANGES_UNIT, (offset + amount - 1) / DP_CHANGES_UNIT);
            if (offset == 0 && amount >= 28) dp_note_counter(record, buffer);
        }
        pthread_mutex_unlock(&dp_changes_lock);
    }
    return file->real->pMethods->xWrite(file->real, buffer, amount, offset);
}
static int dp_c_truncate(sqlite3_file *f, sqlite3_int64 size) {
    dp_changes_file *file = (dp_changes_file *)f;
    if (file->name != NULL) {
        pthread_mutex_lock(&dp_changes_lock);
        dp_record *record = dp_file_record(file);
        if (record != NULL && (record->truncated_to < 0 || size < record->truncated_to)) record->truncated_to = size;
        pthread_mutex_unlock(&dp_changes_lock);
    }
    return file->real->pMethods->xTruncate(file->real, size);
}
static int dp_c_sync(sqlite3_file *f, int flags) {
    dp_changes_file *file = (dp_changes_file *)f;
    return file->real->pMethods->xSync(file->real, flags);
}
static int dp_c_file_size(sqlite3_file *f, sqlite3_int64 *size) {
    dp_changes_file *file = (dp_changes_file *)f;
    return file->real->pMethods->xFileSize(file->real, size);
}
/* Counts a write transaction begun on `file`'s record (the lock is taken). */
static void dp_count_write_begin(dp_changes_file *file) {
    if (file->name == NULL) return;
    pthread_mutex_lock(&dp_changes_lock);
    dp_record *record = dp_file_record(file);
    if (record != NULL) record->write_begins += 1;
    pthread_mutex_unlock(&dp_changes_lock);
}
static int dp_c_lock(sqlite3_file *f, int level) {
    dp_changes_file *file = (dp_changes_file *)f;
    int rc = file->real->pMethods->xLock(file->real, level);
    /* A rollback-journal write transaction takes RESERVED first, whether or not it then changes a page. */
    if (rc == SQLITE_OK && level == SQLITE_LOCK_RESERVED) dp_count_write_begin(file);
    return rc;
}
static int dp_c_unlock(sqlite3_file *f, int level) {
    dp_changes_file *file = (dp_changes_file *)f;
    return file->real->pMethods->xUnlock(file->real, level);
}
static int dp_c_check_reserved_lock(sqlite3_file *f, int *out) {
    dp_changes_file *file = (dp_changes_file *)f;
    return file->real->pMethods->xCheckReservedLock(file->real, out);
}
static int dp_c_file_control(sqlite3_file *f, int op, void *argument) {
    dp_changes_file *file = (dp_changes_file *)f;
    return file->real->pMethods->xFileControl(file->real, op, argument);
}
static int dp_c_sector_size(sqlite3_file *f) {
    dp_changes_file *file = (dp_changes_file *)f;
    return file->real->pMethods->xSectorSize(file->real);
}
static int dp_c_device_characteristics(sqlite3_file *f) {
    dp_changes_file *file = (dp_changes_file *)f;
    return file->real->pMethods->xDeviceCharacteristics(file->real);
}
static int dp_c_shm_map(sqlite3_file *f, int region, int size, int extend, void volatile **out) {
    dp_changes_file *file = (dp_changes_file *)f;
    return file->real->pMethods->xShmMap(file->real, region, size, extend, out);
}
static int dp_c_shm_lock(sqlite3_file *f, int offset, int count, int flags) {
    dp_changes_file *file = (dp_changes_file *)f;
    int rc = file->real->pMethods->xShmLock(file->real, offset, count, flags);
    /* A WAL write transaction takes the write lock, slot 0 of the shared-memory locks, exclusively. */
    if (rc == SQLITE_OK && offset == 0 && flags == (SQLITE_SHM_LOCK | SQLITE_SHM_EXCLUSIVE)) dp_count_write_begin(file);
    return rc;
}
static void dp_c_shm_barrier(sqlite3_file *f) {
    dp_changes_file *file = (dp_changes_file *)f;
    file->real->pMethods->xShmBarrier(file->real);
}
static int dp_c_shm_unmap(sqlite3_file *f, int delete_flag) {
    dp_changes_file *file = (dp_changes_file *)f;
    return file->real->pMethods->xShmUnmap(file->real, delete_flag);
}
static int dp_c_fetch(sqlite3_file *f, sqlite3_int64 offset, int amount, void **out) {
    dp_changes_file *file = (dp_changes_file *)f;
    /* Memory-mapped pages are only read (SQLite writes through xWrite); the base decides whether to map. */
    return file->real->pMethods->xFetch(file->real, offset, amount, out);
}
static int dp_c_unfetch(sqlite3_file *f, sqlite3_int64 offset, void *pointer) {
    dp_changes_file *file = (dp_changes_file *)f;
    return file->real->pMethods->xUnfetch(file->real, offset, pointer);
}

static const sqlite3_io_methods dp_changes_methods = {
    3,
    dp_c_close, dp_c_read, dp_c_write, dp_c_truncate, dp_c_sync, dp_c_file_size, dp_c_lock, dp_c_unlock,
    dp_c_check_reserved_lock, dp_c_file_control, dp_c_sector_size, dp_c_device_characteristics,
    dp_c_shm_map, dp_c_shm_lock, dp_c_shm_barrier, dp_c_shm_unmap, dp_c_fetch, dp_c_unfetch,
};

/* ---- VFS methods ---- */

static int dp_c_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *f, int flags, int *out_flags) {
    (void)vfs;
    dp_changes_file *file = (dp_changes_file *)f;
    dp_changes_thread_opens += 1;
    memset(file, 0, sizeof(*file));
    file->real = (sqlite3_file *)((char *)file + ((sizeof(dp_changes_file) + 7) & ~(size_t)7));
    int rc = dp_changes_base->xOpen(dp_changes_base, name, file->real, flags, out_flags);
    file->base.pMethods = file->real->pMethods != NULL ? &dp_changes_methods : NULL;
    /* Only opens that can write count: a read-only look at a copy says nothing about who wrote it. */
    if (rc == SQLITE_OK && (flags & SQLITE_OPEN_MAIN_DB) && (flags & SQLITE_OPEN_READWRITE) && name != NULL) {
        pthread_mutex_lock(&dp_changes_lock);
        file->name = name;
        file->generation = dp_generation;
        file->record = dp_find(name);
        if (file->record != NULL) file->record->opens += 1;
        pthread_mutex_unlock(&dp_changes_lock);
    }
    return rc;
}
static int dp_c_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
    (void)vfs;
    return dp_changes_base->xDelete(dp_changes_base, name, sync_dir);
}
static int dp_c_access(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
    (void)vfs;
    return dp_changes_base->xAccess(dp_changes_base, name, flags, out);
}
static int dp_c_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    (void)vfs;
    return dp_changes_base->xFullPathname(dp_changes_base, name, size, out);
}
static void *dp_c_dl_open(sqlite3_vfs *vfs, const char *name) { (void)vfs; return dp_changes_base->xDlOpen(dp_changes_base, name); }
static void dp_c_dl_error(sqlite3_vfs *vfs, int size, char *out) { (void)vfs; dp_changes_base->xDlError(dp_changes_base, size, out); }
static void (*dp_c_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    (void)vfs;
    return dp_changes_base->xDlSym(dp_changes_base, handle, symbol);
}
static void dp_c_dl_close(sqlite3_vfs *vfs, void *handle) { (void)vfs; dp_changes_base->xDlClose(dp_changes_base, handle); }
static int dp_c_randomness(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return dp_changes_base->xRandomness(dp_changes_base, size, out);
}
static int dp_c_sleep(sqlite3_vfs *vfs, int micros) { (void)vfs; return dp_changes_base->xSleep(dp_changes_base, micros); }
static int dp_c_current_time(sqlite3_vfs *vfs, double *out) { (void)vfs; return dp_changes_base->xCurrentTime(dp_changes_base, out); }
static int dp_c_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return dp_changes_base->xGetLastError(dp_changes_base, size, out);
}
static int dp_c_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
    (void)vfs;
    return dp_changes_base->xCurrentTimeInt64(dp_changes_base, out);
}
static int dp_c_set_system_call(sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call) {
    (void)vfs;
    return dp_changes_base->xSetSystemCall(dp_changes_base, name, call);
}
static sqlite3_syscall_ptr dp_c_get_system_call(sqlite3_vfs *vfs, const char *name) {
    (void)vfs;
    return dp_changes_base->xGetSystemCall(dp_changes_base, name);
}
static const char *dp_c_next_system_call(sqlite3_vfs *vfs, const char *name) {
    (void)vfs;
    return dp_changes_base->xNextSystemCall(dp_changes_base, name);
}

static void dp_changes_setup(void) {
    sqlite3_vfs *base = sqlite3_vfs_find(NULL);
    if (base == NULL || base->iVersion < 3) return;
    dp_changes_base = base;
    sqlite3_vfs *vfs = &dp_changes_vfs;
    memset(vfs, 0, sizeof(*vfs));
    vfs->iVersion = 3;
    vfs->szOsFile = (int)(((sizeof(dp_changes_file) + 7) & ~(size_t)7) + (size_t)base->szOsFile);
    vfs->mxPathname = base->mxPathname;
    vfs->zName = DP_CHANGES_VFS_NAME;
    vfs->xOpen = dp_c_open;
    vfs->xDelete = dp_c_delete;
    vfs->xAccess = dp_c_access;
    vfs->xFullPathname = dp_c_full_pathname;
    vfs->xDlOpen = dp_c_dl_open;
    vfs->xDlError = dp_c_dl_error;
    vfs->xDlSym = dp_c_dl_sym;
    vfs->xDlClose = dp_c_dl_close;
    vfs->xRandomness = dp_c_randomness;
    vfs->xSleep = dp_c_sleep;
    vfs->xCurrentTime = dp_c_current_time;
    vfs->xGetLastError = dp_c_get_last_error;
    vfs->xCurrentTimeInt64 = dp_c_current_time_int64;
    vfs->xSetSystemCall = dp_c_set_system_call;
    vfs->xGetSystemCall = dp_c_get_system_call;
    vfs->xNextSystemCall = dp_c_next_system_call;
    dp_changes_register_rc = sqlite3_vfs_register(vfs, 1);
}

int dp_changes_register(void) {
    pthread_once(&dp_changes_once, dp_changes_setup);
    return dp_changes_register_rc;
}

const char *dp_changes_vfs_name(void) { return DP_CHANGES_VFS_NAME; }

/* Whether a file opened through `vfs` reaches the tracker: opens a temporary file through it (deleted on close, never
 * visible under a name) and sees whether the tracker's xOpen ran on this thread meanwhile. */
static int dp_probe_reaches(sqlite3_vfs *vfs) {
    sqlite3_file *file = sqlite3_malloc(vfs->szOsFile);
    if (file == NULL) return 0;
    memset(file, 0, (size_t)vfs->szOsFile);
    int64_t before = dp_changes_thread_opens;
    int flags = SQLITE_OPEN_TEMP_DB | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXCLUSIVE |
                SQLITE_OPEN_DELETEONCLOSE;
    int out_flags = 0;
    int rc = vfs->xOpen(vfs, NULL, file, flags, &out_flags);
    int reaches = rc == SQLITE_OK && dp_changes_thread_opens > before;
    if (file->pMethods != NULL) file->pMethods->xClose(file);
    sqlite3_free(file);
    return reaches;
}

int dp_changes_tracks_default(void) {
    sqlite3_vfs *current = sqlite3_vfs_find(NULL);
    if (current == NULL || dp_changes_base == NULL) return 0;
    if (current == &dp_changes_vfs) return 1;
    if (current == dp_changes_base) return 0;
    /* Another VFS is the default: it may pass through the tracker (a codec stacked over it). Probed once per
     * default; a VFS re-based under the same registration is not seen again, and the harness only loses speed. */
    pthread_mutex_lock(&dp_changes_lock);
    int known = current == dp_probed_default;
    int reaches = dp_probed_reaches;
    pthread_mutex_unlock(&dp_changes_lock);
    if (known) return reaches;
    reaches = dp_probe_reaches(current);
    pthread_mutex_lock(&dp_changes_lock);
    dp_probed_default = current;
    dp_probed_reaches = reaches;
    pthread_mutex_unlock(&dp_changes_lock);
    return reaches;
}

int dp_changes_make_default(void) {
    int rc = dp_changes_register();
    if (rc != SQLITE_OK) return rc;
    sqlite3_vfs *current = sqlite3_vfs_find(NULL);
    if (current == &dp_changes_vfs) return SQLITE_OK;
    /* Back on top only of the VFS it passes through to. A VFS the process made the default since (a codec installed
     * as the default, an app's own) stays the default: taking its place would send connections opened by default
     * past it. When that VFS passes through the tracker, files opened by default are still tracked; when it does not,
     * the harness compares whole files. */
    if (current == dp_changes_base) return sqlite3_vfs_register(&dp_changes_vfs, 1);
    return dp_changes_tracks_default() ? SQLITE_OK : SQLITE_BUSY;
}

int dp_changes_watch(const char *path) {
    if (path == NULL) return SQLITE_MISUSE;
    pthread_mutex_lock(&dp_changes_lock);
    dp_record *record = dp_find(path);
    if (record == NULL) {
        /* A new record each time (never one an unwatched path left: a file still open on it would write into it). */
        record = calloc(1, sizeof(dp_record));
        char *copy = strdup(path);
        if (record == NULL || copy == NULL) {
            free(record);
            free(copy);
            pthread_mutex_unlock(&dp_changes_lock);
            return SQLITE_NOMEM;
        }
        record->path = copy;
        record->active = 1;
        record->next = dp_records;
        dp_records = record;
        dp_generation += 1;
    }
    dp_forget(record);
    pthread_mutex_unlock(&dp_changes_lock);
    return SQLITE_OK;
}

int64_t dp_changes_write_begins(const char *path) {
    if (path == NULL) return -1;
    pthread_mutex_lock(&dp_changes_lock);
    dp_record *record = dp_find(path);
    int64_t count = record != NULL ? record->write_begins : -1;
    pthread_mutex_unlock(&dp_changes_lock);
    return count;
}

void dp_changes_unwatch(const char *path) {
    if (path == NULL) return;
    pthread_mutex_lock(&dp_changes_lock);
    dp_record *record = dp_find(path);
    if (record != NULL) {
        /* An open file may still hold the record: it stays allocated (a path's worth of memory), inactive, and is
         * never reused; its bitmap is freed (writes to an inactive record are not marked). */
        record->active = 0;
        free(record->bits);
        record->bits = NULL;
        record->bit_bytes = 0;
        dp_generation += 1;
    }
    pthread_mutex_unlock(&dp_changes_lock);
}

int64_t dp_changes_drain(const char *path, uint32_t *units, int64_t capacity, int64_t *opens, int64_t *truncated_to,
                         int64_t *counters, int forget) {
    if (path == NULL) return -1;
    pthread_mutex_lock(&dp_changes_lock);
    dp_record *record = dp_find(path);
    if (record == NULL) {
        pthread_mutex_unlock(&dp_changes_lock);
        return -1;
    }
    int64_t count = 0;
    for (int64_t byte = 0; byte < record->bit_bytes; byte++) {
        uint8_t bits = record->bits[byte];
        if (bits == 0) continue;
        for (int bit = 0; bit < 8; bit++) {
            if (!(bits & (1u << bit))) continue;
            if (count < capacity && units != NULL) units[count] = (uint32_t)(byte * 8 + bit);
            count++;
        }
    }
    if (opens != NULL) *opens = record->opens;
    if (truncated_to != NULL) *truncated_to = record->truncated_to;
    if (counters != NULL) {
        counters[0] = record->counters_seen ? (record->counters_broken ? 2 : 1) : 0;
        counters[1] = record->counter_first;
        counters[2] = record->counter_last;
        counters[3] = record->stamp;
    }
    if (forget && count <= capacity) dp_forget(record);
    pthread_mutex_unlock(&dp_changes_lock);
    return count;
}
