/* DriverPort fuzzing: see include/fuzz_driver.h. */
#include "fuzz_driver.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t)) __attribute__((weak));

static dp_fuzz_callback dp_callback;

/* libFuzzer's own main (pulled in from its archive next to the driver) needs this symbol; it forwards too. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return dp_callback ? dp_callback(data, size) : 0;
}

int dp_fuzz_run_driver(int *argc, char ***argv, dp_fuzz_callback callback) {
    if (LLVMFuzzerRunDriver == 0) return -1;
    dp_callback = callback;
    return LLVMFuzzerRunDriver(argc, argv, callback);
}
