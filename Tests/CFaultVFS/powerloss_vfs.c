/* DriverPort test support: a power-loss simulating VFS shim. See include/powerloss_vfs.h for what it models. */
#include "powerloss_vfs.h"

#include <errno.h>
#include <fcntl.h>
#include "shim_forwarding.h"

#include <pthread.h>
#include <stdio.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One unsynced change of a file. */
typedef struct pl_op {
    int is_truncate;
    int64_t offset;           /* write: where; truncate: the new size */
    int64_t length;
    unsigned char *data;
    struct pl_op *next;
} pl_op;

/* What the disk durably holds of one path, and what was written to it since its last sync. */
typedef struct pl_path {
    char *name;
    int is_main_db;
    int exists;               /* the file is on the disk (created or found, not deleted since) */
    int detached;             /* renamed over: its inode has no name; kept while a handle may still point here */
    unsigned char *image;     /* the content as of the last sync */
    int64_t size;
    pl_op *head, *tail;
    struct pl_path *next;
} pl_path;

struct dp_powerloss_vfs {
    dp_shim_head head;        /* what SQLite sees and the VFS every call is forwarded to; must stay first */
    char *name;
    pthread_mutex_t lock;     /* guards every field below and every pl_path */
    pl_path *paths;
    int64_t nth;              /* 0: never cut */
    int64_t events;
    int64_t completed_syncs;
    int64_t durable_syncs;    /* completed syncs at the cut */
    int cut;
};

typedef struct {
    sqlite3_file base;        /* pMethods = the shim's methods; must stay first */
    dp_powerloss_vfs *owner;
    pl_path *path;            /* NULL: not recorded (temp files) */
    sqlite3_file *real;       /* the base VFS's file, stored right after this struct */
} pl_file;

/* MARK: recorded state (callers hold the lock) */

static void mark_removed(struct pl_path *p);

static void free_ops(pl_path *p) {
    pl_op *op = p->head;
    while (op) {
        pl_op *next = op->next;
        free(op->data);
        free(op);
        op = next;
    }
    p->head = p->tail = NULL;
}

static void forget_all(dp_powerloss_vfs *v) {
    pl_path *p = v->paths;
    while (p) {
        pl_path *next = p->next;
        free_ops(p);
        free(p->image);
        free(p->name);
        free(p);
        p = next;
    }
    v->paths = NULL;
}

static pl_path *find_path(dp_powerloss_vfs *v, const char *name) {
    for (pl_path *p = v->paths; p; p = p->next) {
        if (!p->detached && strcmp(p->name, name) == 0) return p;
    }
    return NULL;
}

/* Sets `*image` to hold at least `size` bytes, zero-filling what is new. */
static int resize_image(unsigned char **image, int64_t *size, int64_t new_size) {
    if (new_size > *size) {
        unsigned char *grown = realloc(*image, (size_t)new_size);
        if (grown == NULL) return SQLITE_NOMEM;
        memset(grown + *size, 0, (size_t)(new_size - *size));
        *image = grown;
    }
    *size = new_size;
    return SQLITE_OK;
}

static int write_image(unsigned char **image, int64_t *size, const unsigned char *data, int64_t length, int64_t offset) {
    if (offset + length > *size) {
        int rc = resize_image(image, size, offset + length);
        if (rc) return rc;
    }
    memcpy(*image + offset, data, (size_t)length);
    return SQLITE_OK;
}

static int append_op(pl_path *p, int is_truncate, const void *data, int64_t length, int64_t offset) {
    pl_op *op = calloc(1, sizeof(*op));
    if (op == NULL) return SQLITE_NOMEM;
    op->is_truncate = is_truncate;
    op->offset = offset;
    op->length = length;
    if (!is_truncate && length > 0) {
        op->data = malloc((size_t)length);
        if (op->data == NULL) { free(op); return SQLITE_NOMEM; }
        memcpy(op->data, data, (size_t)length);
    }
    if (p->tail) p->tail->next = op; else p->head = op;
    p->tail = op;
    return SQLITE_OK;
}

