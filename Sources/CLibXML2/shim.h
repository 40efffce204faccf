#ifndef SCREENREGISTRY_CLIBXML2_SHIM_H
#define SCREENREGISTRY_CLIBXML2_SHIM_H

// Debian's libxml2 is built with ICU; its headers would then pull in ICU's, which
// clash with the ICU that Foundation carries. The ICU-specific declarations are not
// used here, so switch them off before any other libxml2 header is read.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>
#include <libxml/xmlsave.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlwriter.h>

// `xmlFree` is a global function pointer variable, which Swift 6 refuses to read
// from concurrent code; call it through a function instead.
static inline void sr_xmlFree(void *pointer) {
    xmlFree(pointer);
}

#endif
