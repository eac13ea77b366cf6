/* DriverPort test support: a fault-injecting VFS shim. See include/fault_vfs.h for what it does and why. */
#include "fault_vfs.h"

#include "shim_forwarding.h"

#include <pthread.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

struct dp_fault_vfs {
    dp_shim_head head;        /* what SQLite sees and the VFS every call is forwarded to; must stay first */
    char *name;
    pthread_mutex_t lock;     /* guards every field below */
    int64_t calls[DP_FAULT_KIND_COUNT];
    uint32_t kind_mask;
    uint32_t file_mask;
    int64_t nth;              /* 0: not armed (count only) */
    int64_t matching;
    int64_t injected;
    int error_code;
    int persistent;
    int fired;
    int last_kind;            /* kind of the last injected call, -1 if none */
    dp_fault_action action;
};

typedef struct {
    sqlite3_file base;        /* pMethods = the shim's methods; must stay first */
    dp_fault_vfs *owner;
    uint32_t file_class;
    sqlite3_file *real;       /* the base VFS's file, stored right after this struct */
} fault_file;

/* The code SQLite's unix VFS returns when a call of this kind fails. */
static int default_error(dp_fault_kind kind) {
    switch (kind) {
    case DP_FAULT_OPEN: return SQLITE_CANTOPEN;
    case DP_FAULT_READ: return SQLITE_IOERR_READ;
    case DP_FAULT_WRITE: return SQLITE_IOERR_WRITE;
    case DP_FAULT_SYNC: return SQLITE_IOERR_FSYNC;
    case DP_FAULT_TRUNCATE: return SQLITE_IOERR_TRUNCATE;
    case DP_FAULT_FILE_SIZE: return SQLITE_IOERR_FSTAT;
    case DP_FAULT_LOCK: return SQLITE_IOERR_LOCK;
    case DP_FAULT_UNLOCK: return SQLITE_IOERR_UNLOCK;
    case DP_FAULT_CHECK_RESERVED: return SQLITE_IOERR_CHECKRESERVEDLOCK;
    case DP_FAULT_DELETE: return SQLITE_IOERR_DELETE;
    case DP_FAULT_ACCESS: return SQLITE_IOERR_ACCESS;
    case DP_FAULT_SHM_MAP: return SQLITE_IOERR_SHMMAP;
    case DP_FAULT_SHM_LOCK: return SQLITE_IOERR_SHMLOCK;
    default: return SQLITE_IOERR;
    }
}

/* Decides, under the lock, what a call of `kind` on a file of `file_class` does. Returns 0 to forward it, or the
 * error code to return (for DP_FAULT_ACTION_TORN_WRITE the caller writes half first). Kills the process for
 * DP_FAULT_ACTION_KILL. */
static int decide(dp_fault_vfs *v, dp_fault_kind kind, uint32_t file_class, dp_fault_action *action) {
    int result = 0;
    pthread_mutex_lock(&v->lock);
    v->calls[kind]++;
    if ((v->kind_mask & (1u << kind)) && (v->file_mask & file_class)) {
        v->matching++;
        if (v->nth > 0 && (v->matching == v->nth || (v->persistent && v->fired))) {
            v->fired = 1;
            v->injected++;
            v->last_kind = (int)kind;
            result = v->error_code ? v->error_code : default_error(kind);
            *action = v->action;
        }
    }
    pthread_mutex_unlock(&v->lock);
    if (result != 0 && *action == DP_FAULT_ACTION_KILL) {
        raise(SIGKILL);
    }
    return result;
}

static uint32_t class_from_open_flags(int flags) {
    if (flags & SQLITE_OPEN_MAIN_DB) return DP_FAULT_FILE_MAIN_DB;
    if (flags & SQLITE_OPEN_MAIN_JOURNAL) return DP_FAULT_FILE_JOURNAL;
    if (flags & SQLITE_OPEN_WAL) return DP_FAULT_FILE_WAL;
    return DP_FAULT_FILE_OTHER;
}

static int has_suffix(const char *name, const char *suffix) {
    size_t n = strlen(name), s = strlen(suffix);
    return n >= s && strcmp(name + n - s, suffix) == 0;
}

static uint32_t class_from_name(const char *name) {
    if (name == NULL) return DP_FAULT_FILE_OTHER;
    if (has_suffix(name, "-journal")) return DP_FAULT_FILE_JOURNAL;
    if (has_suffix(name, "-wal") || has_suffix(name, "-shm")) return DP_FAULT_FILE_WAL;
    return DP_FAULT_FILE_MAIN_DB;
}

/* MARK: file methods */

static int f_close(sqlite3_file *file) {
    fault_file *f = (fault_file *)file;
    int rc = f->real->pMethods ? f->real->pMethods->xClose(f->real) : SQLITE_OK;
    f->base.pMethods = NULL;
    return rc;
}

static int f_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    fault_file *f = (fault_file *)file;
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    int rc = decide(f->owner, DP_FAULT_READ, f->file_class, &action);
    if (rc) return rc;
    return f->real->pMethods->xRead(f->real, buffer, amount, offset);
}

