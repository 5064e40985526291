# loa-stub: parser, emitters and golden files (check_stub), and full games of
# every generated stub whose toolchain is installed (check_stub_play).
if(TARGET loa_stubgen)
  loa_add_suite(stub SOURCES LIBS loa_stubgen loa TIMEOUT 60)
  add_dependencies(check_stub loa-stub)

  loa_add_suite(stub_play SOURCES LIBS loa_stubgen loa::cjson TIMEOUT 240)
  add_dependencies(check_stub_play loa-stub)
  foreach(t loa-referee loa-first)
    if(TARGET ${t})
      add_dependencies(check_stub_play ${t})
    endif()
  endforeach()
endif()