/* A sync: the unsynced changes become durable. */
static int flush_ops(pl_path *p) {
    for (pl_op *op = p->head; op; op = op->next) {
        int rc = op->is_truncate ? resize_image(&p->image, &p->size, op->offset)
                                 : write_image(&p->image, &p->size, op->data, op->length, op->offset);
        if (rc) return rc;
    }
    free_ops(p);
    return SQLITE_OK;
}

/* Counts a disk-changing event; returns 1 when the power is (or just went) out and the call must fail. */
static int power_is_out(dp_powerloss_vfs *v) {
    if (v->cut) return 1;
    v->events++;
    if (v->nth > 0 && v->events == v->nth) {
        v->cut = 1;
        v->durable_syncs = v->completed_syncs;
        return 1;
    }
    return 0;
}

/* MARK: file methods */

static int f_close(sqlite3_file *file) {
    pl_file *f = (pl_file *)file;
    int rc = f->real->pMethods ? f->real->pMethods->xClose(f->real) : SQLITE_OK;
    f->base.pMethods = NULL;
    return rc;
}

static int f_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    pl_file *f = (pl_file *)file;
    return f->real->pMethods->xRead(f->real, buffer, amount, offset);
}

static int f_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    pl_file *f = (pl_file *)file;
    if (f->path == NULL) return f->real->pMethods->xWrite(f->real, buffer, amount, offset);
    dp_powerloss_vfs *v = f->owner;
    pthread_mutex_lock(&v->lock);
    int rc = power_is_out(v) ? SQLITE_IOERR_WRITE : f->real->pMethods->xWrite(f->real, buffer, amount, offset);
    if (rc == SQLITE_OK && !v->cut) rc = append_op(f->path, 0, buffer, amount, offset);
    pthread_mutex_unlock(&v->lock);
    return rc;
}

static int f_truncate(sqlite3_file *file, sqlite3_int64 size) {
    pl_file *f = (pl_file *)file;
    if (f->path == NULL) return f->real->pMethods->xTruncate(f->real, size);
    dp_powerloss_vfs *v = f->owner;
    pthread_mutex_lock(&v->lock);
    int rc = power_is_out(v) ? SQLITE_IOERR_TRUNCATE : f->real->pMethods->xTruncate(f->real, size);
    if (rc == SQLITE_OK) rc = append_op(f->path, 1, NULL, 0, size);
    pthread_mutex_unlock(&v->lock);
    return rc;
}

static int f_sync(sqlite3_file *file, int flags) {
    pl_file *f = (pl_file *)file;
    if (f->path == NULL) return f->real->pMethods->xSync(f->real, flags);
    dp_powerloss_vfs *v = f->owner;
    pthread_mutex_lock(&v->lock);
    int rc = power_is_out(v) ? SQLITE_IOERR_FSYNC : f->real->pMethods->xSync(f->real, flags);
    if (rc == SQLITE_OK) rc = flush_ops(f->path);
    if (rc == SQLITE_OK) v->completed_syncs++;
    pthread_mutex_unlock(&v->lock);
    return rc;
}

static int f_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    pl_file *f = (pl_file *)file;
    return f->real->pMethods->xFileSize(f->real, size);
}

static int f_lock(sqlite3_file *file, int level) {
    pl_file *f = (pl_file *)file;
    return f->real->pMethods->xLock(f->real, level);
}

static int f_unlock(sqlite3_file *file, int level) {
    pl_file *f = (pl_file *)file;
    return f->real->pMethods->xUnlock(f->real, level);
}

static int f_check_reserved(sqlite3_file *file, int *out) {
    pl_file *f = (pl_file *)file;
    return f->real->pMethods->xCheckReservedLock(f->real, out);
}

static int f_file_control(sqlite3_file *file, int op, void *arg) {
    pl_file *f = (pl_file *)file;
    /* No memory-mapped I/O: every read goes through xRead. */
    if (op == SQLITE_FCNTL_MMAP_SIZE) {
        if (arg) *(sqlite3_int64 *)arg = 0;
        return SQLITE_OK;
    }
    return f->real->pMethods->xFileControl(f->real, op, arg);
}

