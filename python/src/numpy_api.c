/*
 * python/src/numpy_api.c - the NumPy C API's function table, defined here
 * (the one file without NO_IMPORT_ARRAY) and filled at the module's import.
 * A file of its own so that every other file only reads the table.
 */
#define LOA_PY_NUMPY_API_C
#include "ext.h"

int loa_py_import_numpy(void)
{
    import_array1(-1);
    return 0;
}
