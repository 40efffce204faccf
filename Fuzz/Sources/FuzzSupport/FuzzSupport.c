#include "FuzzSupport.h"

// Each target defines this with @_cdecl: the input callback libFuzzer's driver calls.
extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int FuzzSupportRunDriver(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