static int f_sector_size(sqlite3_file *file) {
    pl_file *f = (pl_file *)file;
    return f->real->pMethods->xSectorSize(f->real);
}

static int f_device_characteristics(sqlite3_file *file) {
    pl_file *f = (pl_file *)file;
    return f->real->pMethods->xDeviceCharacteristics(f->real);
}

static int f_shm_map(sqlite3_file *file, int region, int size, int extend, void volatile **out) {
    pl_file *f = (pl_file *)file;
    if (f->real->pMethods->iVersion < 2) return SQLITE_IOERR_SHMMAP;
    return f->real->pMethods->xShmMap(f->real, region, size, extend, out);
}

static int f_shm_lock(sqlite3_file *file, int offset, int n, int flags) {
    pl_file *f = (pl_file *)file;
    if (f->real->pMethods->iVersion < 2) return SQLITE_IOERR_SHMLOCK;
    return f->real->pMethods->xShmLock(f->real, offset, n, flags);
}

static void f_shm_barrier(sqlite3_file *file) {
    pl_file *f = (pl_file *)file;
    if (f->real->pMethods->iVersion >= 2) f->real->pMethods->xShmBarrier(f->real);
}

static int f_shm_unmap(sqlite3_file *file, int delete_flag) {
    pl_file *f = (pl_file *)file;
    if (f->real->pMethods->iVersion < 2) return SQLITE_OK;
    return f->real->pMethods->xShmUnmap(f->real, delete_flag);
}

static int f_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out) {
    (void)file; (void)offset; (void)amount;
    *out = NULL;
    return SQLITE_OK;
}

static int f_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
    (void)file; (void)offset; (void)page;
    return SQLITE_OK;
}

static const sqlite3_io_methods powerloss_io_methods = {
    3, f_close, f_read, f_write, f_truncate, f_sync, f_file_size, f_lock, f_unlock, f_check_reserved,
    f_file_control, f_sector_size, f_device_characteristics, f_shm_map, f_shm_lock, f_shm_barrier, f_shm_unmap,
    f_fetch, f_unfetch,
};

/* MARK: VFS methods */

static dp_powerloss_vfs *owner_of(sqlite3_vfs *vfs) { return (dp_powerloss_vfs *)vfs; }

/* The path's record, created from what the disk holds now when it has none (or the file was deleted since). */
static int record_path(dp_powerloss_vfs *v, const char *name, int is_main_db, sqlite3_file *real, pl_path **out) {
    pl_path *p = find_path(v, name);
    if (p && p->exists) { *out = p; return SQLITE_OK; }
    if (p == NULL) {
        p = calloc(1, sizeof(*p));
        if (p == NULL) return SQLITE_NOMEM;
        p->name = strdup(name);
        if (p->name == NULL) { free(p); return SQLITE_NOMEM; }
        p->next = v->paths;
        v->paths = p;
    }
    p->is_main_db = p->is_main_db || is_main_db;
    free_ops(p);
    free(p->image);
    p->image = NULL;
    p->size = 0;
    sqlite3_int64 size = 0;
    int rc = real->pMethods->xFileSize(real, &size);
    if (rc == SQLITE_OK && size > 0) {
        rc = resize_image(&p->image, &p->size, size);
        if (rc == SQLITE_OK) rc = real->pMethods->xRead(real, p->image, (int)size, 0);
    }
    if (rc != SQLITE_OK) return rc;
    p->exists = 1;
    *out = p;
    return SQLITE_OK;
}

static int v_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    dp_powerloss_vfs *v = owner_of(vfs);
    pl_file *f = (pl_file *)file;
    memset(f, 0, sizeof(*f));
    f->owner = v;
    f->real = (sqlite3_file *)&f[1];
    int recorded = name != NULL && (flags & (SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_WAL))
        && !(flags & SQLITE_OPEN_DELETEONCLOSE);
    pthread_mutex_lock(&v->lock);
    int out = v->cut;
    pthread_mutex_unlock(&v->lock);
    if (recorded && out && (flags & SQLITE_OPEN_CREATE)) return SQLITE_CANTOPEN;
    int rc = v->head.base->xOpen(v->head.base, name, f->real, flags, out_flags);
    f->base.pMethods = f->real->pMethods ? &powerloss_io_methods : NULL;
    if (rc != SQLITE_OK || !recorded) return rc;
    pthread_mutex_lock(&v->lock);
    rc = record_path(v, name, (flags & SQLITE_OPEN_MAIN_DB) != 0, f->real, &f->path);
    pthread_mutex_unlock(&v->lock);
    if (rc != SQLITE_OK) {
        f->real->pMethods->xClose(f->real);
        f->base.pMethods = NULL;
    }
    return rc;
}

