// Only the header matters: it declares libFuzzer's driver for the Swift targets.
#include "FuzzSupport.h"
