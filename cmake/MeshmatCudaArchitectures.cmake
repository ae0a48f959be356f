# MeshmatCudaArchitectures.cmake: the GPU architectures meshmat's .cu files are
# compiled for, decided before enable_language(CUDA) (included from the root
# CMakeLists.txt once check_language(CUDA) found nvcc).
#
# Given by the user (-DCMAKE_CUDA_ARCHITECTURES=..., or the CUDAARCHS
# environment variable), that list wins: e.g. "native" (the GPUs of this
# machine), "90", "80;90", "all-major". Otherwise meshmat's default: real code
# (SASS) for one GPU of each generation from Turing (Volta before CUDA 13) to
# Hopper, and Hopper's PTX too, which the driver compiles for later GPUs
# (Blackwell) when a program first loads it:
#   CUDA 13 and newer:   75-real;80-real;90     (sm_75, sm_80, sm_90 + compute_90 PTX;
#                                                13 dropped sm_70)
#   CUDA 12.x and older: 70-virtual;75-real;80-real;90   (Volta runs from compute_70 PTX)
# ("90" alone is CMake's shorthand for 90-real + 90-virtual.) sm_86 and sm_89
# run sm_80's code (same major version, binary compatible), so they get no
# SASS of their own: each real architecture costs a full device compile of
# every .cu file; docs/install.md has the measured cost.
#
# "native" needs CMake 3.24; on 3.22 and 3.23 it is passed to nvcc itself
# (-arch=native, nvcc 11.6 and newer) with CMake's architecture handling off.

set(_mm_cuda_version "")
execute_process(COMMAND "${CMAKE_CUDA_COMPILER}" --version OUTPUT_VARIABLE _mm_nvcc_out
                ERROR_QUIET RESULT_VARIABLE _mm_nvcc_rc)
if(_mm_nvcc_rc EQUAL 0 AND _mm_nvcc_out MATCHES "release ([0-9]+)\\.([0-9]+)")
  set(_mm_cuda_version "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
endif()

if(_mm_cuda_version AND _mm_cuda_version VERSION_GREATER_EQUAL 13.0)
  set(MESHMAT_CUDA_ARCHITECTURES_DEFAULT "75-real;80-real;90")
else()
  set(MESHMAT_CUDA_ARCHITECTURES_DEFAULT "70-virtual;75-real;80-real;90")
endif()

if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES AND "$ENV{CUDAARCHS}" STREQUAL "")
  set(CMAKE_CUDA_ARCHITECTURES "${MESHMAT_CUDA_ARCHITECTURES_DEFAULT}" CACHE STRING
      "CUDA architectures (meshmat's default: ${MESHMAT_CUDA_ARCHITECTURES_DEFAULT}; or native, 90, 80;90, ...)")
endif()

if(CMAKE_VERSION VERSION_LESS 3.24)
  set(_mm_archs "${CMAKE_CUDA_ARCHITECTURES}")
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(_mm_archs "$ENV{CUDAARCHS}")
  endif()
  if(_mm_archs STREQUAL "native")
    # Normal variables shadowing the cache, so that "native" stays asked for.
    set(CMAKE_CUDA_ARCHITECTURES OFF)
    string(APPEND CMAKE_CUDA_FLAGS " -arch=native")
    set(_mm_archs "native (nvcc -arch=native)")
  endif()
endif()

if(_mm_archs MATCHES "nvcc -arch=native")
  message(STATUS "meshmat: CUDA ${_mm_cuda_version}, architectures ${_mm_archs}")
elseif(DEFINED CMAKE_CUDA_ARCHITECTURES)
  message(STATUS "meshmat: CUDA ${_mm_cuda_version}, architectures ${CMAKE_CUDA_ARCHITECTURES}")
else()
  message(STATUS "meshmat: CUDA ${_mm_cuda_version}, architectures $ENV{CUDAARCHS} (CUDAARCHS)")
endif()
unset(_mm_nvcc_out)
unset(_mm_nvcc_rc)
unset(_mm_archs)