static int v_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
    dp_powerloss_vfs *v = owner_of(vfs);
    pthread_mutex_lock(&v->lock);
    pl_path *p = find_path(v, name);
    int rc;
    if (p && power_is_out(v)) {
        rc = SQLITE_IOERR_DELETE;
    } else {
        rc = v->head.base->xDelete(v->head.base, name, sync_dir);
        if (p && (rc == SQLITE_OK || rc == SQLITE_IOERR_DELETE_NOENT)) mark_removed(p);
    }
    pthread_mutex_unlock(&v->lock);
    return rc;
}

static int v_access(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
    sqlite3_vfs *base = owner_of(vfs)->head.base;
    return base->xAccess(base, name, flags, out);
}

/* MARK: the disk after the cut */

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t name_hash(const char *name) {
    uint64_t h = 1469598103934665603ull;
    for (; *name; name++) h = (h ^ (unsigned char)*name) * 1099511628211ull;
    return h;
}

/* The content of `p` after the cut in `mode`, in a new buffer (`*size` bytes). */
static int image_after_cut(const pl_path *p, dp_powerloss_mode mode, uint64_t seed, unsigned char **out, int64_t *size) {
    unsigned char *image = NULL;
    int64_t length = 0;
    int rc = resize_image(&image, &length, p->size);
    if (rc) return rc;
    if (p->size > 0) memcpy(image, p->image, (size_t)p->size);
    const pl_op *last_write = NULL;
    for (const pl_op *op = p->head; op; op = op->next) {
        if (!op->is_truncate) last_write = op;
    }
    uint64_t random = seed ^ name_hash(p->name);
    for (const pl_op *op = p->head; op && rc == SQLITE_OK && mode != DP_POWERLOSS_DROP; op = op->next) {
        if (op->is_truncate) {
            if (mode != DP_POWERLOSS_TORN_SECTORS || (splitmix(&random) & 1)) rc = resize_image(&image, &length, op->offset);
            continue;
        }
        if (mode == DP_POWERLOSS_KEEP || (mode == DP_POWERLOSS_TORN_PREFIX && op != last_write)) {
            rc = write_image(&image, &length, op->data, op->length, op->offset);
        } else if (mode == DP_POWERLOSS_TORN_PREFIX) {
            int64_t prefix = op->length < DP_POWERLOSS_SECTOR ? op->length : DP_POWERLOSS_SECTOR;
            rc = write_image(&image, &length, op->data, prefix, op->offset);
        } else {
            /* Sector by sector of the file, each kept or lost. */
            int64_t at = op->offset, end = op->offset + op->length;
            while (at < end && rc == SQLITE_OK) {
                int64_t next = (at / DP_POWERLOSS_SECTOR + 1) * DP_POWERLOSS_SECTOR;
                if (next > end) next = end;
                if (splitmix(&random) & 1) rc = write_image(&image, &length, op->data + (at - op->offset), next - at, at);
                at = next;
            }
        }
    }
    if (rc) { free(image); return rc; }
    *out = image;
    *size = length;
    return SQLITE_OK;
}

static int write_file(const char *name, const unsigned char *data, int64_t size) {
    int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return errno;
    int64_t done = 0;
    while (done < size) {
        ssize_t n = write(fd, data + done, (size_t)(size - done));
        if (n < 0) {
            if (errno == EINTR) continue;
            int error = errno;
            close(fd);
            return error;
        }
        done += n;
    }
    close(fd);
    return 0;
}