static int f_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    fault_file *f = (fault_file *)file;
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    int rc = decide(f->owner, DP_FAULT_WRITE, f->file_class, &action);
    if (rc) {
        if (action == DP_FAULT_ACTION_TORN_WRITE && amount > 1) {
            f->real->pMethods->xWrite(f->real, buffer, amount / 2, offset);
        }
        return rc;
    }
    return f->real->pMethods->xWrite(f->real, buffer, amount, offset);
}

static int f_truncate(sqlite3_file *file, sqlite3_int64 size) {
    fault_file *f = (fault_file *)file;
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    int rc = decide(f->owner, DP_FAULT_TRUNCATE, f->file_class, &action);
    if (rc) return rc;
    return f->real->pMethods->xTruncate(f->real, size);
}

static int f_sync(sqlite3_file *file, int flags) {
    fault_file *f = (fault_file *)file;
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    int rc = decide(f->owner, DP_FAULT_SYNC, f->file_class, &action);
    if (rc) return rc;
    return f->real->pMethods->xSync(f->real, flags);
}

static int f_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    fault_file *f = (fault_file *)file;
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    int rc = decide(f->owner, DP_FAULT_FILE_SIZE, f->file_class, &action);
    if (rc) return rc;
    return f->real->pMethods->xFileSize(f->real, size);
}

static int f_lock(sqlite3_file *file, int level) {
    fault_file *f = (fault_file *)file;
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    int rc = decide(f->owner, DP_FAULT_LOCK, f->file_class, &action);
    if (rc) return rc;
    return f->real->pMethods->xLock(f->real, level);
}

static int f_unlock(sqlite3_file *file, int level) {
    fault_file *f = (fault_file *)file;
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    int rc = decide(f->owner, DP_FAULT_UNLOCK, f->file_class, &action);
    if (rc) return rc;
    return f->real->pMethods->xUnlock(f->real, level);
}

static int f_check_reserved(sqlite3_file *file, int *out) {
    fault_file *f = (fault_file *)file;
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    int rc = decide(f->owner, DP_FAULT_CHECK_RESERVED, f->file_class, &action);
    if (rc) return rc;
    return f->real->pMethods->xCheckReservedLock(f->real, out);
}

static int f_file_control(sqlite3_file *file, int op, void *arg) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xFileControl(f->real, op, arg);
}

static int f_sector_size(sqlite3_file *file) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xSectorSize(f->real);
}

static int f_device_characteristics(sqlite3_file *file) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xDeviceCharacteristics(f->real);
}

static int f_shm_map(sqlite3_file *file, int region, int size, int extend, void volatile **out) {
    fault_file *f = (fault_file *)file;
    if (f->real->pMethods->iVersion < 2) return SQLITE_IOERR_SHMMAP;
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    int rc = decide(f->owner, DP_FAULT_SHM_MAP, DP_FAULT_FILE_WAL, &action);
    if (rc) return rc;
    return f->real->pMethods->xShmMap(f->real, region, size, extend, out);
}

static int f_shm_lock(sqlite3_file *file, int offset, int n, int flags) {
    fault_file *f = (fault_file *)file;
    if (f->real->pMethods->iVersion < 2) return SQLITE_IOERR_SHMLOCK;
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    /* Releasing a lock must always work: SQLite ignores the result and would leave the lock held. */
    if (!(flags & SQLITE_SHM_UNLOCK)) {
        int rc = decide(f->owner, DP_FAULT_SHM_LOCK, DP_FAULT_FILE_WAL, &action);
        if (rc) return rc;
    }
    return f->real->pMethods->xShmLock(f->real, offset, n, flags);
}

static void f_shm_barrier(sqlite3_file *file) {
    fault_file *f = (fault_file *)file;
    if (f->real->pMethods->iVersion >= 2) f->real->pMethods->xShmBarrier(f->real);
}

static int f_shm_unmap(sqlite3_file *file, int delete_flag) {
    fault_file *f = (fault_file *)file;
    if (f->real->pMethods->iVersion < 2) return SQLITE_OK;
    return f->real->pMethods->xShmUnmap(f->real, delete_flag);
}

static int f_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out) {
    fault_file *f = (fault_file *)file;
    if (f->real->pMethods->iVersion < 3) { *out = NULL; return SQLITE_OK; }
    return f->real->pMethods->xFetch(f->real, offset, amount, out);
}

static int f_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
    fault_file *f = (fault_file *)file;
    if (f->real->pMethods->iVersion < 3) return SQLITE_OK;
    return f->real->pMethods->xUnfetch(f->real, offset, page);
}

static const sqlite3_io_methods fault_io_methods = {
    3, f_close, f_read, f_write, f_truncate, f_sync, f_file_size, f_lock, f_unlock, f_check_reserved,
    f_file_control, f_sector_size, f_device_characteristics, f_shm_map, f_shm_lock, f_shm_barrier, f_shm_unmap,
    f_fetch, f_unfetch,
};

/* MARK: VFS methods */

static dp_fault_vfs *owner_of(sqlite3_vfs *vfs) { return (dp_fault_vfs *)vfs; }

