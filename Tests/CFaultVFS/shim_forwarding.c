/* DriverPort test support: the VFS-level methods the test shims forward unchanged. See shim_forwarding.h. */
#include "shim_forwarding.h"

#include <stddef.h>

static sqlite3_vfs *base_of(sqlite3_vfs *vfs) { return ((dp_shim_head *)vfs)->base; }

static int v_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    return base_of(vfs)->xFullPathname(base_of(vfs), name, size, out);
}

static void *v_dl_open(sqlite3_vfs *vfs, const char *name) { return base_of(vfs)->xDlOpen(base_of(vfs), name); }

static void v_dl_error(sqlite3_vfs *vfs, int size, char *out) { base_of(vfs)->xDlError(base_of(vfs), size, out); }

static void (*v_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    return base_of(vfs)->xDlSym(base_of(vfs), handle, symbol);
}

static void v_dl_close(sqlite3_vfs *vfs, void *handle) { base_of(vfs)->xDlClose(base_of(vfs), handle); }

static int v_randomness(sqlite3_vfs *vfs, int size, char *out) {
    return base_of(vfs)->xRandomness(base_of(vfs), size, out);
}

static int v_sleep(sqlite3_vfs *vfs, int microseconds) { return base_of(vfs)->xSleep(base_of(vfs), microseconds); }

static int v_current_time(sqlite3_vfs *vfs, double *out) { return base_of(vfs)->xCurrentTime(base_of(vfs), out); }

static int v_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
    sqlite3_vfs *base = base_of(vfs);
    return base->xGetLastError ? base->xGetLastError(base, size, out) : 0;
}

static int v_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
    return base_of(vfs)->xCurrentTimeInt64(base_of(vfs), out);
}

static int v_set_system_call(sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call) {
    return base_of(vfs)->xSetSystemCall(base_of(vfs), name, call);
}

static sqlite3_syscall_ptr v_get_system_call(sqlite3_vfs *vfs, const char *name) {
    return base_of(vfs)->xGetSystemCall(base_of(vfs), name);
}

static const char *v_next_system_call(sqlite3_vfs *vfs, const char *name) {
    return base_of(vfs)->xNextSystemCall(base_of(vfs), name);
}

void dp_shim_fill_forwarding(dp_shim_head *head, int file_size) {
    sqlite3_vfs *vfs = &head->vfs, *base = head->base;
    vfs->iVersion = base->iVersion < 3 ? base->iVersion : 3;
    vfs->szOsFile = file_size + base->szOsFile;
    vfs->mxPathname = base->mxPathname;
    vfs->pAppData = NULL;
    vfs->xFullPathname = v_full_pathname;
    vfs->xDlOpen = v_dl_open;
    vfs->xDlError = v_dl_error;
    vfs->xDlSym = v_dl_sym;
    vfs->xDlClose = v_dl_close;
    vfs->xRandomness = v_randomness;
    vfs->xSleep = v_sleep;
    vfs->xCurrentTime = v_current_time;
    vfs->xGetLastError = v_get_last_error;
    if (vfs->iVersion >= 2) vfs->xCurrentTimeInt64 = v_current_time_int64;
    if (vfs->iVersion >= 3) {
        vfs->xSetSystemCall = v_set_system_call;
        vfs->xGetSystemCall = v_get_system_call;
        vfs->xNextSystemCall = v_next_system_call;
    }
}
