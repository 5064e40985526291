# loa-bundle: include resolution on fixtures (check_bundle), and every
# bundled bot of bots/CMakeLists.txt bundled, compiled alone and compared
# with the original (check_bundle_bots: the bots and their sources from
# bot_sources.h, which bots/ generates; without bots/ there is none).
if(TARGET loa_bundler)
  loa_add_suite(bundle SOURCES LIBS loa_bundler loa TIMEOUT 240)
  add_dependencies(check_bundle loa-bundle)
  # --embed (issue 46): the counting rule and the encoding (internal:
  # bundle/ as an include directory), round trips through gcc and clang.
  loa_add_suite(bundle_embed LIBS loa_bundler TIMEOUT 300)
  target_include_directories(check_bundle_embed PRIVATE ${PROJECT_SOURCE_DIR}/bundle)
  add_dependencies(check_bundle_embed loa-bundle)
  if(TARGET loa_bot_sources)
    loa_add_suite(bundle_bots LIBS loa_bundler loa_bot_sources loa TIMEOUT 240)
    add_dependencies(check_bundle_bots loa-bundle)
  endif()
  # The bots it compares with (whatever bots/ defines, when it is
  # configured: a directory never added has no properties), and the referee.
  if(TARGET loa_bot_sources)
    get_directory_property(bundle_bot_targets DIRECTORY ${PROJECT_SOURCE_DIR}/bots
                           BUILDSYSTEM_TARGETS)
  endif()
  foreach(t ${bundle_bot_targets} loa-referee)
    if(TARGET ${t} AND t MATCHES "^loa-")
      add_dependencies(check_bundle ${t})
      if(TARGET check_bundle_bots)
        add_dependencies(check_bundle_bots ${t})
      endif()
    endif()
  endforeach()
  # Sizes, pruning and the limit (the pruning functions are internal: the
  # suite sees bundle/ as an include directory).
  if(TARGET loa-ab AND TARGET loa-random AND TARGET loa-referee)
    loa_add_suite(bundle_size LIBS loa_bundler loa_bot_sources TIMEOUT 240)
    target_include_directories(check_bundle_size PRIVATE ${PROJECT_SOURCE_DIR}/bundle)
    add_dependencies(check_bundle_size loa-bundle loa-ab loa-random loa-referee)
  endif()
endif()
