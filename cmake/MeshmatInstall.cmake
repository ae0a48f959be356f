# MeshmatInstall.cmake: `cmake --install` rules (included from the root
# CMakeLists.txt when MESHMAT_INSTALL is on, the default at top level):
#   include/meshmat.h, include/meshmat/*.h     the public headers
#   lib/libmeshmat.a, lib/libmeshmat.so*       the static and shared libraries
#   bin/meshmat                                the command-line tool
#   lib/cmake/meshmat/                         find_package(meshmat): meshmatConfig.cmake,
#                                              its version file and meshmatTargets*.cmake
#                                              (meshmat::meshmat, meshmat::meshmat_static)
#   lib/pkgconfig/meshmat.pc                   pkg-config
# (lib is CMAKE_INSTALL_LIBDIR, GNUInstallDirs.) docs/install.md says how to use them.
include(CMakePackageConfigHelpers)

# Installed libmeshmat.so and bin/meshmat find libnvrtc through their RUNPATH:
# the CUDA toolkit's library folder (named explicitly: it is one of nvcc's
# implicit link folders, which CMake leaves out of rpaths), and any other
# folder outside the system's that they link from. Where ld.so.conf lists the
# toolkit (as here) it is found either way.
set_target_properties(meshmat_shared meshmat PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
if(MESHMAT_HAVE_CUDA)
  set_target_properties(meshmat_shared meshmat PROPERTIES INSTALL_RPATH "${CUDAToolkit_LIBRARY_DIR}")
endif()

install(FILES include/meshmat.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT devel)
install(DIRECTORY include/meshmat DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT devel
        FILES_MATCHING PATTERN "*.h")
install(TARGETS meshmat_shared meshmat_static EXPORT meshmatTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime
                NAMELINK_COMPONENT devel
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT devel
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
install(TARGETS meshmat RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)

set(MESHMAT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/meshmat)
install(EXPORT meshmatTargets NAMESPACE meshmat:: DESTINATION ${MESHMAT_CMAKE_DIR}
        COMPONENT devel)

# The static library's dependencies, as the config's comment and the .pc's
# Libs.private spell them.
set(MESHMAT_PC_LIBS_PRIVATE "")
set(MESHMAT_CUDA_ROOT "")
if(MESHMAT_HAVE_CUDA)
  get_filename_component(MESHMAT_CUDA_ROOT "${CUDAToolkit_BIN_DIR}" DIRECTORY)
endif()
set(MESHMAT_CONFIG_DEPS_TEXT "libm")
if(MESHMAT_HAVE_CUDA)
  # CUDA::cudart_static: libcudart_static.a, which needs libdl, librt and
  # pthreads (FindCUDAToolkit's CUDA::cudart_static_deps); CUDA::nvrtc: libnvrtc.so.
  string(APPEND MESHMAT_PC_LIBS_PRIVATE
         "-L${CUDAToolkit_LIBRARY_DIR} -Wl,-rpath,${CUDAToolkit_LIBRARY_DIR} -lcudart_static -lnvrtc")
  foreach(lib ${CMAKE_DL_LIBS} rt)
    string(APPEND MESHMAT_PC_LIBS_PRIVATE " -l${lib}")
  endforeach()
  string(APPEND MESHMAT_PC_LIBS_PRIVATE " -pthread")
  foreach(lib ${MESHMAT_CXX_RUNTIME})
    string(APPEND MESHMAT_PC_LIBS_PRIVATE " -l${lib}")
  endforeach()
  string(APPEND MESHMAT_CONFIG_DEPS_TEXT ", CUDA::cudart_static (with libdl, librt, pthreads), "
         "CUDA::nvrtc, ${MESHMAT_CXX_RUNTIME}")
endif()
if(MESHMAT_HAVE_OPENMP)
  string(APPEND MESHMAT_PC_LIBS_PRIVATE " ${OpenMP_C_FLAGS}")
  string(APPEND MESHMAT_CONFIG_DEPS_TEXT ", OpenMP::OpenMP_C (${OpenMP_C_FLAGS})")
endif()
string(APPEND MESHMAT_PC_LIBS_PRIVATE " -lm")
string(STRIP "${MESHMAT_PC_LIBS_PRIVATE}" MESHMAT_PC_LIBS_PRIVATE)

configure_package_config_file(cmake/meshmatConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/install/meshmatConfig.cmake
                              INSTALL_DESTINATION ${MESHMAT_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/install/meshmatConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/install/meshmatConfig.cmake
              ${PROJECT_BINARY_DIR}/install/meshmatConfigVersion.cmake
        DESTINATION ${MESHMAT_CMAKE_DIR} COMPONENT devel)

# meshmat.pc finds the prefix from where it lies (${pcfiledir}), so that
# `cmake --install build --prefix DIR` gives a right file for any DIR.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(MESHMAT_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
  set(MESHMAT_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH rel "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
  string(REGEX REPLACE "/$" "" rel "${rel}")
  set(MESHMAT_PC_PREFIX "\${pcfiledir}/${rel}")
  set(MESHMAT_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(MESHMAT_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(MESHMAT_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(cmake/meshmat.pc.in ${PROJECT_BINARY_DIR}/install/meshmat.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/install/meshmat.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT devel)
