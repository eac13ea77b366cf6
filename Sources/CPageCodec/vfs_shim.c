/*
 * The VFS shim: registered as "driverport-codec" over the "unix" VFS (never as the default), and, for tests and
 * special stacks, under other names over other base VFSes (dp_codec_register_over). Each registered instance keeps
 * its base VFS in its pAppData, so every file it opens wraps a file of that base. Main database files with a codec
 * decrypt on read and encrypt on write; their rollback journal and WAL find the codec through
 * sqlite3_database_file_object(); everything else, and every file of a plain database, passes straight through.
 */
#include <pthread.h>
#include <string.h>
#include <openssl/crypto.h>
#include "vfs_internal.h"
#include "readahead.h"

#define DP_VFS_NAME "driverport-codec"

static sqlite3_vfs dp_vfs;
static sqlite3_vfs *dp_root; /* the default instance's base: "unix" */
static pthread_once_t dp_register_once = PTHREAD_ONCE_INIT;
static int dp_register_rc = SQLITE_ERROR;
static const sqlite3_io_methods dp_io_methods;

const char *dp_codec_vfs_name(void) { return DP_VFS_NAME; }

/* ---- io methods ---- */

static int dp_close(sqlite3_file *f) {
    dp_file *file = (dp_file *)f;
    if (file->kind == DP_KIND_WAL) dp_wal_flush(file);
    if (file->kind == DP_KIND_MAIN && file->rekey != NULL) dp_rekey_end(file, 0); /* never left behind: see rekey.c */
    int rc = file->real->pMethods ? file->real->pMethods->xClose(file->real) : SQLITE_OK;
    if (file->kind == DP_KIND_MAIN) {
        dp_readahead_free(file->ahead); /* wipes the pages it held */
        file->ahead = NULL;
        dp_codec_free(file->codec); /* wipes the key material */
        file->codec = NULL;
        if (file->mc_secret != NULL) {
            dp_wipe(file->mc_secret, (unsigned long)file->mc_secret_length);
            sqlite3_free(file->mc_secret);
            file->mc_secret = NULL;
        }
    }
    return rc;
}

static int dp_read(sqlite3_file *f, void *buffer, int amount, sqlite3_int64 offset) {
    dp_file *file = (dp_file *)f;
    dp_codec *codec = dp_file_codec(file);
    if (codec == NULL) {
        if (file->kind == DP_KIND_MAIN && amount >= DP_MIN_PAGE) file->pages_read++; /* pages, not header peeks */
        return file->real->pMethods->xRead(file->real, buffer, amount, offset);
    }
    switch (file->kind) {
    case DP_KIND_MAIN: return dp_main_read(file, codec, buffer, amount, offset);
    case DP_KIND_JOURNAL: return dp_journal_read(file, codec, buffer, amount, offset);
    default: return dp_wal_read(file, codec, buffer, amount, offset);
    }
}

static int dp_write(sqlite3_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
    dp_file *file = (dp_file *)f;
    dp_codec *codec = dp_file_codec(file);
    if (codec == NULL) return file->real->pMethods->xWrite(file->real, buffer, amount, offset);
    switch (file->kind) {
    case DP_KIND_MAIN: return dp_main_write(file, codec, buffer, amount, offset);
    case DP_KIND_JOURNAL: return dp_journal_write(file, codec, buffer, amount, offset);
    default: return dp_wal_write(file, codec, buffer, amount, offset);
    }
}

static int dp_truncate(sqlite3_file *f, sqlite3_int64 size) {
    dp_file *file = (dp_file *)f;
    if (file->kind == DP_KIND_WAL) {
        int rc = dp_wal_flush(file);
        if (rc != SQLITE_OK) return rc;
    }
    dp_readahead_forget(file->ahead);
    return file->real->pMethods->xTruncate(file->real, size);
}

