/*
 * DriverPort test support: a power-loss simulating SQLite VFS.
 *
 * A shim registered under its own name over another VFS (by default the default one, "unix"; tests keep the files
 * in memory under /dev/shm). It forwards every call, and for every database, rollback journal and WAL file it keeps
 * in memory what the disk durably holds: the file as of its last xSync, plus the list of writes and truncations
 * made since (unsynced). The events that change the disk (xWrite, xTruncate, xSync, xDelete) are numbered; when
 * armed, the power goes out just before event N: that call and every later one that would change the disk fails
 * with an I/O error, so the process can still close its connections, but nothing more reaches the disk.
 *
 * After every connection is closed, dp_powerloss_vfs_apply() writes to the real files what the disk would hold
 * after the power cut, in one of the modes SQLite's own crash tests (test6.c) model: the unsynced writes dropped,
 * kept, the last unsynced write of each file torn to its first sector, or each unsynced sector kept or lost at
 * random. Apply may be called again with another mode (each call rewrites the files from the same recorded state),
 * so one run of a workload yields several simulated cuts.
 *
 * The model: a synced write is durable; an unsynced one may be lost or torn at sector granularity; the bytes
 * outside a write's range are never damaged (SQLite's unix VFS declares SQLITE_IOCAP_POWERSAFE_OVERWRITE); a
 * created or deleted file is created or deleted at once (as test6.c; a real file system may also need the
 * directory flushed); the -shm index does not survive (the next open rebuilds it). Memory-mapped reads are refused,
 * so every read goes through xRead. Every instance is guarded by its own mutex.
 */
#ifndef DRIVERPORT_POWERLOSS_VFS_H
#define DRIVERPORT_POWERLOSS_VFS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the disk holds after the cut, for the writes that were not synced. */
typedef enum {
    DP_POWERLOSS_DROP = 0,         /* every unsynced write and truncation is lost */
    DP_POWERLOSS_KEEP = 1,         /* every unsynced write and truncation reached the disk */
    DP_POWERLOSS_TORN_PREFIX = 2,  /* they reached it, except the last write of each file: only its first sector */
    DP_POWERLOSS_TORN_SECTORS = 3, /* each unsynced sector (and truncation) reached it or not, at random (seeded) */
    DP_POWERLOSS_MODE_COUNT
} dp_powerloss_mode;

/* The sector size of the model (the smallest unit a torn write keeps or loses). */
#define DP_POWERLOSS_SECTOR 512

typedef struct dp_powerloss_vfs dp_powerloss_vfs;

/* Registers a power-loss VFS named `name` over the VFS named `base_name` (NULL: the default VFS), not as the
 * default. Returns NULL when the base does not exist, the name is taken, or memory runs out. */
dp_powerloss_vfs *dp_powerloss_vfs_register(const char *name, const char *base_name);

/* Unregisters and frees it. Every connection opened through it must be closed first. */
void dp_powerloss_vfs_unregister(dp_powerloss_vfs *vfs);

/* The registered name. */
const char *dp_powerloss_vfs_name(const dp_powerloss_vfs *vfs);

/* Forgets every file's recorded state and counter, and arms a cut just before the `nth` (1-based) disk-changing
 * event (0: never; count only). A file's durable state is read from the disk when it is first opened after this. */
void dp_powerloss_vfs_arm(dp_powerloss_vfs *vfs, int64_t nth);

/* Disk-changing events seen since the last arm (the cut's event included). */
int64_t dp_powerloss_vfs_events(dp_powerloss_vfs *vfs);

/* xSync calls that completed since the last arm. */
int64_t dp_powerloss_vfs_completed_syncs(dp_powerloss_vfs *vfs);

/* Whether the power went out. */
int dp_powerloss_vfs_cut(dp_powerloss_vfs *vfs);

/* Completed syncs when the power went out (or now, if it has not): a transaction acknowledged while this counter
 * was lower is durable, whatever the mode. */
int64_t dp_powerloss_vfs_durable_syncs(dp_powerloss_vfs *vfs);

/* Unsynced writes (and truncations) recorded now, over every file: what the cut can lose or tear. */
int64_t dp_powerloss_vfs_unsynced(dp_powerloss_vfs *vfs);

/* Cuts the power now if it has not gone out (the events after this fail), e.g. at the end of a workload. */
void dp_powerloss_vfs_cut_now(dp_powerloss_vfs *vfs);

/* After every connection through it is closed: writes each recorded file as the disk holds it after the cut in
 * `mode` (`seed` drives DP_POWERLOSS_TORN_SECTORS), removes the files the disk does not hold, and the -shm index and
 * the sidecars of a database that were never recorded. Can be repeated with other modes. Returns 0, or an errno. */
int dp_powerloss_vfs_apply(dp_powerloss_vfs *vfs, dp_powerloss_mode mode, uint64_t seed);

/* The file-system steps DriverPort takes outside SQLite (a copy's fsync, the rename or link that publishes it, the
 * unlink of a temporary name), made through the same simulated disk: each is a disk-changing event (the power may
 * go out just before it; then it is not made and it fails with EIO), is made on the real file system, and updates
 * the record: a rename or link carries the source's durable content and unsynced writes to the new name (at once,
 * like a create or delete), an unlink forgets the name, an fsync makes the path's unsynced writes durable (`path`:
 * the file the descriptor was opened from; a folder or unrecorded file is only counted). Each returns 0, or -1 with
 * errno set. */
int dp_powerloss_vfs_rename(dp_powerloss_vfs *vfs, const char *from, const char *to);
int dp_powerloss_vfs_link(dp_powerloss_vfs *vfs, const char *existing, const char *new_name);
int dp_powerloss_vfs_unlink(dp_powerloss_vfs *vfs, const char *path);
int dp_powerloss_vfs_fsync(dp_powerloss_vfs *vfs, int descriptor, const char *path);

#ifdef __cplusplus
}
#endif

#endif
