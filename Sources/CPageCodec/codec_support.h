/* Helpers the codec's file handlers and the VFS shim share: SQLite result codes for codec errors and the names
 * SQLite gives files. The bottom of the VFS side's call graph: it calls only SQLite, never the other codec files.
 * Not part of the public API. */
#ifndef DRIVERPORT_CODEC_SUPPORT_H
#define DRIVERPORT_CODEC_SUPPORT_H

/* Turns a codec error (DP_ERR_*) into the SQLite code the statement reports (the codec keeps the details). */
int dp_sqlite_code(int error, int writing);

/* The unix VFS's full path name for `path` (how SQLite names the files it opens), into `out` of `size` bytes. */
int dp_full_path(const char *path, char *out, int size);

/* The longest path name the unix VFS produces. */
int dp_max_pathname(void);

#endif
