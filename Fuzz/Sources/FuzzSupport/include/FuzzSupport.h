#ifndef FUZZ_SUPPORT_H
#define FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver (LLVM 12 and later), in the runtime that -sanitize=fuzzer links.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

// Runs libFuzzer's driver on the target's LLVMFuzzerTestOneInput, as libFuzzer's own
// main() would: what each target's entry point calls.
int FuzzSupportRunDriver(int argc, char **argv);

#endif
