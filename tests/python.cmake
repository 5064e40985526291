# The Python package's tests (python/tests/, unittest) against the built
# extension, with the interpreter CMake found (the system's first: see the
# root CMakeLists.txt). python_sdk_dump is the C SDK's side of test_agree.
add_executable(python_sdk_dump python_sdk_dump.c)
loa_target_setup(python_sdk_dump)
target_link_libraries(python_sdk_dump PRIVATE loa)
add_test(NAME python COMMAND ${Python3_EXECUTABLE} -m unittest discover -s
                             ${PROJECT_SOURCE_DIR}/python/tests -t ${PROJECT_SOURCE_DIR}/python/tests)
set_tests_properties(python PROPERTIES TIMEOUT 300 ENVIRONMENT
  "PYTHONPATH=${LOA_PYTHON_DIR};LOA_SDK_DUMP=$<TARGET_FILE:python_sdk_dump>;PYTHONDONTWRITEBYTECODE=1")

# The build without CMake (python/setup.py, what pip runs) still works.
add_test(NAME python_setup COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/python_setup_test.sh
                                   ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}
                                   ${CMAKE_CURRENT_BINARY_DIR}/python_setup)
set_tests_properties(python_setup PROPERTIES TIMEOUT 300)