static int dp_sync(sqlite3_file *f, int flags) {
    dp_file *file = (dp_file *)f;
    if (file->kind == DP_KIND_WAL) {
        int rc = dp_wal_flush(file);
        if (rc != SQLITE_OK) return rc;
    }
    return file->real->pMethods->xSync(file->real, flags);
}

static int dp_file_size(sqlite3_file *f, sqlite3_int64 *size) {
    dp_file *file = (dp_file *)f;
    if (file->kind == DP_KIND_WAL) {
        int rc = dp_wal_flush(file);
        if (rc != SQLITE_OK) return rc;
    }
    return file->real->pMethods->xFileSize(file->real, size);
}

/* Every lock call is a transaction boundary, after which the file may have changed: read-ahead forgets its pages. */
static int dp_lock(sqlite3_file *f, int level) {
    dp_readahead_forget(((dp_file *)f)->ahead);
    return ((dp_file *)f)->real->pMethods->xLock(((dp_file *)f)->real, level);
}
static int dp_unlock(sqlite3_file *f, int level) {
    dp_readahead_forget(((dp_file *)f)->ahead);
    return ((dp_file *)f)->real->pMethods->xUnlock(((dp_file *)f)->real, level);
}
static int dp_check_reserved(sqlite3_file *f, int *out) {
    return ((dp_file *)f)->real->pMethods->xCheckReservedLock(((dp_file *)f)->real, out);
}
static int dp_sector_size(sqlite3_file *f) { return ((dp_file *)f)->real->pMethods->xSectorSize(((dp_file *)f)->real); }
static int dp_device_characteristics(sqlite3_file *f) {
    dp_file *file = (dp_file *)f;
    int flags = file->real->pMethods->xDeviceCharacteristics(file->real);
    /* Without power-safe overwrite SQLite may split a WAL frame at a sync point; the codec needs whole pages. */
    if (dp_file_codec(file) != NULL) flags |= SQLITE_IOCAP_POWERSAFE_OVERWRITE;
    return flags;
}
static int dp_shm_map(sqlite3_file *f, int region, int size, int extend, void volatile **out) {
    return ((dp_file *)f)->real->pMethods->xShmMap(((dp_file *)f)->real, region, size, extend, out);
}
static int dp_shm_lock(sqlite3_file *f, int offset, int n, int flags) {
    dp_readahead_forget(((dp_file *)f)->ahead); /* WAL mode: read and write transactions begin and end here */
    return ((dp_file *)f)->real->pMethods->xShmLock(((dp_file *)f)->real, offset, n, flags);
}
static void dp_shm_barrier(sqlite3_file *f) { ((dp_file *)f)->real->pMethods->xShmBarrier(((dp_file *)f)->real); }
static int dp_shm_unmap(sqlite3_file *f, int delete_flag) {
    return ((dp_file *)f)->real->pMethods->xShmUnmap(((dp_file *)f)->real, delete_flag);
}

/* Memory-mapped pages would hand SQLite ciphertext: an encrypted file maps nothing and SQLite falls back to xRead. */
static int dp_fetch(sqlite3_file *f, sqlite3_int64 offset, int amount, void **out) {
    dp_file *file = (dp_file *)f;
    if (dp_file_codec(file) != NULL) {
        *out = NULL;
        return SQLITE_OK;
    }
    return file->real->pMethods->xFetch(file->real, offset, amount, out);
}
static int dp_unfetch(sqlite3_file *f, sqlite3_int64 offset, void *page) {
    return ((dp_file *)f)->real->pMethods->xUnfetch(((dp_file *)f)->real, offset, page);
}

