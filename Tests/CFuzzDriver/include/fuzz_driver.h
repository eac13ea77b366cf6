/*
 * DriverPort fuzzing: the bridge to libFuzzer for the DriverPortFuzz executable.
 *
 * libFuzzer's entry point LLVMFuzzerRunDriver is referenced weakly, so the executable also links in a normal build
 * (where dp_fuzz_run_driver returns -1 and the executable replays files instead). The fuzz build
 * (`make fuzz`: -sanitize=fuzzer,address and -Xlinker --undefined=LLVMFuzzerRunDriver) links libFuzzer's driver.
 */
#ifndef DRIVERPORT_FUZZ_DRIVER_H
#define DRIVERPORT_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

typedef int (*dp_fuzz_callback)(const uint8_t *data, size_t size);

/* Runs libFuzzer with argc/argv and `callback` per input. Returns -1 when libFuzzer is not linked in. */
int dp_fuzz_run_driver(int *argc, char ***argv, dp_fuzz_callback callback);

#endif
