# SDK suites, one per module.
loa_add_suite(movegen SOURCES naive_loa.c LIBS loa TIMEOUT 600)
loa_add_suite(movegen_sort LIBS loa TIMEOUT 60)
loa_add_suite(movegen_codingame LIBS loa TIMEOUT 60)
loa_add_suite(features LIBS loa TIMEOUT 600)
loa_add_suite(features_incremental LIBS loa TIMEOUT 600)
loa_add_suite(playout LIBS loa m TIMEOUT 300)
loa_add_suite(board LIBS loa TIMEOUT 60)
loa_add_suite(notation LIBS loa TIMEOUT 60)
loa_add_suite(random LIBS loa m TIMEOUT 60)
loa_add_suite(answer LIBS loa TIMEOUT 60)
loa_add_suite(turn LIBS loa TIMEOUT 60)
loa_add_suite(timer LIBS loa TIMEOUT 60)
loa_add_suite(nn LIBS loa m TIMEOUT 300)
loa_add_suite(perft LIBS loa TIMEOUT 120)
add_dependencies(check_perft loa-perft)
# Install the SDK into a temporary prefix and build a bot against it.
add_test(NAME sdk_install COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/sdk_install_test.sh
         ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR})
# A sanitizer build installs an instrumented library: the consumer builds must
# link the same runtime, so they get the same -fsanitize flags.
set(_sdk_san_flags "")
if(LOA_SANITIZE)
  set(_sdk_san_flags "-fsanitize=address,undefined")
elseif(LOA_TSAN)
  set(_sdk_san_flags "-fsanitize=thread")
endif()
set_tests_properties(sdk_install PROPERTIES TIMEOUT 180
                     ENVIRONMENT "LOA_SAN_FLAGS=${_sdk_san_flags};CC=${CMAKE_C_COMPILER}")
# The calls docs/sdk.md's "Evaluation features" shows compile as written.
add_test(NAME sdk_docs_calls COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/sdk_docs_calls_test.sh
         ${PROJECT_SOURCE_DIR})
set_tests_properties(sdk_docs_calls PROPERTIES TIMEOUT 60 ENVIRONMENT "CC=${CMAKE_C_COMPILER}")
