# `cmake --install build --prefix P` lays pacer out as:
#   P/bin/pacer                         the program
#   P/lib/libpacer.so                   the library; P/lib/pacer/ its modules
#                                       (Clang, dlib, MPI) and helper programs
#   P/include/pacer/...                 the public headers, as in the source tree
#   P/share/pacer/hw, examples          shipped descriptions and examples
#   P/lib/cmake/pacer/                  the CMake package: find_package(pacer)
include(CMakePackageConfigHelpers)
set(PACER_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/pacer)

install(TARGETS pacer RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS pacer_lib pacer_omp_schedule EXPORT pacerTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/pacer ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS pacer_clang_module pacer_dlib_module pacer_mpi_module LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/pacer)
install(TARGETS pingpong RUNTIME DESTINATION ${CMAKE_INSTALL_LIBDIR}/pacer)

# The public headers: not the Clang module's internals (they need Clang's
# headers) nor the XML readers' (pugixml's).
foreach(dir framework resource_models templates frontends studies hw/calibrate)
  install(DIRECTORY ${dir}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/pacer/${dir}
          FILES_MATCHING PATTERN "*.hpp" PATTERN "include" EXCLUDE
          PATTERN "seg_builder.hpp" EXCLUDE PATTERN "construct_counter.hpp" EXCLUDE
          PATTERN "trip_count.hpp" EXCLUDE PATTERN "xml_source.hpp" EXCLUDE)
endforeach()
install(FILES templates/include/pacer/omp_schedule.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/pacer)

install(DIRECTORY hw/ DESTINATION ${CMAKE_INSTALL_DATADIR}/pacer/hw
        FILES_MATCHING PATTERN "*.xml" PATTERN "*.csv" PATTERN "calibrate" EXCLUDE)
install(DIRECTORY examples/ DESTINATION ${CMAKE_INSTALL_DATADIR}/pacer/examples
        PATTERN "CMakeLists.txt" EXCLUDE)

install(EXPORT pacerTargets NAMESPACE pacer:: DESTINATION ${PACER_CMAKE_DIR})
configure_package_config_file(cmake/pacerConfig.cmake.in ${CMAKE_BINARY_DIR}/pacerConfig.cmake
                              INSTALL_DESTINATION ${PACER_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/pacerConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/pacerConfig.cmake ${CMAKE_BINARY_DIR}/pacerConfigVersion.cmake
        DESTINATION ${PACER_CMAKE_DIR})