/* What the first bytes of an unkeyed file say. */
static int dp_unkeyed_state(dp_file *file, dp_status *status) {
    sqlite3_int64 size = 0;
    int rc = file->real->pMethods->xFileSize(file->real, &size);
    if (rc != SQLITE_OK) {
        status->io_error = rc;
        return DP_FILE_UNKNOWN;
    }
    if (size == 0) return DP_FILE_NEW;
    unsigned char header[100];
    memset(header, 0, sizeof(header));
    rc = file->real->pMethods->xRead(file->real, header, sizeof(header), 0);
    if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) {
        status->io_error = rc;
        return DP_FILE_UNKNOWN;
    }
    if (memcmp(header, dp_sqlite_magic, 16) != 0) return DP_FILE_OTHER;
    status->page_size = dp_header_page_size(header);
    status->header_wal = header[18] == 2 && header[19] == 2;
    status->header_reserve = header[20];
    return DP_FILE_PLAIN;
}

static void dp_fill_status(dp_file *file, dp_status *status) {
    memset(status, 0, sizeof(*status));
    status->header_wal = -1;
    status->header_reserve = -1;
    status->pages_read = file->pages_read;
    status->pages_read_ahead = dp_readahead_served(file->ahead);
    dp_codec *codec = file->codec;
    if (codec == NULL) {
        status->file_state = dp_unkeyed_state(file, status);
        return;
    }
    status->keyed = 1;
    status->file_state = codec->fresh ? DP_FILE_NEW : DP_FILE_ENCRYPTED;
    status->format = codec->format->id;
    status->page_size = codec->page_size;
    status->reserve = codec->format->reserve;
    status->legacy_layout = codec->legacy_layout;
    status->last_error = codec->last_error;
    status->last_error_page = codec->last_error_page;
    memcpy(status->last_message, codec->last_message, sizeof(status->last_message));
    status->pages_written = codec->pages_written;
    unsigned char *page = codec->work + DP_MAX_PAGE + 64;
    int rc = dp_main_read_page1(file, codec, page);
    if (rc == SQLITE_OK) {
        status->header_wal = page[18] == 2 && page[19] == 2;
        status->header_reserve = page[20];
    } else if (rc != SQLITE_IOERR_SHORT_READ && rc != SQLITE_CORRUPT) {
        status->io_error = rc; /* the file could not be read: say so rather than guess the header */
    }
    OPENSSL_cleanse(page, (size_t)codec->page_size);
}

/* Reads raw bytes of the unix file for detection. */
static long dp_source_read(void *context, void *buffer, int amount, int64_t offset) {
    sqlite3_file *real = context;
    int rc = real->pMethods->xRead(real, buffer, amount, offset);
    if (rc == SQLITE_OK) return amount;
    return rc == SQLITE_IOERR_SHORT_READ ? 0 : -1;
}

/* The main file with page 1 replaced by the one its WAL or hot journal holds (as stored, encrypted). */
typedef struct dp_page1_source {
    sqlite3_file *real;
    const unsigned char *page1;
    int page_size;
} dp_page1_source;

static long dp_page1_read(void *context, void *buffer, int amount, int64_t offset) {
    dp_page1_source *source = context;
    unsigned char *out = buffer;
    int done = 0;
    if (offset < source->page_size) {
        done = (int)(source->page_size - offset) < amount ? (int)(source->page_size - offset) : amount;
        memcpy(out, source->page1 + offset, (size_t)done);
    }
    if (done == amount) return amount;
    long rest = dp_source_read(source->real, out + done, amount - done, offset + done);
    return rest < 0 ? rest : done + rest;
}

/* Detection again, for a file whose page 1 did not let a format be found (or looked plain), with page 1 taken from
 * the WAL or a hot rollback journal: the closing checkpoint of a WAL file may have torn page 1 while the WAL still
 * holds it whole, a power cut may tear a commit's page-1 write while the synced journal holds the old page 1 that
 * SQLite's rollback puts back, and a decryption in place cut short leaves a plain page 1 with the encrypted one in
 * the journal. The first result stands when neither has a page 1 or detection fails there too. */