/* Removes `name + suffix` unless it has a record (recorded files are written or removed by the caller). */
static void remove_unrecorded(dp_powerloss_vfs *v, const char *name, const char *suffix) {
    size_t n = strlen(name), s = strlen(suffix);
    char *sidecar = malloc(n + s + 1);
    if (sidecar == NULL) return;
    memcpy(sidecar, name, n);
    memcpy(sidecar + n, suffix, s + 1);
    if (find_path(v, sidecar) == NULL) unlink(sidecar);
    free(sidecar);
}

/* MARK: public API */

dp_powerloss_vfs *dp_powerloss_vfs_register(const char *name, const char *base_name) {
    if (name == NULL || sqlite3_initialize() != SQLITE_OK) return NULL;
    sqlite3_vfs *base = sqlite3_vfs_find(base_name);
    if (base == NULL || sqlite3_vfs_find(name) != NULL) return NULL;
    dp_powerloss_vfs *v = calloc(1, sizeof(*v));
    if (v == NULL) return NULL;
    v->name = strdup(name);
    if (v->name == NULL) { free(v); return NULL; }
    pthread_mutex_init(&v->lock, NULL);
    v->head.base = base;
    dp_shim_fill_forwarding(&v->head, (int)sizeof(pl_file));
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

void dp_powerloss_vfs_unregister(dp_powerloss_vfs *v) {
    if (v == NULL) return;
    sqlite3_vfs_unregister(&v->head.vfs);
    forget_all(v);
    pthread_mutex_destroy(&v->lock);
    free(v->name);
    free(v);
}

const char *dp_powerloss_vfs_name(const dp_powerloss_vfs *v) { return v->name; }

void dp_powerloss_vfs_arm(dp_powerloss_vfs *v, int64_t nth) {
    pthread_mutex_lock(&v->lock);
    forget_all(v);
    v->nth = nth;
    v->events = 0;
    v->completed_syncs = 0;
    v->durable_syncs = 0;
    v->cut = 0;
    pthread_mutex_unlock(&v->lock);
}

int64_t dp_powerloss_vfs_events(dp_powerloss_vfs *v) {
    pthread_mutex_lock(&v->lock);
    int64_t n = v->events;
    pthread_mutex_unlock(&v->lock);
    return n;
}

int64_t dp_powerloss_vfs_completed_syncs(dp_powerloss_vfs *v) {
    pthread_mutex_lock(&v->lock);
    int64_t n = v->completed_syncs;
    pthread_mutex_unlock(&v->lock);
    return n;
}

int dp_powerloss_vfs_cut(dp_powerloss_vfs *v) {
    pthread_mutex_lock(&v->lock);
    int cut = v->cut;
    pthread_mutex_unlock(&v->lock);
    return cut;
}

int64_t dp_powerloss_vfs_durable_syncs(dp_powerloss_vfs *v) {
    pthread_mutex_lock(&v->lock);
    int64_t n = v->cut ? v->durable_syncs : v->completed_syncs;
    pthread_mutex_unlock(&v->lock);
    return n;
}

int64_t dp_powerloss_vfs_unsynced(dp_powerloss_vfs *v) {
    pthread_mutex_lock(&v->lock);
    int64_t n = 0;
    for (pl_path *p = v->paths; p; p = p->next) {
        for (pl_op *op = p->head; op; op = op->next) n++;
    }
    pthread_mutex_unlock(&v->lock);
    return n;
}

void dp_powerloss_vfs_cut_now(dp_powerloss_vfs *v) {
    pthread_mutex_lock(&v->lock);
    if (!v->cut) {
        v->cut = 1;
        v->durable_syncs = v->completed_syncs;
    }
    pthread_mutex_unlock(&v->lock);
}

int dp_powerloss_vfs_apply(dp_powerloss_vfs *v, dp_powerloss_mode mode, uint64_t seed) {
    int result = 0;
    pthread_mutex_lock(&v->lock);
    for (pl_path *p = v->paths; p && result == 0; p = p->next) {
        if (p->detached) continue;
        if (!p->exists) {
            if (unlink(p->name) != 0 && errno != ENOENT) result = errno;
            continue;
        }
        unsigned char *image = NULL;
        int64_t size = 0;
        if (image_after_cut(p, mode, seed, &image, &size) != SQLITE_OK) { result = ENOMEM; break; }
        result = write_file(p->name, image, size);
        free(image);
    }
    for (pl_path *p = v->paths; p && result == 0; p = p->next) {
        if (!p->is_main_db || p->detached) continue;
        remove_unrecorded(v, p->name, "-journal");
        remove_unrecorded(v, p->name, "-wal");
        remove_unrecorded(v, p->name, "-shm");
    }
    pthread_mutex_unlock(&v->lock);
    return result;
}

/* MARK: file-system steps outside SQLite */

/* Forgets what the disk holds of a path (it was unlinked). */
static void mark_removed(pl_path *p) {
    p->exists = 0;
    free_ops(p);
    free(p->image);
    p->image = NULL;
    p->size = 0;
}

/* Counts a step as a disk-changing event; returns 1 (errno EIO) when the power is out and it must not be made. */
static int step_refused(dp_powerloss_vfs *v) {
    if (!power_is_out(v)) return 0;
    errno = EIO;
    return 1;
}

int dp_powerloss_vfs_rename(dp_powerloss_vfs *v, const char *from, const char *to) {
    pthread_mutex_lock(&v->lock);
    int rc = -1;
    if (!step_refused(v) && (rc = rename(from, to)) == 0) {
        pl_path *target = find_path(v, to);
        if (target) target->detached = 1;
        pl_path *source = find_path(v, from);
        char *name = source ? strdup(to) : NULL;
        if (name) {
            free(source->name);
            source->name = name;
        } else if (source) {
            source->detached = 1; /* out of memory: the test sees the file as it is on the real disk */
        }
    }
    int saved = errno;
    pthread_mutex_unlock(&v->lock);
    errno = saved;
    return rc;
}

int dp_powerloss_vfs_link(dp_powerloss_vfs *v, const char *existing, const char *new_name) {
    pthread_mutex_lock(&v->lock);
    int rc = -1;
    if (!step_refused(v) && (rc = link(existing, new_name)) == 0) {
        pl_path *source = find_path(v, existing);
        pl_path *copy = source ? calloc(1, sizeof(*copy)) : NULL;
        if (copy) {
            /* The new name shares the inode: its durable content and unsynced writes are the source's. */
            copy->name = strdup(new_name);
            copy->is_main_db = source->is_main_db;
            copy->exists = source->exists;
            int ok = copy->name != NULL && resize_image(&copy->image, &copy->size, source->size) == SQLITE_OK;
            if (ok && source->size > 0) memcpy(copy->image, source->image, (size_t)source->size);
            for (pl_op *op = source->head; op && ok; op = op->next) {
                ok = append_op(copy, op->is_truncate, op->data, op->length, op->offset) == SQLITE_OK;
            }
            if (ok) {
                copy->next = v->paths;
                v->paths = copy;
            } else {
                free_ops(copy);
                free(copy->image);
                free(copy->name);
                free(copy);
            }
        }
    }
    int saved = errno;
    pthread_mutex_unlock(&v->lock);
    errno = saved;
    return rc;
}

int dp_powerloss_vfs_unlink(dp_powerloss_vfs *v, const char *path) {
    pthread_mutex_lock(&v->lock);
    int rc = -1;
    if (!step_refused(v) && (rc = unlink(path)) == 0) {
        pl_path *p = find_path(v, path);
        if (p) mark_removed(p);
    }
    int saved = errno;
    pthread_mutex_unlock(&v->lock);
    errno = saved;
    return rc;
}

int dp_powerloss_vfs_fsync(dp_powerloss_vfs *v, int descriptor, const char *path) {
    pthread_mutex_lock(&v->lock);
    int rc = -1;
    if (!step_refused(v) && (rc = fsync(descriptor)) == 0) {
        pl_path *p = path ? find_path(v, path) : NULL;
        if (p && flush_ops(p) != SQLITE_OK) {
            errno = ENOMEM;
            rc = -1;
        } else {
            v->completed_syncs++;
        }
    }
    int saved = errno;
    pthread_mutex_unlock(&v->lock);
    errno = saved;
    return rc;
}
