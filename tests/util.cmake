# The internal helper library (util/): strict parsing, paths, atomic files.
loa_add_suite(util LIBS loa_util TIMEOUT 30)