static dp_codec *dp_detect_with_committed_page1(dp_file *file, const dp_key_spec *spec, sqlite3_int64 size,
                                          dp_key_result *result, dp_codec *first) {
    unsigned char *page1 = sqlite3_malloc(DP_MAX_PAGE);
    int page_size = 0;
    if (page1 == NULL || dp_committed_page1(file->root, file->name, page1, &page_size) != DP_OK) {
        sqlite3_free(page1);
        return first;
    }
    dp_page1_source context = {.real = file->real, .page1 = page1, .page_size = page_size};
    dp_source source = {.read = dp_page1_read, .context = &context, .size = size > page_size ? size : page_size};
    dp_key_result retry;
    dp_codec *codec = dp_detect(&source, spec, &retry);
    OPENSSL_cleanse(page1, DP_MAX_PAGE);
    sqlite3_free(page1);
    if (retry.error != DP_OK || codec == NULL) {
        dp_codec_free(codec);
        OPENSSL_cleanse(&retry, sizeof(retry));
        return first;
    }
    dp_codec_free(first);
    *result = retry;
    return codec;
}

int dp_attach_key(dp_file *file, dp_apply_key *apply) {
    dp_key_result *result = apply->result;
    memset(result, 0, sizeof(*result));
    if (file->codec != NULL) {
        dp_result_error(result, DP_ERR_MISUSE, 0, "a key was already applied to this connection");
        return SQLITE_MISUSE;
    }
    if (file->pages_read > 0) {
        dp_result_error(result, DP_ERR_MISUSE, 0, "apply the key before the first statement reads the database");
        return SQLITE_MISUSE;
    }
    sqlite3_int64 size = 0;
    if (file->real->pMethods->xFileSize(file->real, &size) != SQLITE_OK) {
        dp_result_error(result, DP_ERR_IO, 0, "cannot read the database's size");
        return SQLITE_IOERR;
    }
    dp_source source = {.read = dp_source_read, .context = file->real, .size = size};
    dp_codec *codec = dp_detect(&source, apply->spec, result);
    /* Page 1 failed, or shows a plain file while a hot journal may hold an encrypted page 1 (a decryption in place
     * cut short before its commit: SQLite rolls that journal back to the encrypted file, which needs this key). */
    if (size > 0 && (result->error != DP_OK || result->outcome == DP_FILE_PLAIN)) {
        codec = dp_detect_with_committed_page1(file, apply->spec, size, result, codec);
    }
    if (result->error != DP_OK) return SQLITE_ERROR;
    file->codec = codec; /* NULL for a plain file */
    if (dp_readahead_supported(codec)) file->ahead = dp_readahead_new(); /* NULL (out of memory): no read-ahead */
    return SQLITE_OK;
}

dp_file *dp_as_codec_file(sqlite3_file *file) {
    if (file == NULL || file->pMethods == NULL) return NULL;
    if (file->pMethods == &dp_io_methods) return (dp_file *)file;
    /* A pass-through VFS over the codec forwards the codec's own file control to it. */
    void *inner = NULL;
    if (file->pMethods->xFileControl(file, DP_FCNTL_CODEC_FILE, &inner) != SQLITE_OK || inner == NULL) return NULL;
    sqlite3_file *codec_file = inner;
    return codec_file->pMethods == &dp_io_methods ? (dp_file *)codec_file : NULL;
}

