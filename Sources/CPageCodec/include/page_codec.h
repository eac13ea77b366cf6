/* DriverPort page codec: a VFS shim over the system SQLite that encrypts pages (placeholder until issue 3). */
#ifndef DRIVERPORT_PAGE_CODEC_H
#define DRIVERPORT_PAGE_CODEC_H
int dp_codec_version(void);
#endif
