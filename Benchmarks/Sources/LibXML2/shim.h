#ifndef BENCHMARKS_LIBXML2_SHIM_H
#define BENCHMARKS_LIBXML2_SHIM_H

// The benchmarks' own view of libxml2 (the library keeps its C module internal).
// Debian's libxml2 is built with ICU, whose headers clash with Foundation's ICU: the
// ICU-specific declarations are switched off first.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlmemory.h>
#include <libxml/xmlsave.h>
#include <libxml/xmlwriter.h>

// `xmlFree` is a global function pointer, which Swift 6 refuses to read from
// concurrent code: called through a function.
static inline void bench_xmlFree(void *pointer) {
    xmlFree(pointer);
}

#endif