static int dp_file_control(sqlite3_file *f, int op, void *arg) {
    dp_file *file = (dp_file *)f;
    if (op == DP_FCNTL_CODEC_FILE) {
        *(void **)arg = file;
        return SQLITE_OK;
    }
    if (file->kind == DP_KIND_MAIN) {
        if (op == DP_FCNTL_APPLY_KEY) return dp_attach_key(file, arg);
        if (op == DP_FCNTL_STATUS) {
            dp_fill_status(file, arg);
            return SQLITE_OK;
        }
        if (op == DP_FCNTL_READAHEAD) {
            int *state = arg;
            if (*state == 0 || *state == 1) dp_readahead_set_enabled(file->ahead, *state);
            *state = file->ahead == NULL ? -1 : dp_readahead_enabled(file->ahead);
            return SQLITE_OK;
        }
        if (op == DP_FCNTL_CLEAR_ERROR) {
            if (file->codec != NULL) {
                file->codec->last_error = DP_OK;
                file->codec->last_error_page = 0;
                file->codec->last_message[0] = 0;
            }
            return SQLITE_OK;
        }
        if (op == SQLITE_FCNTL_PRAGMA && file->mc_pragmas) {
            int rc = dp_mc_pragma(file, arg);
            if (rc != SQLITE_NOTFOUND) return rc;
        }
    }
    if (op == SQLITE_FCNTL_MMAP_SIZE && dp_file_codec(file) != NULL) {
        /* Keep the unix file from mapping an encrypted file at all. */
        sqlite3_int64 none = 0;
        int rc = file->real->pMethods->xFileControl(file->real, op, &none);
        *(sqlite3_int64 *)arg = 0;
        return rc;
    }
    return file->real->pMethods->xFileControl(file->real, op, arg);
}

static const sqlite3_io_methods dp_io_methods = {
    3,
    dp_close, dp_read, dp_write, dp_truncate, dp_sync, dp_file_size, dp_lock, dp_unlock, dp_check_reserved,
    dp_file_control, dp_sector_size, dp_device_characteristics, dp_shm_map, dp_shm_lock, dp_shm_barrier,
    dp_shm_unmap, dp_fetch, dp_unfetch,
};

/* ---- VFS methods ---- */

/* The base VFS of a registered codec instance. */
static inline sqlite3_vfs *dp_base(sqlite3_vfs *vfs) { return (sqlite3_vfs *)vfs->pAppData; }
static int dp_instance_answers_mc(sqlite3_vfs *vfs);

static int dp_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *f, int flags, int *out_flags) {
    sqlite3_vfs *root = dp_base(vfs);
    dp_file *file = (dp_file *)f;
    memset(file, 0, sizeof(*file));
    file->real = (sqlite3_file *)((char *)file + ((sizeof(dp_file) + 7) & ~(size_t)7));
    file->instance = vfs;
    if (flags & SQLITE_OPEN_MAIN_DB) {
        file->kind = DP_KIND_MAIN;
    } else if (flags & SQLITE_OPEN_MAIN_JOURNAL) {
        file->kind = DP_KIND_JOURNAL;
    } else if (flags & SQLITE_OPEN_WAL) {
        file->kind = DP_KIND_WAL;
    } else {
        file->kind = DP_KIND_OTHER;
    }
    if ((file->kind == DP_KIND_JOURNAL || file->kind == DP_KIND_WAL) && name != NULL) {
        /* SQLite names the top of the stack: a codec instance stacked under another one (through a fault VFS, say)
         * must not take the upper instance's main file, or the journal would be encrypted twice; under a
         * pass-through VFS (the differential's tracker) the main file is found through it. */
        dp_file *main_file = dp_as_codec_file(sqlite3_database_file_object(name));
        if (main_file != NULL && main_file->instance == vfs) file->owner = main_file;
    }
    /* A file SQLite opens itself, such as a VACUUM INTO target, takes the key registered for its path: here, before
     * the base opens it, so that of two codec instances stacked (through a fault VFS, say) the upper one, which the
     * connection keyed, takes it, and the lower one passes the encrypted pages through. */
    dp_codec *expected = file->kind == DP_KIND_MAIN && name != NULL ? dp_expectation_take(name) : NULL;
    int rc = root->xOpen(root, name, file->real, flags, out_flags);
    file->base.pMethods = file->real->pMethods != NULL ? &dp_io_methods : NULL;
    if (rc != SQLITE_OK) dp_codec_free(expected);
    if (rc == SQLITE_OK && file->kind == DP_KIND_MAIN && name != NULL) {
        file->root = root;
        file->name = name;
        file->codec = expected;
        file->mc_pragmas = dp_instance_answers_mc(vfs);
        if (file->mc_pragmas && file->codec == NULL) {
            rc = dp_mc_open_uri(file, name);
            if (rc != SQLITE_OK) {
                dp_close(f);
                file->base.pMethods = NULL;
            }
        }
    }
    return rc;
}

