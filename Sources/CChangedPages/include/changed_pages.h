#ifndef DRIVERPORT_CHANGED_PAGES_H
#define DRIVERPORT_CHANGED_PAGES_H

#include <stdint.h>

/*
 * A pass-through SQLite VFS that remembers which parts of watched database files were written.
 *
 * The differential's working copies are reset to the source before every scenario and compared after it. Knowing
 * which 4 KiB units of each copy a scenario wrote lets the reset rewrite only those and lets the comparison skip the
 * tables none of whose pages were written, so a scenario's cost follows what it changed, not the file's size.
 *
 * Every call goes to the base VFS (the default VFS when the tracker first registers, normally "unix"). Only main
 * database files whose full path is watched are tracked: each xWrite marks the units it covers, each xTruncate keeps
 * the smallest size truncated to, each read-write xOpen is counted. The records are process-wide, guarded by one mutex.
 */

/* The unit the tracker marks: 4 KiB (a page of most databases; a larger page covers several units). */
#define DP_CHANGES_UNIT 4096

/* Registers the tracker (once) over the current default VFS and makes it the default VFS. SQLITE_OK or an error. */
int dp_changes_register(void);

/* The tracker's VFS name (a codec or another shim can be stacked over it by this name). */
const char *dp_changes_vfs_name(void);

/* Makes the tracker the default VFS again when the default is the VFS it passes through to (another library's call
 * may have put that one back on top). Another VFS made the default since stays there: SQLITE_OK when files opened
 * through it still reach the tracker (a codec stacked over it), SQLITE_BUSY when they do not. SQLITE_OK or an error. */
int dp_changes_make_default(void);

/* 1 when files opened without a VFS name reach the tracker (it is the default VFS, or the default VFS passes through
 * it: found by opening one temporary file through that VFS, once per default), else 0. */
int dp_changes_tracks_default(void);

/* Starts (or restarts, forgetting what was recorded) tracking the main database file at `path` (a full path, as
 * SQLite's xFullPathname gives it). SQLITE_OK or SQLITE_NOMEM. */
int dp_changes_watch(const char *path);

/* Stops tracking `path` and forgets its record. */
void dp_changes_unwatch(const char *path);

/* How many write transactions connections opened through the tracker began on the watched file at `path` (took
 * SQLite's RESERVED lock, or the write lock of its WAL), whether or not they then changed a page; the count only grows,
 * so a caller compares two readings. -1 when `path` is not watched. */
int64_t dp_changes_write_begins(const char *path);

/* What was recorded for `path` since it was watched or last drained:
 * - returns the number of written units (-1 when `path` is not watched);
 * - fills `units` with up to `capacity` unit numbers, ascending (call again with a larger buffer when the result is
 *   larger than `capacity`; nothing is forgotten then);
 * - `*opens`: how many times the file was opened for reading and writing through the tracker; `*truncated_to`: the smallest size
 *   it was truncated to, or -1;
 * - `counters` (4 values, or NULL): the file change counters (header bytes 24-27) written to the header: [0] is 0 when
 *   none was, 1 when each was the one before or one more, 2 when not; [1] the first, [2] the last; [3] the record's
 *   stamp, a number that changes whenever it starts over (whoever watched or drained it), never reused.
 * When the result fits (result <= capacity) and `forget` is 1, the record starts over empty.
 * A file opened before its path was watched is tracked from the watch on (its opens are not counted). */
int64_t dp_changes_drain(const char *path, uint32_t *units, int64_t capacity, int64_t *opens, int64_t *truncated_to,
                         int64_t *counters, int forget);

#endif
