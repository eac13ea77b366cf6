/*
 * DriverPort test support: a fault-injecting SQLite VFS.
 *
 * A shim registered under its own name over another VFS (by default the default one, "unix"). It forwards every
 * call to that base VFS, counts the calls by kind, and, when armed, makes the Nth call of the chosen kinds on the
 * chosen files fail with a chosen result code (SQLITE_IOERR_*, SQLITE_FULL, SQLITE_BUSY, ...) or kills the process
 * with SIGKILL just before that call runs (for crash tests that must stop at an exact I/O step).
 *
 * Several instances can live in one process (each test registers its own name, so parallel tests do not share
 * counters), and one instance can be the base of another VFS shim (a codec registered over it sees the faults).
 * Every instance is guarded by its own mutex: connections on several threads may use it at once.
 */
#ifndef DRIVERPORT_FAULT_VFS_H
#define DRIVERPORT_FAULT_VFS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The kinds of call that can be counted and failed. */
typedef enum {
    DP_FAULT_OPEN = 0,          /* xOpen of any file */
    DP_FAULT_READ,              /* xRead */
    DP_FAULT_WRITE,             /* xWrite */
    DP_FAULT_SYNC,              /* xSync */
    DP_FAULT_TRUNCATE,          /* xTruncate */
    DP_FAULT_FILE_SIZE,         /* xFileSize */
    DP_FAULT_LOCK,              /* xLock */
    DP_FAULT_UNLOCK,            /* xUnlock */
    DP_FAULT_CHECK_RESERVED,    /* xCheckReservedLock */
    DP_FAULT_DELETE,            /* xDelete (a journal being removed) */
    DP_FAULT_ACCESS,            /* xAccess (is there a hot journal, a WAL?) */
    DP_FAULT_SHM_MAP,           /* xShmMap (WAL index) */
    DP_FAULT_SHM_LOCK,          /* xShmLock (WAL index locks) */
    DP_FAULT_KIND_COUNT
} dp_fault_kind;

/* Which files a fault may hit (a bit mask). Classified from the open flags, or from the name for xDelete/xAccess. */
enum {
    DP_FAULT_FILE_MAIN_DB = 1,      /* the database file */
    DP_FAULT_FILE_JOURNAL = 2,      /* the rollback journal (-journal) */
    DP_FAULT_FILE_WAL = 4,          /* the write-ahead log (-wal) and its index (-shm) */
    DP_FAULT_FILE_OTHER = 8,        /* temp files, super-journals, statement journals */
    DP_FAULT_FILE_ANY = 15
};

/* What happens at the chosen call. */
typedef enum {
    DP_FAULT_ACTION_ERROR = 0,      /* the call returns the error code without reaching the base VFS */
    DP_FAULT_ACTION_TORN_WRITE = 1, /* a write stores only its first half, then returns the error code */
    DP_FAULT_ACTION_KILL = 2        /* the process is killed with SIGKILL before the call runs */
} dp_fault_action;

typedef struct dp_fault_vfs dp_fault_vfs;

/* Registers a fault VFS named `name` over the VFS named `base_name` (NULL: the default VFS). It is not made the
 * default. Returns NULL when the base does not exist, the name is taken, or memory runs out. */
dp_fault_vfs *dp_fault_vfs_register(const char *name, const char *base_name);

/* Makes it the default VFS of the process, for code that opens with no VFS name (a session in a crash child).
 * Returns an SQLite result code. */
int dp_fault_vfs_make_default(dp_fault_vfs *vfs);

/* Unregisters and frees it. Every connection opened through it must be closed first. */
void dp_fault_vfs_unregister(dp_fault_vfs *vfs);

/* The registered name. */
const char *dp_fault_vfs_name(const dp_fault_vfs *vfs);

/* Arms a fault: counting from now, the `nth` call (1-based) whose kind is in `kind_mask` (bit 1 << dp_fault_kind)
 * on a file in `file_mask` gets `action` with `error_code` (0: the code SQLite's unix VFS uses for that kind of
 * call, such as SQLITE_IOERR_WRITE or SQLITE_IOERR_FSYNC). With `persistent`, every later matching call fails too
 * (a disk that stays full or gone); otherwise only that one call (a transient error). */
void dp_fault_vfs_arm(dp_fault_vfs *vfs, uint32_t kind_mask, uint32_t file_mask, int64_t nth, int error_code,
                      int persistent, dp_fault_action action);

/* Stops injecting; counters keep counting. */
void dp_fault_vfs_disarm(dp_fault_vfs *vfs);

/* Calls of one kind seen since registration or the last reset, on every file. */
int64_t dp_fault_vfs_calls(dp_fault_vfs *vfs, dp_fault_kind kind);

/* Calls that matched the armed masks since the last arm (also when nth is 0: a counting run). */
int64_t dp_fault_vfs_matching_calls(dp_fault_vfs *vfs);

/* Calls failed (or torn) since the last arm. */
int64_t dp_fault_vfs_injected(dp_fault_vfs *vfs);

/* The dp_fault_kind of the last call failed since the last arm, or -1. */
int dp_fault_vfs_last_injected_kind(dp_fault_vfs *vfs);

/* Sets every counter to zero. */
void dp_fault_vfs_reset_counts(dp_fault_vfs *vfs);

#ifdef __cplusplus
}
#endif

#endif