static int v_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    dp_fault_vfs *v = owner_of(vfs);
    fault_file *f = (fault_file *)file;
    memset(f, 0, sizeof(*f));
    f->owner = v;
    f->file_class = class_from_open_flags(flags);
    f->real = (sqlite3_file *)&f[1];
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    int rc = decide(v, DP_FAULT_OPEN, f->file_class, &action);
    if (rc) return rc;
    rc = v->head.base->xOpen(v->head.base, name, f->real, flags, out_flags);
    /* SQLite calls xClose only when pMethods is set: set it exactly when the base file needs closing. */
    f->base.pMethods = f->real->pMethods ? &fault_io_methods : NULL;
    return rc;
}

static int v_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
    dp_fault_vfs *v = owner_of(vfs);
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    int rc = decide(v, DP_FAULT_DELETE, class_from_name(name), &action);
    if (rc) return rc;
    return v->head.base->xDelete(v->head.base, name, sync_dir);
}

static int v_access(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
    dp_fault_vfs *v = owner_of(vfs);
    dp_fault_action action = DP_FAULT_ACTION_ERROR;
    int rc = decide(v, DP_FAULT_ACCESS, class_from_name(name), &action);
    if (rc) return rc;
    return v->head.base->xAccess(v->head.base, name, flags, out);
}

/* MARK: public API */

dp_fault_vfs *dp_fault_vfs_register(const char *name, const char *base_name) {
    if (name == NULL || sqlite3_initialize() != SQLITE_OK) return NULL;
    sqlite3_vfs *base = sqlite3_vfs_find(base_name);
    if (base == NULL || sqlite3_vfs_find(name) != NULL) return NULL;
    dp_fault_vfs *v = calloc(1, sizeof(*v));
    if (v == NULL) return NULL;
    v->name = strdup(name);
    if (v->name == NULL) { free(v); return NULL; }
    pthread_mutex_init(&v->lock, NULL);
    v->last_kind = -1;
    v->head.base = base;
    dp_shim_fill_forwarding(&v->head, (int)sizeof(fault_file));
    v->head.vfs.zName = v->name;
    v->head.vfs.xOpen = v_open;
    v->head.vfs.xDelete = v_delete;
    v->head.vfs.xAccess = v_access;
    if (sqlite3_vfs_register(&v->head.vfs, 0) != SQLITE_OK) {
        pthread_mutex_destroy(&v->lock);
        free(v->name);
        free(v);
        return NULL;
    }
    return v;
}

int dp_fault_vfs_make_default(dp_fault_vfs *v) {
    return sqlite3_vfs_register(&v->head.vfs, 1);
}

void dp_fault_vfs_unregister(dp_fault_vfs *v) {
    if (v == NULL) return;
    sqlite3_vfs_unregister(&v->head.vfs);
    pthread_mutex_destroy(&v->lock);
    free(v->name);
    free(v);
}

const char *dp_fault_vfs_name(const dp_fault_vfs *v) { return v->name; }

void dp_fault_vfs_arm(dp_fault_vfs *v, uint32_t kind_mask, uint32_t file_mask, int64_t nth, int error_code,
                      int persistent, dp_fault_action action) {
    pthread_mutex_lock(&v->lock);
    v->kind_mask = kind_mask;
    v->file_mask = file_mask;
    v->nth = nth;
    v->error_code = error_code;
    v->persistent = persistent;
    v->action = action;
    v->matching = 0;
    v->injected = 0;
    v->fired = 0;
    v->last_kind = -1;
    pthread_mutex_unlock(&v->lock);
}

void dp_fault_vfs_disarm(dp_fault_vfs *v) {
    pthread_mutex_lock(&v->lock);
    v->nth = 0;
    v->fired = 0;
    pthread_mutex_unlock(&v->lock);
}

int64_t dp_fault_vfs_calls(dp_fault_vfs *v, dp_fault_kind kind) {
    if ((int)kind < 0 || kind >= DP_FAULT_KIND_COUNT) return 0;
    pthread_mutex_lock(&v->lock);
    int64_t n = v->calls[kind];
    pthread_mutex_unlock(&v->lock);
    return n;
}

int64_t dp_fault_vfs_matching_calls(dp_fault_vfs *v) {
    pthread_mutex_lock(&v->lock);
    int64_t n = v->matching;
    pthread_mutex_unlock(&v->lock);
    return n;
}

int64_t dp_fault_vfs_injected(dp_fault_vfs *v) {
    pthread_mutex_lock(&v->lock);
    int64_t n = v->injected;
    pthread_mutex_unlock(&v->lock);
    return n;
}

int dp_fault_vfs_last_injected_kind(dp_fault_vfs *v) {
    pthread_mutex_lock(&v->lock);
    int kind = v->last_kind;
    pthread_mutex_unlock(&v->lock);
    return kind;
}

void dp_fault_vfs_reset_counts(dp_fault_vfs *v) {
    pthread_mutex_lock(&v->lock);
    memset(v->calls, 0, sizeof(v->calls));
    v->matching = 0;
    v->injected = 0;
    pthread_mutex_unlock(&v->lock);
}