static int dp_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
    return dp_base(vfs)->xDelete(dp_base(vfs), name, sync_dir);
}
static int dp_access(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
    return dp_base(vfs)->xAccess(dp_base(vfs), name, flags, out);
}
static int dp_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    return dp_base(vfs)->xFullPathname(dp_base(vfs), name, size, out);
}
static void *dp_dl_open(sqlite3_vfs *vfs, const char *name) { return dp_base(vfs)->xDlOpen(dp_base(vfs), name); }
static void dp_dl_error(sqlite3_vfs *vfs, int size, char *out) { dp_base(vfs)->xDlError(dp_base(vfs), size, out); }
static void (*dp_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    return dp_base(vfs)->xDlSym(dp_base(vfs), handle, symbol);
}
static void dp_dl_close(sqlite3_vfs *vfs, void *handle) { dp_base(vfs)->xDlClose(dp_base(vfs), handle); }
static int dp_randomness(sqlite3_vfs *vfs, int size, char *out) { return dp_base(vfs)->xRandomness(dp_base(vfs), size, out); }
static int dp_sleep(sqlite3_vfs *vfs, int micros) { return dp_base(vfs)->xSleep(dp_base(vfs), micros); }
static int dp_current_time(sqlite3_vfs *vfs, double *out) { return dp_base(vfs)->xCurrentTime(dp_base(vfs), out); }
static int dp_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
    return dp_base(vfs)->xGetLastError(dp_base(vfs), size, out);
}
static int dp_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
    return dp_base(vfs)->xCurrentTimeInt64(dp_base(vfs), out);
}
static int dp_set_system_call(sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call) {
    return dp_base(vfs)->xSetSystemCall(dp_base(vfs), name, call);
}
static sqlite3_syscall_ptr dp_get_system_call(sqlite3_vfs *vfs, const char *name) {
    return dp_base(vfs)->xGetSystemCall(dp_base(vfs), name);
}
static const char *dp_next_system_call(sqlite3_vfs *vfs, const char *name) {
    return dp_base(vfs)->xNextSystemCall(dp_base(vfs), name);
}

/* Fills `vfs` as a codec instance named `name` over `root`. */
static void dp_fill_vfs(sqlite3_vfs *vfs, const char *name, sqlite3_vfs *root) {
    memset(vfs, 0, sizeof(*vfs));
    vfs->iVersion = 3;
    vfs->szOsFile = (int)((sizeof(dp_file) + 7) & ~(size_t)7) + root->szOsFile;
    vfs->mxPathname = root->mxPathname;
    vfs->zName = name;
    vfs->pAppData = root;
    vfs->xOpen = dp_open;
    vfs->xDelete = dp_delete;
    vfs->xAccess = dp_access;
    vfs->xFullPathname = dp_full_pathname;
    vfs->xDlOpen = dp_dl_open;
    vfs->xDlError = dp_dl_error;
    vfs->xDlSym = dp_dl_sym;
    vfs->xDlClose = dp_dl_close;
    vfs->xRandomness = dp_randomness;
    vfs->xSleep = dp_sleep;
    vfs->xCurrentTime = dp_current_time;
    vfs->xGetLastError = dp_get_last_error;
    vfs->xCurrentTimeInt64 = dp_current_time_int64;
    vfs->xSetSystemCall = dp_set_system_call;
    vfs->xGetSystemCall = dp_get_system_call;
    vfs->xNextSystemCall = dp_next_system_call;
}

