/* DriverPort test support: what the test VFS shims (fault_vfs.c, powerloss_vfs.c) forward unchanged to their base. */
#ifndef DRIVERPORT_SHIM_FORWARDING_H
#define DRIVERPORT_SHIM_FORWARDING_H

#include <sqlite3.h>

/* The head every shim's VFS struct starts with: what SQLite sees, then the VFS calls are forwarded to. */
typedef struct dp_shim_head {
    sqlite3_vfs vfs;
    sqlite3_vfs *base;
} dp_shim_head;

/* Fills the VFS-level methods a shim does not change (full path names, dynamic loading, randomness, sleep, time,
 * last error, system-call overrides) with forwarders to `head->base`, and the version, size and path limits from it
 * (`file_size`: the shim's own file struct, followed by the base's). The shim sets zName, xOpen, xDelete, xAccess. */
void dp_shim_fill_forwarding(dp_shim_head *head, int file_size);

#endif
