# Data generation (issue 45): check_datagen (the library without a bot: the
# format, files refused, a resume's cut, duplicates, flags and filters,
# settings, the merge) and check_datagen_cli (loa-datagen end to end with
# loa-ab: the same file whatever the concurrency, kill -9 and resume,
# shards merged, filters, bad input).
if(NOT TARGET loa_datagen)
  return()
endif()
loa_add_suite(datagen LIBS loa_datagen loa_util loa TIMEOUT 60)
if(NOT TARGET loa-ab)
  message(STATUS "check_datagen_cli skipped: the bots component is not built")
  return()
endif()
loa_add_suite(datagen_cli LIBS loa_datagen loa_util loa TIMEOUT 600)
add_dependencies(check_datagen_cli loa-datagen loa-ab)
set_tests_properties(datagen_cli PROPERTIES PROCESSORS 2)
# loa-datagen --protocol codingame (the referee, the metrics): scores checked
# against loa-referee's record of the same games.
loa_add_suite(datagen_codingame LIBS loa_datagen loa_util loa TIMEOUT 300)
add_dependencies(check_datagen_codingame loa-datagen loa-ab loa-mcts loa-referee)
set_tests_properties(datagen_codingame PROPERTIES PROCESSORS 2)
# The value network's programs (issue 46): loa-nn (bots/tools/nn, built
# with the data generation's reader), loa-ab --eval nn, and the network
# bot's bundle (examples/nn/bot.c) compiled alone and played.
if(TARGET loa-nn)
  loa_add_suite(nn_tools LIBS loa_datagen loa_util loa TIMEOUT 400)
  add_dependencies(check_nn_tools loa-nn loa-ab)
  # its local build links the SDK's library: a sanitizer's must link its runtime
  target_compile_definitions(check_nn_tools PRIVATE LOA_SAN_FLAGS="${_sdk_san_flags}")
  foreach(tool loa-referee loa-bundle)
    if(TARGET ${tool})
      add_dependencies(check_nn_tools ${tool})
    endif()
  endforeach()
endif()