static void dp_register(void) {
    if (dp_crypto_init() != DP_OK) return;
    dp_root = sqlite3_vfs_find("unix");
    if (dp_root == NULL || dp_root->iVersion < 3) return;
    dp_fill_vfs(&dp_vfs, DP_VFS_NAME, dp_root);
    dp_register_rc = sqlite3_vfs_register(&dp_vfs, 0);
}

int dp_codec_register(void) {
    pthread_once(&dp_register_once, dp_register);
    return dp_register_rc;
}

/* An instance registered by dp_codec_register_over or dp_codec_register_mc: the VFS, whether its main files answer
 * SQLite3 Multiple Ciphers' pragmas, and its own copy of the name. Never freed (SQLite may hold connections on it
 * until the process ends), like the default instance. */
typedef struct dp_codec_instance {
    sqlite3_vfs vfs; /* must be first: SQLite's sqlite3_vfs* is the instance */
    int mc_pragmas;
    char name[];
} dp_codec_instance;

static int dp_instance_answers_mc(sqlite3_vfs *vfs) {
    return vfs != &dp_vfs && ((dp_codec_instance *)vfs)->mc_pragmas;
}

static pthread_mutex_t dp_register_lock = PTHREAD_MUTEX_INITIALIZER;

/* The VFS an instance registered with no base name passes through to: the default VFS, as SQLite3 Multiple Ciphers
 * stacks its own over the default (a pass-through layer made the default before, such as the differential's
 * changed-pages tracker, stays under it); never another codec instance (pages would be enciphered twice), whose own
 * root it takes instead. */
static sqlite3_vfs *dp_default_root(void) {
    sqlite3_vfs *current = sqlite3_vfs_find(NULL);
    return current != NULL && current->xOpen == dp_open ? (sqlite3_vfs *)current->pAppData : current;
}

/* Registers an instance named `name` over `base_name` (NULL: over dp_default_root()); guarded by dp_register_lock
 * (find-then-register must not race another registration). */
static int dp_register_instance(const char *name, const char *base_name, int mc_pragmas, int make_default) {
    if (name == NULL) return SQLITE_MISUSE;
    int rc = dp_codec_register();
    if (rc != SQLITE_OK) return rc;
    pthread_mutex_lock(&dp_register_lock);
    sqlite3_vfs *root = base_name != NULL ? sqlite3_vfs_find(base_name) : dp_default_root();
    sqlite3_vfs *existing = sqlite3_vfs_find(name);
    if (existing != NULL && mc_pragmas && existing->xOpen == dp_open && dp_instance_answers_mc(existing)) {
        rc = make_default ? sqlite3_vfs_register(existing, 1) : SQLITE_OK; /* registered before (by another thread) */
    } else if (root == NULL || root->iVersion < 3) {
        rc = SQLITE_NOTFOUND;
    } else if (existing != NULL) {
        rc = SQLITE_MISUSE;
    } else {
        size_t length = strlen(name) + 1;
        dp_codec_instance *instance = sqlite3_malloc64(sizeof(dp_codec_instance) + length);
        if (instance == NULL) {
            rc = SQLITE_NOMEM;
        } else {
            memcpy(instance->name, name, length);
            dp_fill_vfs(&instance->vfs, instance->name, root);
            instance->mc_pragmas = mc_pragmas;
            rc = sqlite3_vfs_register(&instance->vfs, make_default);
            if (rc != SQLITE_OK) sqlite3_free(instance);
        }
    }
    pthread_mutex_unlock(&dp_register_lock);
    return rc;
}

int dp_codec_register_over(const char *name, const char *base_name) {
    if (base_name == NULL) return SQLITE_MISUSE;
    return dp_register_instance(name, base_name, 0, 0);
}

int dp_codec_register_mc(const char *name, int make_default) {
    return dp_register_instance(name, NULL, 1, make_default); /* loaded again: the instance already there */
}

const char *dp_codec_instance_name(const void *pointer) {
    const sqlite3_vfs *vfs = pointer;
    return vfs != NULL && vfs->xOpen == dp_open ? vfs->zName : NULL;
}
