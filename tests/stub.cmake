# loa-stub: the parser (check_stub_parse), the emitters and golden files
# (check_stub_emit), the command line (check_stub_cli), and full games of
# every generated stub whose toolchain is installed (check_stub_play).
if(TARGET loa_stubgen)
  loa_add_suite(stub_parse SOURCES LIBS loa_stubgen TIMEOUT 60)
  loa_add_suite(stub_emit SOURCES LIBS loa_stubgen TIMEOUT 60)
  loa_add_suite(stub_cli SOURCES LIBS loa_stubgen loa TIMEOUT 60)
  add_dependencies(check_stub_cli loa-stub)

  # Each language builds three programs: with every toolchain installed
  # (Kotlin, Scala and Swift compile slowly) the suite takes minutes.
  loa_add_suite(stub_play SOURCES LIBS loa_stubgen loa::cjson TIMEOUT 900)
  add_dependencies(check_stub_play loa-stub)
  foreach(t loa-referee loa-first)
    if(TARGET ${t})
      add_dependencies(check_stub_play ${t})
    endif()
  endforeach()
endif()
