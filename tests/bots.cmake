# Bundled bots (issue 4): evaluation, search and the executables; the games
# through loa-referee run when the referee is built (else they are skipped
# with a message).
loa_add_suite(bots LIBS loa m TIMEOUT 120)
foreach(bot loa-random loa-greedy loa-negamax loa-ab)
  add_dependencies(check_bots ${bot})
endforeach()
if(TARGET loa-referee)
  add_dependencies(check_bots loa-referee)
endif()
