# The engine's two dependencies for the WebAssembly build: nlohmann-json and
# fmt (header-only), Debian's headers seen through an include folder of their
# own in the build tree. The system include folder as a whole is never put on
# Emscripten's path: its libc and C++ headers are the host's, not the ones
# Emscripten compiles against.
set(MEEPLE_WASM_INCLUDE ${PROJECT_BINARY_DIR}/wasm-include)
file(MAKE_DIRECTORY ${MEEPLE_WASM_INCLUDE})
foreach(dir nlohmann fmt)
  if(NOT EXISTS /usr/include/${dir})
    message(FATAL_ERROR "the wasm build needs /usr/include/${dir} (scripts/setup installs it)")
  endif()
  file(CREATE_LINK /usr/include/${dir} ${MEEPLE_WASM_INCLUDE}/${dir} SYMBOLIC)
endforeach()
add_library(meeple_wasm_deps INTERFACE)
target_include_directories(meeple_wasm_deps SYSTEM INTERFACE ${MEEPLE_WASM_INCLUDE})
target_compile_definitions(meeple_wasm_deps INTERFACE FMT_HEADER_ONLY)
add_library(nlohmann_json::nlohmann_json ALIAS meeple_wasm_deps)
add_library(fmt::fmt ALIAS meeple_wasm_deps)
# The engine throws and catches (a JSON parse error, a refused parameter):
# C++ exceptions are on, in every object and at the link.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)
