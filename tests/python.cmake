# The Python package's tests (python/tests/, unittest) against the built
# extension, with the interpreter CMake found (the system's first: see the
# root CMakeLists.txt). python_sdk_dump is the C SDK's side of test_agree.
add_executable(python_sdk_dump python_sdk_dump.c)
loa_target_setup(python_sdk_dump)
target_link_libraries(python_sdk_dump PRIVATE loa)
add_test(NAME python COMMAND ${Python3_EXECUTABLE} -m unittest discover -s
                             ${PROJECT_SOURCE_DIR}/python/tests -t ${PROJECT_SOURCE_DIR}/python/tests)
set(python_test_env "PYTHONPATH=${LOA_PYTHON_DIR};LOA_SDK_DUMP=$<TARGET_FILE:python_sdk_dump>;PYTHONDONTWRITEBYTECODE=1")
# loa.datagen's test (test_datagen.py) generates a file with loa-datagen and
# loa-ab and compares every record with the C reader's (python_datagen_dump);
# it is skipped when the datagen or bots component is not built.
if(TARGET loa-datagen AND TARGET loa-ab)
  add_executable(python_datagen_dump python_datagen_dump.c)
  loa_target_setup(python_datagen_dump)
  target_link_libraries(python_datagen_dump PRIVATE loa_datagen loa_util loa)
  add_dependencies(python_datagen_dump loa-datagen loa-ab)
  list(APPEND python_test_env "LOA_DATAGEN_DUMP=$<TARGET_FILE:python_datagen_dump>"
       "LOA_DATAGEN=$<TARGET_FILE:loa-datagen>")
endif()
set_tests_properties(python PROPERTIES TIMEOUT 300 ENVIRONMENT "${python_test_env}")

# The build without CMake (python/setup.py, what pip runs) still works.
add_test(NAME python_setup COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/python_setup_test.sh
                                   ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}
                                   ${CMAKE_CURRENT_BINARY_DIR}/python_setup)
set_tests_properties(python_setup PROPERTIES TIMEOUT 300)

# The network example's Python side (examples/nn/test_nn.py: symmetries, the
# split by game, the exporter's layout and refusals, the integer simulation,
# the quantization bound). Label nn.
add_test(NAME nn_unit COMMAND ${Python3_EXECUTABLE} -m unittest discover -s
                              ${PROJECT_SOURCE_DIR}/examples/nn -p test_*.py)
set_tests_properties(nn_unit PROPERTIES TIMEOUT 120 LABELS nn
                     ENVIRONMENT "PYTHONPATH=${LOA_PYTHON_DIR};PYTHONDONTWRITEBYTECODE=1")

# The network example's smoke path (examples/nn/run.sh --smoke, docs/nn.md):
# a small loa-datagen file, one epoch of PyTorch (python3-torch), export,
# compare with loa-nn eval, bundle, compile alone, one game; in a fresh
# directory each run. Label nn.
if(TARGET loa-datagen AND TARGET loa-ab AND TARGET loa-nn AND TARGET loa-bundle
   AND TARGET loa-referee)
  set(nn_smoke_dir ${CMAKE_CURRENT_BINARY_DIR}/nn_smoke)
  add_test(NAME nn_smoke COMMAND sh -c "rm -rf \"$1\" && exec sh \"$2\" --smoke --build \"$3\" --work \"$1\""
                                 nn_smoke ${nn_smoke_dir} ${PROJECT_SOURCE_DIR}/examples/nn/run.sh
                                 ${CMAKE_BINARY_DIR})
  set_tests_properties(nn_smoke PROPERTIES TIMEOUT 240 LABELS nn
                       ENVIRONMENT "PYTHON=${Python3_EXECUTABLE};PYTHONDONTWRITEBYTECODE=1")
endif()
