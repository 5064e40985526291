# Bundled bots (issue 4): evaluation, search and the executables; the games
# through loa-referee run when the referee is built (else they are skipped
# with a message).
# check_bots tests loa-ab's engine directly, so it links its objects
# (loa_ab_engine: the search, not the program).
loa_add_suite(bots LIBS loa_ab_engine loa m TIMEOUT 120)
# loa-ab --eval nn: the search through the accumulators as from scratch.
loa_add_suite(nn_search LIBS loa_ab_engine loa m TIMEOUT 300)
# check_bots_programs runs every bot's program (not its units), and bundles
# loa-ab from the sources bots/CMakeLists.txt lists (loa_bot_sources:
# bot_sources.h).
loa_add_suite(bots_programs LIBS loa_bot_sources loa m TIMEOUT 120)
foreach(bot loa-random loa-greedy loa-negamax loa-ab loa-mcts)
  add_dependencies(check_bots ${bot})
  add_dependencies(check_bots_programs ${bot})
endforeach()
if(TARGET loa-referee)
  add_dependencies(check_bots_programs loa-referee)
endif()
# loa-ab's bundle size (skipped with a message when the bundler is not built).
if(TARGET loa-bundle)
  add_dependencies(check_bots_programs loa-bundle)
endif()
# The shipped opening suite is exactly what its documented command makes
# (arena/openings/README.md).
if(TARGET loa-openings)
  add_test(NAME openings_suite
           COMMAND sh -c "\"$1\" --plies 4 --count 2000 --depth 4 --margin 60 --seed 1 | cmp - \"$2\""
                   sh $<TARGET_FILE:loa-openings> ${PROJECT_SOURCE_DIR}/arena/openings/4ply-balanced.txt)
  set_tests_properties(openings_suite PROPERTIES TIMEOUT 120)
endif()
# loa-ab's search where the limits stop it (issue 35), and loa-ab-audit's
# checks, which both suites use.
set(ab_audit_check ${PROJECT_SOURCE_DIR}/bots/tools/audit_check.c)
loa_add_suite(ab_search SOURCES ${ab_audit_check}
              LIBS loa_ab_engine loa loa::cjson m TIMEOUT 300)
add_dependencies(check_ab_search loa-ab)
loa_add_suite(ab_audit SOURCES ${ab_audit_check} LIBS loa loa::cjson TIMEOUT 180)
add_dependencies(check_ab_audit loa-ab loa-ab-audit loa-greedy)
if(TARGET loa-referee)
  add_dependencies(check_ab_audit loa-referee)
endif()
# The lost game itself (a record kept beside the clone, in ../shared/cases):
# skipped (77) where it is absent.
loa_add_suite(ab_case SOURCES ${ab_audit_check} LIBS loa loa::cjson TIMEOUT 300)
target_compile_definitions(check_ab_case PRIVATE
  LOA_AB_CASE="${PROJECT_SOURCE_DIR}/../shared/cases/loa-ab-allows-connect-in-one.json")
set_tests_properties(ab_case PROPERTIES SKIP_RETURN_CODE 77)
add_dependencies(check_ab_case loa-ab loa-ab-audit)
# The bots' sizes: no header over 150 lines (declarations and their
# comments only), no source over 500 (one concept per file).
add_test(NAME bots_sizes
         COMMAND sh -c "cd \"$1\" && bad=0 && for f in $(find bots -name '*.h' -o -name '*.c' | sort); do n=$(wc -l <\"$f\"); case $f in *.h) max=150 ;; *) max=500 ;; esac; if [ \"$n\" -gt \"$max\" ]; then echo \"bots_sizes: $f has $n lines ($max at most)\"; bad=1; fi; done; exit $bad"
                 sh ${PROJECT_SOURCE_DIR})
set_tests_properties(bots_sizes PROPERTIES TIMEOUT 30)
