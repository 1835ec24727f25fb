# cmake -DOUTPUT=FILE -DCOMMAND="prog;arg;..." -P ibatlas_run_to_file.cmake: runs COMMAND
# with its standard output into FILE, and fails the build when it fails (a redirection that
# does not depend on the build tool's shell).
execute_process(COMMAND ${COMMAND} OUTPUT_FILE ${OUTPUT} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE ${OUTPUT})
  message(FATAL_ERROR "${COMMAND}: ${status}")
endif()
