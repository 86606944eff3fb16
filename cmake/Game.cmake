# meeple_game(DIR CLASS <Class> SOURCES <a.cpp>... [EMBED <symbol> <file>]...)
# declares the game in games/DIR: its library meeple_game_DIR (linking only
# core), its embedded data, its tests, and its entry in the generated list of
# games (games/game_list.h, see games/CMakeLists.txt). <Class> is the Game type
# in namespace meeple::DIR, declared in games/DIR/DIR.h. The release build
# compiles each game as one translation unit (a unity build), so splitting the
# rules into one file per section costs no inlining.
function(meeple_game dir)
  cmake_parse_arguments(PARSE_ARGV 1 G "" "CLASS" "SOURCES;EMBED")
  if(NOT G_CLASS OR NOT G_SOURCES)
    message(FATAL_ERROR "meeple_game(${dir}) needs CLASS and SOURCES")
  endif()
  set(target meeple_game_${dir})
  add_library(${target} STATIC ${G_SOURCES})
  target_link_libraries(${target} PUBLIC meeple_core)
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE BATCH
                                             UNITY_BUILD_BATCH_SIZE 0)
  list(LENGTH G_EMBED n)
  if(n GREATER 0)
    math(EXPR last "${n} - 1")
    foreach(i RANGE 0 ${last} 2)
      math(EXPR j "${i} + 1")
      list(GET G_EMBED ${i} symbol)
      list(GET G_EMBED ${j} file)
      meeple_embed(${target} ${symbol} ${file})
    endforeach()
  endif()
  set_property(GLOBAL APPEND PROPERTY MEEPLE_GAME_ENTRIES "${dir}:${G_CLASS}")
  meeple_game_tests(${dir})
endfunction()

# meeple_game_tests(DIR): the test executable meeple_<DIR>_tests of one game,
# from games/<DIR>/tests/*.cpp and the game's bot tests in bots/<DIR>/tests/
# (bot tests live with the bots: bots/ may use games, not the reverse).
function(meeple_game_tests dir)
  if(NOT MEEPLE_TESTS)
    return()
  endif()
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tests/*.cpp
       ${PROJECT_SOURCE_DIR}/bots/${dir}/tests/*.cpp)
  add_executable(meeple_${dir}_tests ${sources})
  target_link_libraries(meeple_${dir}_tests PRIVATE meeple_game_${dir} meeple_bots GTest::gtest_main)
  target_compile_options(meeple_${dir}_tests PRIVATE ${MEEPLE_TEST_COMPILE_OPTIONS})
  # The headers every test file of the game includes (gtest, and the game's
  # through its fixture), parsed once for the target: about 2 s of each
  # file's 4.4 s (First Contact's), for one 8 s parse.
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/tests/fixture.h)
    target_precompile_headers(meeple_${dir}_tests PRIVATE <gtest/gtest.h>
                              ${CMAKE_CURRENT_SOURCE_DIR}/tests/fixture.h)
  endif()
  gtest_discover_tests(meeple_${dir}_tests DISCOVERY_TIMEOUT 60 NO_PRETTY_VALUES)
endfunction()
