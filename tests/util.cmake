# The internal helper library (util/): strict parsing, paths, atomic files.
loa_add_suite(util LIBS loa_util TIMEOUT 30)
# JSON read strictly (util/json.h): the reasons of a refusal, NULs kept.
loa_add_suite(util_json LIBS loa_util TIMEOUT 30)
